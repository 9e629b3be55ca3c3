import { organizationChanged } from '../../lib/public-cache';
import { sql } from 'kysely';
import type { OrganizationStatus } from '#schemas/vocabularies';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like-pattern';
import type { OrganizationRecord } from '../../db/types';
import { findOrganizationByKey } from '../organizations/organization.repository';

/*
 * Queries of the platform admin's organisation calls (issue 15 part A): the list, metadata updates,
 * the logo, the admin report, an organisation's managers and contacts. Every query on an
 * organisation's rows takes its id.
 */

export interface OrganizationListRow {
  id: string;
  name: string;
  subdomain: string;
  status: OrganizationStatus;
  edition: OrganizationRecord['edition'];
  product_type: OrganizationRecord['product_type'];
  tier: OrganizationRecord['tier'];
  country_base: OrganizationRecord['country_base'];
  created_at: Date;
}

const LIST_COLUMNS = [
  'id',
  'name',
  'subdomain',
  'status',
  'edition',
  'product_type',
  'tier',
  'country_base',
  'created_at',
] as const;

/** A page of organisations of one status whose name or subdomain contains the term, by name; and how many in all. */
export async function findOrganizationPage(
  db: Db,
  filters: { status: OrganizationStatus; searchTerm?: string },
  page: { offset: number; limit: number },
): Promise<{ rows: OrganizationListRow[]; total: number }> {
  const term = filters.searchTerm?.trim();
  const base = db
    .selectFrom('organizations')
    .where('status', '=', filters.status)
    .$if(Boolean(term), (q) =>
      q.where((eb) =>
        eb.or([
          eb(sql<string>`lower(name)`, 'like', containsPattern(term!)),
          eb('subdomain', 'like', containsPattern(term!)),
        ]),
      ),
    );
  const [rows, count] = await Promise.all([
    base
      .select(LIST_COLUMNS)
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function findAllOrganizations(
  db: Db,
): Promise<Array<{ id: string; name: string; subdomain: string; status: OrganizationStatus }>> {
  return db
    .selectFrom('organizations')
    .select(['id', 'name', 'subdomain', 'status'])
    .orderBy(sql`lower(name)`)
    .execute();
}

export async function subdomainTaken(db: Db, subdomain: string): Promise<boolean> {
  return (await findOrganizationByKey(db, subdomain)) !== undefined;
}

/** Writes the metadata columns given (jsonb ones as JSON text) and answers the organisation as it now is. */
export async function updateOrganizationRow(
  db: Db,
  organizationId: string,
  patch: Record<string, unknown>,
): Promise<OrganizationRecord> {
  await db
    .updateTable('organizations')
    .set({ ...patch, updated_at: sql`now()` } as never)
    .where('id', '=', organizationId)
    .execute();
  await organizationChanged(db, organizationId);
  return (await findOrganizationByKey(db, organizationId))!;
}

export async function setOrganizationLogo(
  db: Db,
  organizationId: string,
  logo: { bytes: Uint8Array; contentType: string },
): Promise<void> {
  await db
    .updateTable('organizations')
    .set({ logo: logo.bytes, logo_content_type: logo.contentType, updated_at: sql`now()` as never })
    .where('id', '=', organizationId)
    .execute();
  await organizationChanged(db, organizationId);
}

export async function hasLogo(db: Db, organizationId: string): Promise<boolean> {
  const row = await db
    .selectFrom('organizations')
    .select(sql<boolean>`logo is not null`.as('present'))
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return row?.present === true;
}

/* The admin report: one grouped count per subject. */

export async function countUsersByType(
  db: Db,
  organizationId: string,
): Promise<Array<{ user_type: string; total: number; deactivated: number }>> {
  const rows = await db
    .selectFrom('users')
    .select([
      'user_type',
      sql<number>`count(*)::int`.as('total'),
      sql<number>`count(deactivated_at)::int`.as('deactivated'),
    ])
    .where('organization_id', '=', organizationId)
    .where('anonymised_at', 'is', null)
    .groupBy('user_type')
    .orderBy('user_type')
    .execute();
  return rows.map((r) => ({ ...r, total: Number(r.total), deactivated: Number(r.deactivated) }));
}

export async function countRolesByStatus(
  db: Db,
  organizationId: string,
): Promise<Array<{ status: string; total: number }>> {
  const rows = await db
    .selectFrom('roles')
    .select(['status', sql<number>`count(*)::int`.as('total')])
    .where('organization_id', '=', organizationId)
    .groupBy('status')
    .orderBy('status')
    .execute();
  return rows.map((r) => ({ ...r, total: Number(r.total) }));
}

export async function countApplications(
  db: Db,
  organizationId: string,
): Promise<{ byState: Array<{ state: string; total: number }>; byStage: Array<{ stage_id: number; total: number }> }> {
  const [byState, byStage] = await Promise.all([
    db
      .selectFrom('applications')
      .select(['state', sql<number>`count(*)::int`.as('total')])
      .where('organization_id', '=', organizationId)
      .groupBy('state')
      .execute(),
    db
      .selectFrom('applications')
      .select(['stage_id', sql<number>`count(*)::int`.as('total')])
      .where('organization_id', '=', organizationId)
      .where('state', '!=', 'DRAFT')
      .where('stage_id', 'is not', null)
      .groupBy('stage_id')
      .execute(),
  ]);
  return {
    byState: byState.map((r) => ({ state: r.state, total: Number(r.total) })),
    byStage: byStage.map((r) => ({ stage_id: r.stage_id!, total: Number(r.total) })),
  };
}

/** The latest of: an application changed, a stage move, a sign-in (a session started). */
export async function lastActivity(db: Db, organizationId: string): Promise<Date | null> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('applications')
        .select(sql<Date>`max(updated_at)`.as('at'))
        .where('organization_id', '=', organizationId)
        .as('applications'),
      eb
        .selectFrom('stage_history')
        .select(sql<Date>`max(created_at)`.as('at'))
        .where('organization_id', '=', organizationId)
        .as('moves'),
      eb
        .selectFrom('session_families')
        .select(sql<Date>`max(created_at)`.as('at'))
        .where('organization_id', '=', organizationId)
        .as('sessions'),
    ])
    .executeTakeFirst();
  const times = [row?.applications, row?.moves, row?.sessions]
    .filter((value): value is Date => value !== null && value !== undefined)
    .map((value) => new Date(value));
  if (times.length === 0) return null;
  return new Date(Math.max(...times.map((d) => d.getTime())));
}

/* Managers of an organisation. */

export interface ManagerRow {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  user_type: 'HIRING_MANAGER' | 'HIRING_MANAGER_ADMIN';
  deactivated_at: Date | null;
  password_hash_set: boolean;
  created_at: Date;
}

function managers(db: Db, organizationId: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'first_name',
      'last_name',
      'user_type',
      'deactivated_at',
      sql<boolean>`password_hash is not null`.as('password_hash_set'),
      'created_at',
    ])
    .where('organization_id', '=', organizationId)
    .where('user_type', 'in', ['HIRING_MANAGER', 'HIRING_MANAGER_ADMIN'])
    .where('anonymised_at', 'is', null);
}

export async function findManagers(db: Db, organizationId: string): Promise<ManagerRow[]> {
  return (await managers(db, organizationId)
    .orderBy(sql`lower(email)`)
    .execute()) as ManagerRow[];
}

export async function findManager(db: Db, organizationId: string, userId: string): Promise<ManagerRow | undefined> {
  return (await managers(db, organizationId).where('id', '=', userId).executeTakeFirst()) as ManagerRow | undefined;
}

export async function updateManager(
  db: Db,
  organizationId: string,
  userId: string,
  patch: { user_type?: 'HIRING_MANAGER' | 'HIRING_MANAGER_ADMIN'; deactivated_at?: Date | null },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...patch, updated_at: sql`now()` as never })
    .where('organization_id', '=', organizationId)
    .where('id', '=', userId)
    .execute();
}

/** Hiring-side users of the organisation for reference lists (USERS, USERS_NO_ADMIN, ORGANIZATION_EMAIL). */
export async function findActiveManagers(
  db: Db,
  organizationId: string,
  options: { adminsToo: boolean; search?: string; limit: number },
): Promise<Array<{ id: string; email: string; first_name: string | null; last_name: string | null }>> {
  const types = options.adminsToo
    ? (['HIRING_MANAGER', 'HIRING_MANAGER_ADMIN'] as const)
    : (['HIRING_MANAGER'] as const);
  const term = options.search?.trim();
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name'])
    .where('organization_id', '=', organizationId)
    .where('user_type', 'in', types)
    .where('anonymised_at', 'is', null)
    .where('deactivated_at', 'is', null)
    .$if(Boolean(term), (q) =>
      q.where((eb) =>
        eb.or([
          eb(sql<string>`lower(email)`, 'like', containsPattern(term!)),
          eb(
            sql<string>`lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`,
            'like',
            containsPattern(term!),
          ),
        ]),
      ),
    )
    .orderBy(sql`lower(email)`)
    .limit(options.limit)
    .execute();
}

/* Contacts. */

export interface ContactRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  job_title: string | null;
  notes: string | null;
  created_at: Date;
  updated_at: Date;
}

const CONTACT_COLUMNS = ['id', 'name', 'email', 'phone', 'job_title', 'notes', 'created_at', 'updated_at'] as const;

export interface ContactValues {
  name: string;
  email: string | null;
  phone: string | null;
  job_title: string | null;
  notes: string | null;
}

export async function findContacts(db: Db, organizationId: string): Promise<ContactRow[]> {
  return db
    .selectFrom('organization_contacts')
    .select(CONTACT_COLUMNS)
    .where('organization_id', '=', organizationId)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

export async function findContact(db: Db, organizationId: string, id: string): Promise<ContactRow | undefined> {
  return db
    .selectFrom('organization_contacts')
    .select(CONTACT_COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertContact(db: Db, organizationId: string, values: ContactValues): Promise<ContactRow> {
  return db
    .insertInto('organization_contacts')
    .values({ organization_id: organizationId, ...values })
    .returning(CONTACT_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function updateContactRow(
  db: Db,
  organizationId: string,
  id: string,
  values: ContactValues,
): Promise<ContactRow | undefined> {
  return db
    .updateTable('organization_contacts')
    .set({ ...values, updated_at: sql`now()` as never })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returning(CONTACT_COLUMNS)
    .executeTakeFirst();
}
