import { organizationChanged } from '../../lib/public-cache';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { NewOrganizationRow, OrganizationRecord } from '../../db/types';
import { isUuid } from '../../lib/uuid';

const RECORD_COLUMNS = [
  'id',
  'subdomain',
  'name',
  'product_type',
  'edition',
  'tier',
  'sector',
  'country_base',
  'rare_contact',
  'support_email',
  'theme_configuration',
  'default_configuration',
  'form_configuration',
  'settings',
  'additional_language_support',
  'stages',
  'logo_content_type',
  'status',
  'reference_lists',
  'audit_retention_days',
  'application_retention_days',
  'created_at',
  'updated_at',
] as const;

/**
 * Tenant resolution itself, so the one lookup that is not scoped by organization id: by
 * subdomain, or by id where a call names the organisation by id (spec §7 `:orgId`).
 */
export async function findOrganizationByKey(db: Db, key: string): Promise<OrganizationRecord | undefined> {
  const byId = isUuid(key);
  return db
    .selectFrom('organizations')
    .select(RECORD_COLUMNS)
    .where(byId ? 'id' : 'subdomain', '=', byId ? key.toLowerCase() : key)
    .executeTakeFirst();
}

export async function findOrganizationLogo(
  db: Db,
  organizationId: string,
): Promise<{ logo: Uint8Array; contentType: string } | undefined> {
  const row = await db
    .selectFrom('organizations')
    .select(['logo', 'logo_content_type'])
    .where('id', '=', organizationId)
    .executeTakeFirst();
  if (!row?.logo || !row.logo_content_type) return undefined;
  return { logo: row.logo, contentType: row.logo_content_type };
}

export async function insertOrganization(db: Db, row: NewOrganizationRow): Promise<OrganizationRecord> {
  return db.insertInto('organizations').values(row).returning(RECORD_COLUMNS).executeTakeFirstOrThrow();
}

/** Inserts unless the subdomain exists; an existing row is never touched. True when inserted. */
/** Sets an organisation's stages only where it has none yet (databases made before the pipeline). */
export async function fillMissingStages(db: Db, subdomain: string, stages: string): Promise<void> {
  const changed = await db
    .updateTable('organizations')
    .set({ stages })
    .where('subdomain', '=', subdomain)
    .where(sql<boolean>`stages = '[]'::jsonb`)
    .returning('id')
    .execute();
  for (const { id } of changed) await organizationChanged(db, id);
}

export async function insertOrganizationIfAbsent(db: Db, row: NewOrganizationRow): Promise<boolean> {
  const inserted = await db
    .insertInto('organizations')
    .values(row)
    .onConflict((oc) => oc.column('subdomain').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findOrganizationIds(db: Db, subdomains: readonly string[]): Promise<Map<string, string>> {
  if (subdomains.length === 0) return new Map();
  const rows = await db
    .selectFrom('organizations')
    .select(['id', 'subdomain'])
    .where('subdomain', 'in', subdomains)
    .execute();
  return new Map(rows.map((r) => [r.subdomain, r.id]));
}

export interface OrganizationSummary {
  id: string;
  name: string;
  subdomain: string;
}

/** Organisations by id (all of them when `ids` is null: platform admins belong to every one). */
export async function findOrganizationSummaries(db: Db, ids: readonly string[] | null): Promise<OrganizationSummary[]> {
  if (ids !== null && ids.length === 0) return [];
  let query = db.selectFrom('organizations').select(['id', 'name', 'subdomain']).orderBy('name');
  if (ids !== null) query = query.where('id', 'in', ids);
  return query.execute();
}
