import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  validateConfiguration,
  stageProblems,
  listFieldProblems,
  mergeConfigurations,
  regionLayer,
  type ValidateOptions,
} from '#engine';
import { withoutSchemaKey, type Configuration } from '#schemas/configuration';
import { OrganizationFile, REGIONS, type DemoUser } from '#schemas/organization';
import { RolesFile, type RoleFile } from '#schemas/role';
import { ConfigFileError, validateConfig } from '../lib/json-validator';
import {
  fillMissingStages,
  findOrganizationIds,
  insertOrganizationIfAbsent,
} from '../modules/organizations/organization.repository';
import { organizationStages } from '../modules/stages/stage-catalogue';
import { overProductDefault } from '../modules/forms/form.service';
import { insertRoleIfAbsent } from '../modules/roles/role.repository';
import { insertTranslationIfAbsent } from '../modules/translations/translation.repository';
import { findExistingEmails, insertUserIfAbsent } from '../modules/user-store/user.repository';
import { ORGANIZATIONS_DIR, REPO_ROOT } from '../paths';
import type { Db } from '../db/client';
import { seedDemoPipeline, type DemoPipelineResult } from './demo-pipeline';
import { organizationRow, roleRow, userRow, type OrganizationInput } from './factories';

/** A validated configs/organizations/<sub>/organization.json with its logo read. */
export interface OrganizationSource {
  /** Path relative to the repository, as messages show it. */
  file: string;
  organization: OrganizationInput;
  demoUsers: DemoUser[];
  /** translations/<language>.json beside organization.json: the language layers. */
  translations: Array<{ languageCode: string; configuration: Configuration }>;
  /** roles.json beside organization.json: the demo roles. */
  roles: RoleFile[];
}

export interface SeedResult {
  organizationsCreated: string[];
  usersCreated: string[];
  /** References of the demo roles created, as `<subdomain>/<reference>`. */
  rolesCreated: string[];
}

const LOGO_TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png' };

/**
 * Checks one parsed organisation file (its `$schema` key set aside) against schemas OrganizationFile. Throws
 * ConfigFileError with lines like `configs/organizations/acme/organization.json: /tier must be one of ...`.
 */
export function validateOrganizationFile(value: unknown, file: string): OrganizationFile {
  return validateConfig<OrganizationFile>(OrganizationFile, withoutSchemaKey(value), file);
}

/**
 * Reads and validates every organisation folder. Collects the problems of all files before
 * throwing, so one start shows everything to fix.
 */
export async function loadOrganizationSources(dir: string = ORGANIZATIONS_DIR): Promise<OrganizationSource[]> {
  const folders = (await readdir(dir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
  const sources: OrganizationSource[] = [];
  const problems: string[] = [];
  const emails = new Map<string, string>();
  // The region layers (configs/regions/<countryBase>.json) sit on the product default alone.
  for (const region of REGIONS)
    problems.push(
      ...configurationProblems(regionLayer(region), `configs/regions/${region}.json: `, {
        beneath: overProductDefault(),
      }),
    );

  for (const folder of folders.sort()) {
    const absolute = path.join(dir, folder, 'organization.json');
    const file = path.relative(REPO_ROOT, absolute).split(path.sep).join('/');
    try {
      const data = validateOrganizationFile(JSON.parse(await readFile(absolute, 'utf8')), file);
      if (data.subdomain !== folder) problems.push(`${file}: /subdomain must equal its folder name '${folder}'`);
      for (const user of data.demoUsers) {
        const other = emails.get(user.email.toLowerCase());
        if (other) problems.push(`${file}: /demoUsers email '${user.email}' is already used in ${other}`);
        emails.set(user.email.toLowerCase(), file);
      }
      const logoPath = path.join(dir, folder, data.logo);
      const bytes = await readFile(logoPath).catch(() => null);
      if (!bytes) problems.push(`${file}: /logo file '${data.logo}' not found beside organization.json`);
      // The default layer may name the form layer's custom questions; each layer is checked over those beneath it:
      // the product default and the region's layer (decision 0034) first.
      const region = regionLayer(data.countryBase);
      const knownCustomIds = (data.formConfiguration.custom ?? []).map((q) => q.id);
      problems.push(
        ...configurationProblems(data.defaultConfiguration, `${file}: /defaultConfiguration`, {
          knownCustomIds,
          beneath: overProductDefault(region),
        }),
        ...configurationProblems(data.formConfiguration, `${file}: /formConfiguration`, {
          beneath: overProductDefault(region, data.defaultConfiguration),
        }),
      );
      const beneath = overProductDefault(region, data.defaultConfiguration, data.formConfiguration);
      problems.push(...stageProblems(organizationStages(data.stages)).map((p) => `${file}: /stages ${p}`));
      const translations = await loadTranslations(
        path.join(dir, folder, 'translations'),
        file,
        data,
        beneath,
        problems,
      );
      const roles = await loadRoles(
        path.join(dir, folder, 'roles.json'),
        `${path.dirname(file)}/roles.json`,
        data,
        beneath,
        problems,
      );
      const { logo: _logo, demoUsers, ...rest } = data;
      const contentType = LOGO_TYPES[path.extname(data.logo)] ?? 'application/octet-stream';
      sources.push({
        file,
        organization: { ...rest, logo: bytes && { bytes, contentType } },
        demoUsers,
        translations,
        roles,
      });
    } catch (error) {
      if (error instanceof ConfigFileError) problems.push(...error.problems);
      else if (error instanceof SyntaxError) problems.push(`${file}: is not valid JSON (${error.message})`);
      else throw error;
    }
  }
  if (problems.length > 0) throw new ConfigFileError(problems);
  return sources;
}

/** The configuration engine's checks (references to fields, sections, lists…), as file problems. */
function configurationProblems(configuration: unknown, at: string, options: ValidateOptions): string[] {
  const check = validateConfiguration(configuration, options);
  return check.valid ? [] : check.problems.map((p) => `${at}${p.path === '/' ? '' : p.path} ${p.message}`);
}

async function loadTranslations(
  dir: string,
  file: string,
  organization: OrganizationFile,
  beneath: Configuration,
  problems: string[],
): Promise<OrganizationSource['translations']> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const languages = new Set(organization.additionalLanguageSupport.map((l) => l.code));
  const translations: OrganizationSource['translations'] = [];
  for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
    const languageCode = name.slice(0, -'.json'.length);
    const where = `${path.dirname(file)}/translations/${name}`;
    if (!languages.has(languageCode)) {
      problems.push(`${where}: '${languageCode}' is not in /additionalLanguageSupport of ${file}`);
      continue;
    }
    try {
      const parsed: unknown = JSON.parse(await readFile(path.join(dir, name), 'utf8'));
      const configuration = withoutSchemaKey(parsed) as Configuration;
      const found = configurationProblems(configuration, `${where}: `, { beneath });
      if (found.length) problems.push(...found);
      else translations.push({ languageCode, configuration });
    } catch (error) {
      if (error instanceof SyntaxError) problems.push(`${where}: is not valid JSON (${error.message})`);
      else throw error;
    }
  }
  return translations;
}

/**
 * The demo roles of an organisation (optional file, `{ "$schema", "roles": [...] }`): shape, configuration layers
 * (with the role's own custom questions), language layers of the organisation's languages, and listFields that
 * name known questions. Problems are collected like those of organization.json, at paths under /roles.
 */
async function loadRoles(
  absolute: string,
  file: string,
  organization: OrganizationFile,
  beneath: Configuration,
  problems: string[],
): Promise<RoleFile[]> {
  const text = await readFile(absolute, 'utf8').catch(() => null);
  if (text === null) return [];
  let roles: RoleFile[];
  try {
    roles = validateConfig<RolesFile>(RolesFile, withoutSchemaKey(JSON.parse(text)), file).roles;
  } catch (error) {
    if (error instanceof ConfigFileError) problems.push(...error.problems);
    else if (error instanceof SyntaxError) problems.push(`${file}: is not valid JSON (${error.message})`);
    else throw error;
    return [];
  }
  const languages = new Set(organization.additionalLanguageSupport.map((l) => l.code));
  const references = new Set<string>();
  roles.forEach((role, i) => {
    const at = `${file}: /roles/${i}`;
    if (references.has(role.reference)) problems.push(`${at}/reference '${role.reference}' is used twice`);
    references.add(role.reference);
    if (role.formConfiguration)
      problems.push(...configurationProblems(role.formConfiguration, `${at}/formConfiguration`, { beneath }));
    const withRole = mergeConfigurations(beneath, role.formConfiguration);
    for (const [language, layer] of Object.entries(role.jsonConfigurations ?? {})) {
      if (!languages.has(language))
        problems.push(`${at}/jsonConfigurations/${language} is not in /additionalLanguageSupport of the organisation`);
      problems.push(...configurationProblems(layer, `${at}/jsonConfigurations/${language}`, { beneath: withRole }));
    }
    const customIds = (withRole.custom ?? []).map((q) => q.id);
    for (const problem of listFieldProblems(role.template.viewConfiguration.listFields, customIds))
      problems.push(`${at}/template${problem.path} ${problem.message}`);
  });
  return roles;
}

/**
 * Inserts the organisations, translations, demo users and demo roles that do not exist yet. Existing rows are never
 * updated, so edits made in the running product survive restarts, and passwords are hashed
 * only for users being created, so a restart over a seeded database does no hashing.
 */
export async function seedOrganizations(db: Db, sources: readonly OrganizationSource[]): Promise<SeedResult> {
  const organizationsCreated: string[] = [];
  for (const source of sources) {
    const row = organizationRow(source.organization);
    if (await insertOrganizationIfAbsent(db, row)) organizationsCreated.push(source.organization.subdomain);
    // A database made before organisations had stages gets them from the file (later edits stay).
    else if (row.stages) await fillMissingStages(db, row.subdomain, row.stages);
  }

  const ids = await findOrganizationIds(
    db,
    sources.map((s) => s.organization.subdomain),
  );
  for (const source of sources) {
    const organizationId = ids.get(source.organization.subdomain);
    if (!organizationId) continue;
    for (const t of source.translations)
      await insertTranslationIfAbsent(db, organizationId, t.languageCode, t.configuration);
  }
  const existing = await findExistingEmails(
    db,
    sources.flatMap((s) => s.demoUsers.map((u) => u.email)),
  );
  const pending = sources.flatMap((source) =>
    source.demoUsers
      .filter((user) => !existing.has(user.email.toLowerCase()))
      .map((user) => ({ user, organizationId: ids.get(source.organization.subdomain) ?? null })),
  );
  // Hash concurrently (argon2 runs on libuv's thread pool), insert one by one.
  const rows = await Promise.all(
    pending.map(({ user, organizationId }) =>
      userRow({ ...user, organizationId, password: user.password, emailVerified: true }),
    ),
  );
  const usersCreated: string[] = [];
  for (const row of rows) {
    if (await insertUserIfAbsent(db, row)) usersCreated.push(row.email);
  }
  const rolesCreated: string[] = [];
  const now = new Date();
  for (const source of sources) {
    const organizationId = ids.get(source.organization.subdomain);
    if (!organizationId) continue;
    for (const role of source.roles) {
      if (await insertRoleIfAbsent(db, roleRow(organizationId, role, now)))
        rolesCreated.push(`${source.organization.subdomain}/${role.reference}`);
    }
  }
  return { organizationsCreated, usersCreated, rolesCreated };
}

export interface SeedOptions {
  dir?: string;
  /**
   * Also the demo pipeline (applications, history, scores, notes: decision 0016), as `npm start`
   * seeds it. Off by default: it adds seconds, and server tests make the applications they need.
   */
  pipeline?: boolean;
}

/** Loads configs/organizations and seeds them: what main.ts and the test database run. */
export async function seedDemoData(
  db: Db,
  options: SeedOptions = {},
): Promise<SeedResult & { pipeline?: DemoPipelineResult }> {
  const sources = await loadOrganizationSources(options.dir ?? ORGANIZATIONS_DIR);
  const seeded = await seedOrganizations(db, sources);
  if (!options.pipeline) return seeded;
  return {
    ...seeded,
    pipeline: await seedDemoPipeline(
      db,
      sources.map((s) => s.organization.subdomain),
    ),
  };
}
