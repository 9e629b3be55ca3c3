import type { ConfigurationSet } from '#schemas/studio';
import type { Configuration } from '#schemas/configuration';
import type { Db } from '../../db/client';
import { json } from '../../db/json';

export interface VersionRow {
  number: number;
  note: string;
  author: string | null;
  restoredFrom: number | null;
  createdAt: Date;
  configuration: ConfigurationSet;
}

const COLUMNS = [
  'v.number',
  'v.note',
  'v.restored_from',
  'v.created_at',
  'v.default_configuration',
  'v.form_configuration',
  'v.theme_configuration',
  'u.first_name',
  'u.last_name',
  'u.email',
] as const;

function versionQuery(db: Db, organizationId: string) {
  return db
    .selectFrom('configuration_versions as v')
    .leftJoin('users as u', 'u.id', 'v.author_id')
    .select(COLUMNS)
    .where('v.organization_id', '=', organizationId);
}

type Selected = Awaited<ReturnType<ReturnType<typeof versionQuery>['executeTakeFirstOrThrow']>>;

function toVersion(row: Selected): VersionRow {
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
  return {
    number: row.number,
    note: row.note,
    author: name || row.email || null,
    restoredFrom: row.restored_from,
    createdAt: row.created_at,
    configuration: {
      defaultConfiguration: row.default_configuration,
      formConfiguration: row.form_configuration,
      themeConfiguration: row.theme_configuration,
    },
  };
}

export async function findVersions(db: Db, organizationId: string): Promise<VersionRow[]> {
  const rows = await versionQuery(db, organizationId).orderBy('v.number', 'desc').execute();
  return rows.map(toVersion);
}

export async function findVersion(db: Db, organizationId: string, number: number): Promise<VersionRow | undefined> {
  const row = await versionQuery(db, organizationId).where('v.number', '=', number).executeTakeFirst();
  return row && toVersion(row);
}

/** The organisation's current version number and configurations, its row locked until the transaction ends. */
export async function lockCurrent(
  db: Db,
  organizationId: string,
): Promise<{ number: number; configuration: ConfigurationSet }> {
  const row = await db
    .selectFrom('organizations')
    .select(['configuration_version', 'default_configuration', 'form_configuration', 'theme_configuration'])
    .where('id', '=', organizationId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return {
    number: row.configuration_version,
    configuration: {
      defaultConfiguration: row.default_configuration,
      formConfiguration: row.form_configuration,
      themeConfiguration: row.theme_configuration,
    },
  };
}

export async function currentVersionNumber(db: Db, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('organizations')
    .select('configuration_version')
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return row.configuration_version;
}

export async function insertVersion(
  db: Db,
  organizationId: string,
  version: {
    number: number;
    configuration: ConfigurationSet;
    note: string;
    authorId: string | null;
    restoredFrom?: number;
  },
  options: { ifAbsent?: boolean } = {},
): Promise<void> {
  let query = db.insertInto('configuration_versions').values({
    organization_id: organizationId,
    number: version.number,
    default_configuration: json(version.configuration.defaultConfiguration),
    form_configuration: json(version.configuration.formConfiguration),
    theme_configuration: json(version.configuration.themeConfiguration),
    note: version.note,
    author_id: version.authorId,
    restored_from: version.restoredFrom ?? null,
  });
  if (options.ifAbsent) query = query.onConflict((oc) => oc.columns(['organization_id', 'number']).doNothing());
  await query.execute();
}

/** Makes a version the organisation's configuration. */
export async function setCurrent(
  db: Db,
  organizationId: string,
  number: number,
  configuration: ConfigurationSet,
): Promise<void> {
  await db
    .updateTable('organizations')
    .set({
      configuration_version: number,
      default_configuration: json(configuration.defaultConfiguration),
      form_configuration: json(configuration.formConfiguration),
      theme_configuration: json(configuration.themeConfiguration),
      updated_at: new Date(),
    })
    .where('id', '=', organizationId)
    .execute();
}

/**
 * The organisation's default and form layers of an earlier version, for an application started on it; undefined when
 * that version is the current one (or was never kept), so the current layers apply.
 */
export async function earlierLayers(
  db: Db,
  organizationId: string,
  number: number,
): Promise<{ defaultConfiguration: Configuration; formConfiguration: Configuration } | undefined> {
  const row = await db
    .selectFrom('configuration_versions as v')
    .innerJoin('organizations as o', 'o.id', 'v.organization_id')
    .select(['v.default_configuration', 'v.form_configuration'])
    .where('v.organization_id', '=', organizationId)
    .where('v.number', '=', number)
    .where('o.configuration_version', '<>', number)
    .executeTakeFirst();
  return row && { defaultConfiguration: row.default_configuration, formConfiguration: row.form_configuration };
}

/** Every role's own form layer, for the check that a new organisation configuration leaves them valid. */
export async function findRoleLayers(
  db: Db,
  organizationId: string,
): Promise<Array<{ id: string; name: string; formConfiguration: Configuration }>> {
  const rows = await db
    .selectFrom('roles')
    .select(['id', 'name', 'form_configuration'])
    .where('organization_id', '=', organizationId)
    .orderBy('name')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, formConfiguration: row.form_configuration }));
}
