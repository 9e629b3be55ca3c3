import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrganizationSources, validateOrganizationFile } from '#server/seed/seed';
import { ConfigFileError } from '#server/lib/json-validator';
import { ORGANIZATIONS_DIR } from '#server/paths';

const FILE = 'configs/organizations/acme/organization.json';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests write invalid values on purpose
type Editable = Record<string, any>;
let acme: Editable;

beforeAll(async () => {
  acme = JSON.parse(await readFile(path.join(ORGANIZATIONS_DIR, 'acme', 'organization.json'), 'utf8'));
});

/** The problems the validator reports for acme's file changed by `edit`. */
function problemsOf(edit: (file: Editable) => void): string[] {
  const file = structuredClone(acme);
  edit(file);
  try {
    validateOrganizationFile(file, FILE);
  } catch (error) {
    if (error instanceof ConfigFileError) return error.problems;
    throw error;
  }
  return [];
}

describe('organisation file validation', () => {
  it('accepts the shipped file', () => {
    expect(problemsOf(() => undefined)).toEqual([]);
  });

  it.each<[string, (file: Editable) => void, string]>([
    [
      'a bad colour',
      (f) => (f.themeConfiguration.headerBGcolour = 'red'),
      `${FILE}: /themeConfiguration/headerBGcolour must match pattern "^#[0-9a-fA-F]{6}$" (a colour as #rrggbb)`,
    ],
    [
      'an unknown region',
      (f) => (f.countryBase = 'EU'),
      `${FILE}: /countryBase must be one of 'UK', 'OZ', 'HK', 'GCC', 'OTHER'`,
    ],
    ['a missing name', (f) => delete f.name, `${FILE}: /name is required`],
    ['an unexpected key', (f) => (f.colour = 'blue'), `${FILE}: /colour is not allowed here`],
    [
      'a bad demo email',
      (f) => (f.demoUsers[0].email = 'nobody'),
      `${FILE}: /demoUsers/0/email must match format "email"`,
    ],
    [
      'a short password',
      (f) => (f.demoUsers[1].password = 'short'),
      `${FILE}: /demoUsers/1/password must NOT have fewer than 8 characters`,
    ],
    [
      'a logo width out of range',
      (f) => (f.themeConfiguration.logoWidth = 2),
      `${FILE}: /themeConfiguration/logoWidth must be >= 16 (logo width in CSS pixels)`,
    ],
  ])('names the file, the path and the expectation for %s', (_name, edit, message) => {
    expect(problemsOf(edit)).toEqual([message]);
  });

  it('reports every problem of a file at once', () => {
    const problems = problemsOf((f) => {
      f.tier = 'Gold';
      delete f.supportEmail;
      f.settings.gtmId = 'UA-1';
    });
    expect(problems).toHaveLength(3);
    expect(problems).toContain(`${FILE}: /supportEmail is required`);
    expect(problems).toContainEqual(expect.stringMatching(/\/tier must be one of 'Bar', 'Tier 1'/));
    expect(problems).toContainEqual(expect.stringMatching(/\/settings\/gtmId must match pattern/));
  });
});

describe('loading configs/organizations', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'candid-orgs-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('loads the five demo organisations with their logos', async () => {
    const sources = await loadOrganizationSources();
    expect(sources.map((s) => s.organization.subdomain)).toEqual([
      'acme',
      'connect',
      'hartley',
      'meridian',
      'northbridge',
    ]);
    for (const source of sources) {
      expect(source.file).toBe(`configs/organizations/${source.organization.subdomain}/organization.json`);
      expect(source.organization.logo?.contentType).toBe('image/svg+xml');
      expect(Buffer.from(source.organization.logo!.bytes).toString('utf8')).toMatch(/^<svg/);
    }
  });

  it('collects the problems of every file, including folder, logo and JSON mistakes', async () => {
    await cp(path.join(ORGANIZATIONS_DIR, 'acme'), path.join(dir, 'acme'), { recursive: true });
    await cp(path.join(ORGANIZATIONS_DIR, 'connect'), path.join(dir, 'wrong-folder'), { recursive: true });
    await rm(path.join(dir, 'wrong-folder', 'logo.svg'));
    await cp(path.join(ORGANIZATIONS_DIR, 'hartley'), path.join(dir, 'broken'), { recursive: true });
    await writeFile(path.join(dir, 'broken', 'organization.json'), '{ "subdomain": ');

    const error = await loadOrganizationSources(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigFileError);
    const problems = (error as ConfigFileError).problems.join('\n');
    expect(problems).toMatch(/broken\/organization\.json: is not valid JSON/);
    expect(problems).toMatch(/wrong-folder\/organization\.json: \/subdomain must equal its folder name 'wrong-folder'/);
    expect(problems).toMatch(/wrong-folder\/organization\.json: \/logo file 'logo\.svg' not found/);
  });
});

describe('configuration layers and translations in configs/organizations', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'candid-config-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('loads acme with its own Welsh texts (the product translation carries the rest)', async () => {
    const acmeSource = (await loadOrganizationSources()).find((s) => s.organization.subdomain === 'acme')!;
    expect(acmeSource.translations.map((t) => t.languageCode)).toEqual(['cy']);
    expect(acmeSource.translations[0]!.configuration.text?.['field.whyAcme.label']).toBe(
      'Pam ydych chi eisiau ymuno ag Acme Consulting?',
    );
    expect(acmeSource.translations[0]!.configuration.text?.['field.firstName.label']).toBeUndefined();
  });

  it('rejects unknown fields, sections and lists, and translations of undeclared languages, naming each path', async () => {
    await cp(path.join(ORGANIZATIONS_DIR, 'acme'), path.join(dir, 'acme'), { recursive: true });
    const file = path.join(dir, 'acme', 'organization.json');
    const data = JSON.parse(await readFile(file, 'utf8'));
    data.formConfiguration.fields = { favouriteColour: false };
    data.formConfiguration.subsections = { hobbies: true };
    data.formConfiguration.custom.push({ id: 'planet', type: 'select', label: 'Planet', list: 'PLANETS' });
    await writeFile(file, JSON.stringify(data));
    await writeFile(path.join(dir, 'acme', 'translations', 'fr.json'), JSON.stringify({ text: { a: 'b' } }));
    await writeFile(
      path.join(dir, 'acme', 'translations', 'cy.json'),
      JSON.stringify({ required: { nonsense: false } }),
    );

    const error = await loadOrganizationSources(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigFileError);
    const problems = (error as ConfigFileError).problems;
    expect(problems).toContainEqual(
      expect.stringContaining(`/formConfiguration/fields/favouriteColour unknown field 'favouriteColour'`),
    );
    expect(problems).toContainEqual(
      expect.stringContaining(`/formConfiguration/subsections/hobbies unknown section 'hobbies'`),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(/\/formConfiguration\/custom\/3\/list unknown reference list 'PLANETS'/),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(/translations\/fr\.json: 'fr' is not in \/additionalLanguageSupport/),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(/translations\/cy\.json: \/required\/nonsense unknown field 'nonsense'/),
    );
  });
});

describe('demo roles in configs/organizations/<sub>/roles.json', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'candid-roles-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('loads every organisation’s roles: graduate and lateral, one closed, with per-role configuration', async () => {
    const sources = await loadOrganizationSources();
    const roles = sources.flatMap((s) => s.roles);
    expect(roles.length).toBeGreaterThanOrEqual(30);
    for (const source of sources)
      expect(
        source.roles.some((role) => role.deadlineInDays < 0),
        source.organization.subdomain,
      ).toBe(true);
    expect(roles.filter((role) => role.formConfiguration).length).toBeGreaterThan(5);
    expect(new Set(roles.map((role) => role.workType))).toEqual(new Set(['On-site', 'Remote', 'Hybrid']));
    expect(roles.every((role) => role.template.viewConfiguration.listFields.length > 0)).toBe(true);
  });

  it('rejects a bad role file, naming the file and the path of each problem', async () => {
    await cp(path.join(ORGANIZATIONS_DIR, 'acme'), path.join(dir, 'acme'), { recursive: true });
    const file = path.join(dir, 'acme', 'roles.json');
    const data = JSON.parse(await readFile(file, 'utf8'));
    const roles = data.roles;
    roles[0].workType = 'Office';
    roles[1].reference = roles[2].reference;
    roles[2].formConfiguration = { fields: { favouriteColour: false } };
    roles[3].jsonConfigurations = { fr: { text: {} } };
    roles[4].template.viewConfiguration.listFields.push({ id: 'shoeSize', candidateResponse: true });
    await writeFile(file, JSON.stringify(data));
    const error = await loadOrganizationSources(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigFileError);
    expect((error as ConfigFileError).problems).toContainEqual(
      expect.stringMatching(/acme\/roles\.json: \/roles\/0\/workType must be one of 'On-site', 'Remote', 'Hybrid'/),
    );

    roles[0].workType = 'Hybrid';
    await writeFile(file, JSON.stringify(data));
    const problems = ((await loadOrganizationSources(dir).catch((e: unknown) => e)) as ConfigFileError).problems;
    expect(problems).toContainEqual(expect.stringMatching(/roles\.json: \/roles\/2\/reference '.+' is used twice/));
    expect(problems).toContainEqual(
      expect.stringContaining(
        `roles.json: /roles/2/formConfiguration/fields/favouriteColour unknown field 'favouriteColour'`,
      ),
    );
    expect(problems).toContainEqual(
      expect.stringContaining('roles.json: /roles/3/jsonConfigurations/fr is not in /additionalLanguageSupport'),
    );
    expect(problems).toContainEqual(
      expect.stringContaining(
        "roles.json: /roles/4/template/viewConfiguration/listFields/6/id 'shoeSize' is not a known question",
      ),
    );
  });
});
