import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { mkdtemp, cp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranslationEntry } from '#schemas/translation';
import { CONFIG_SCHEMAS, SCHEMAS_DIR, schemaText } from '../../scripts/generate-schemas';
import { loadOrganizationSources, validateOrganizationFile } from '#server/seed/seed';
import { ConfigFileError, addFormats } from '#server/lib/json-validator';
import { PRODUCT_TRANSLATIONS_DIR, productTranslation } from '#server/modules/translations/product-translations';
import { CONFIG_DIR, ORGANIZATIONS_DIR } from '#server/paths';
import { createTestApp, type TestApp } from '../helpers/test-app';

const SUBDOMAINS = readdirSync(ORGANIZATIONS_DIR);
const jsonFiles = (dir: string): string[] =>
  existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.json')) : [];
const PRODUCT_LANGUAGES = jsonFiles(PRODUCT_TRANSLATIONS_DIR).map((name) => name.slice(0, -'.json'.length));

/** Every configuration file that names a generated schema, with the schema it must name. */
const FILES: Array<[file: string, schema: string]> = [
  ...SUBDOMAINS.map((sub): [string, string] => [
    path.join(ORGANIZATIONS_DIR, sub, 'organization.json'),
    'organization',
  ]),
  ...SUBDOMAINS.map((sub) => path.join(ORGANIZATIONS_DIR, sub, 'roles.json'))
    .filter((file) => existsSync(file))
    .map((file): [string, string] => [file, 'roles']),
  // Language layers: the organisations' own and the product's.
  ...SUBDOMAINS.flatMap((sub) =>
    jsonFiles(path.join(ORGANIZATIONS_DIR, sub, 'translations')).map((name): [string, string] => [
      path.join(ORGANIZATIONS_DIR, sub, 'translations', name),
      'configuration',
    ]),
  ),
  ...jsonFiles(PRODUCT_TRANSLATIONS_DIR).map((name): [string, string] => [
    path.join(PRODUCT_TRANSLATIONS_DIR, name),
    'configuration',
  ]),
  [path.join(CONFIG_DIR, 'default-configuration.json'), 'configuration'],
  // The region layers and their translations (decision 0034).
  ...jsonFiles(path.join(CONFIG_DIR, 'regions')).map((name): [string, string] => [
    path.join(CONFIG_DIR, 'regions', name),
    'configuration',
  ]),
];

const readJson = (file: string): Record<string, unknown> => JSON.parse(readFileSync(file, 'utf8'));

describe('configs/schemas (npm run schemas)', () => {
  it.each(Object.keys(CONFIG_SCHEMAS))('%s.schema.json is what the script generates', (name) => {
    const file = path.join(SCHEMAS_DIR, `${name}.schema.json`);
    expect(existsSync(file), `${file} is missing: run npm run schemas`).toBe(true);
    expect(readFileSync(file, 'utf8'), `${file} is stale: run npm run schemas`).toBe(schemaText(name));
  });

  it('holds no schema the script does not generate', () => {
    expect(readdirSync(SCHEMAS_DIR).sort()).toEqual(
      Object.keys(CONFIG_SCHEMAS)
        .map((n) => `${n}.schema.json`)
        .sort(),
    );
  });

  it.each(FILES)('%s names its schema by a relative path an editor resolves, and passes it', (file, name) => {
    const data = readJson(file);
    const ref = data.$schema;
    expect(typeof ref === 'string' && !path.isAbsolute(ref) && ref.startsWith('.')).toBe(true);
    // An editor resolves "$schema" against the file's own location.
    expect(path.resolve(path.dirname(file), ref as string)).toBe(path.join(SCHEMAS_DIR, `${name}.schema.json`));
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(readJson(path.join(SCHEMAS_DIR, `${name}.schema.json`)));
    expect(validate(data) ? [] : validate.errors).toEqual([]);
  });

  it('covers every organisation file and every language layer', () => {
    const names = (schema: string) => FILES.filter(([, name]) => name === schema).length;
    expect(names('organization')).toBe(SUBDOMAINS.length);
    expect(names('roles')).toBe(SUBDOMAINS.length);
    expect(names('configuration')).toBeGreaterThan(1 + PRODUCT_LANGUAGES.length);
  });

  it('the loader sets "$schema" aside: accepted, never in what is seeded', async () => {
    const acme = readJson(path.join(ORGANIZATIONS_DIR, 'acme', 'organization.json'));
    expect(acme.$schema).toBeDefined();
    expect(validateOrganizationFile(acme, 'acme')).not.toHaveProperty('$schema');
    const sources = await loadOrganizationSources();
    expect(sources.flatMap((s) => s.translations).length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(source.organization).not.toHaveProperty('$schema');
      expect(source.roles.length, `${source.file}: roles`).toBeGreaterThan(0);
      for (const role of source.roles) expect(role).not.toHaveProperty('$schema');
      for (const t of source.translations) expect(t.configuration).not.toHaveProperty('$schema');
    }
  });

  it('the product\'s translations are read without "$schema"', () => {
    expect(PRODUCT_LANGUAGES.length).toBeGreaterThan(0);
    for (const language of PRODUCT_LANGUAGES) {
      expect(readJson(path.join(PRODUCT_TRANSLATIONS_DIR, `${language}.json`)).$schema).toBeDefined();
      expect(productTranslation(language)).not.toHaveProperty('$schema');
    }
  });

  it('still refuses any other unknown key', () => {
    const acme = { ...readJson(path.join(ORGANIZATIONS_DIR, 'acme', 'organization.json')), $comment: 'x' };
    expect(() => validateOrganizationFile(acme, 'acme')).toThrow(/\$comment/);
  });

  it('still refuses any other unknown key in roles.json and in a translation', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'candid-schema-'));
    try {
      await cp(path.join(ORGANIZATIONS_DIR, 'acme'), path.join(dir, 'acme'), { recursive: true });
      const roles = path.join(dir, 'acme', 'roles.json');
      await writeFile(roles, JSON.stringify({ ...readJson(roles), $comment: 'x' }));
      const cy = path.join(dir, 'acme', 'translations', 'cy.json');
      await writeFile(cy, JSON.stringify({ ...readJson(cy), $comment: 'x' }));
      const error = await loadOrganizationSources(dir).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigFileError);
      const problems = (error as ConfigFileError).problems;
      expect(problems).toContainEqual(expect.stringMatching(/acme\/roles\.json: .*\$comment/));
      expect(problems).toContainEqual(expect.stringMatching(/translations\/cy\.json: .*\$comment/));
      expect(problems.join('\n')).not.toMatch(/\$schema/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('what is served', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it.each(SUBDOMAINS)('%s: the language layers are served without "$schema"', async (subdomain) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/public/translation?subdomain=${subdomain}` });
    expect(res.statusCode).toBe(200);
    const entries = res.json<TranslationEntry[]>();
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry.configuration).not.toHaveProperty('$schema');
  });
});
