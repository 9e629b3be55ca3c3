import { organizationChanged } from '../../lib/public-cache';
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, type Updateable } from 'kysely';
import type { RoleFilters, RoleStatus } from '#schemas/role';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like-pattern';
import type { Database, NewRoleRow, RoleRow, RolesTable } from '../../db/types';

/** A role as services read it; start_date as YYYY-MM-DD text (a date column, no time zone). */
export type RoleRecord = RoleRow;

const ROLE_COLUMNS = [
  'id',
  'organization_id',
  'reference',
  'name',
  'summary',
  'description',
  'role_type',
  'role_level',
  'department',
  'location',
  'work_type',
  'employment_type',
  'salary',
  'status',
  'deadline',
  'form_configuration',
  'json_configurations',
  'settings',
  'template',
  'created_at',
  'updated_at',
] as const;

const startDate = sql<string | null>`to_char(start_date, 'YYYY-MM-DD')`.as('start_date');

function selectRoles(db: Db, organizationId: string) {
  return db
    .selectFrom('roles')
    .select([...ROLE_COLUMNS, startDate])
    .where('organization_id', '=', organizationId);
}

export async function findRoleById(db: Db, organizationId: string, roleId: string): Promise<RoleRecord | undefined> {
  return selectRoles(db, organizationId).where('id', '=', roleId).executeTakeFirst();
}

type RoleTextColumn = 'name' | 'summary' | 'department' | 'location' | 'role_type' | 'role_level';
/** The text columns a role search term is looked for in (the managers' search adds the level). */
const PUBLIC_SEARCH_COLUMNS: readonly RoleTextColumn[] = ['name', 'summary', 'department', 'location', 'role_type'];

/** Any of `columns` contains `term`, case-insensitively. */
function textMatch(eb: ExpressionBuilder<Database, 'roles'>, term: string, columns: readonly RoleTextColumn[]) {
  const pattern = containsPattern(term);
  return eb.or(columns.map((column) => eb(column, 'ilike', pattern)));
}

function publicFilters(organizationId: string, filters: RoleFilters) {
  return (eb: ExpressionBuilder<Database, 'roles'>) => {
    const conditions = [eb('organization_id', '=', organizationId), eb('status', '=', 'ACTIVE')];
    if (filters.roleTypes?.length) conditions.push(eb('role_type', 'in', filters.roleTypes));
    if (filters.roleLevels?.length) conditions.push(eb('role_level', 'in', filters.roleLevels));
    if (filters.departments?.length) conditions.push(eb('department', 'in', filters.departments));
    if (filters.locations?.length) conditions.push(eb('location', 'in', filters.locations));
    if (filters.workTypes?.length) conditions.push(eb('work_type', 'in', filters.workTypes));
    const term = filters.searchTerm?.trim();
    if (term) conditions.push(textMatch(eb, term, PUBLIC_SEARCH_COLUMNS));
    return eb.and(conditions);
  };
}

/**
 * One page of an organisation's active roles matching the filters: open roles first, soonest
 * deadline first, then the closed ones; and how many match in all.
 */
export async function findRolePage(
  db: Db,
  organizationId: string,
  filters: RoleFilters,
  page: { offset: number; limit: number; now: Date },
): Promise<{ rows: RoleRecord[]; total: number }> {
  const closed = sql`(deadline is not null and deadline <= ${page.now})`;
  return rolePage(db, publicFilters(organizationId, filters), page, [
    sql`case when ${closed} then 1 else 0 end`,
    sql`deadline asc nulls last`,
  ]);
}

export type RoleValueColumn = 'department' | 'location' | 'role_type' | 'role_level' | 'employment_type';

/** The values one column takes across the organisation's active roles (filter options, reference lists). */
export async function findRoleValues(db: Db, organizationId: string, column: RoleValueColumn): Promise<string[]> {
  const rows = await db
    .selectFrom('roles')
    .select(column)
    .distinct()
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'ACTIVE')
    .orderBy(column)
    .execute();
  return rows.map((row) => row[column]);
}

/** The soonest future deadline of the organisation's active roles: when its public role list next changes by itself. */
export async function findNextDeadline(db: Db, organizationId: string, now: Date): Promise<Date | undefined> {
  const row = await db
    .selectFrom('roles')
    .select((eb) => eb.fn.min('deadline').as('next'))
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'ACTIVE')
    .where('deadline', '>', now)
    .executeTakeFirst();
  return row?.next ?? undefined;
}

/** The organisation's active roles by name (the ROLE reference list). */
export async function findActiveRoleNames(
  db: Db,
  organizationId: string,
): Promise<Array<{ id: string; name: string }>> {
  return db
    .selectFrom('roles')
    .select(['id', 'name'])
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'ACTIVE')
    .orderBy('name')
    .execute();
}

/** Inserts a demo role unless its reference exists in the organisation. True when inserted. */
export async function insertRoleIfAbsent(db: Db, row: NewRoleRow): Promise<boolean> {
  const inserted = await db
    .insertInto('roles')
    .values(row)
    .onConflict((oc) => oc.columns(['organization_id', 'reference']).where('reference', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) await organizationChanged(db, row.organization_id);
  return inserted !== undefined;
}

export async function insertRole(db: Db, row: NewRoleRow): Promise<RoleRecord> {
  const { id } = await db.insertInto('roles').values(row).returning('id').executeTakeFirstOrThrow();
  await organizationChanged(db, row.organization_id);
  return (await findRoleById(db, row.organization_id, id))!;
}

/* The hiring side's role list (GET /api/v1/roles) and role edits. */

export interface ManagerRoleFilters {
  status: RoleStatus;
  searchTerm?: string;
}

function managerFilters(organizationId: string, filters: ManagerRoleFilters) {
  return (eb: ExpressionBuilder<Database, 'roles'>) => {
    const conditions = [eb('organization_id', '=', organizationId), eb('status', '=', filters.status)];
    const term = filters.searchTerm?.trim();
    if (term) conditions.push(textMatch(eb, term, [...PUBLIC_SEARCH_COLUMNS, 'role_level']));
    return eb.and(conditions);
  };
}

/**
 * One page of an organisation's roles in one status: open roles first by soonest deadline (no
 * deadline last), then closed ones, most recently closed first; and how many match in all.
 */
export async function findManagerRolePage(
  db: Db,
  organizationId: string,
  filters: ManagerRoleFilters,
  page: { offset: number; limit: number; now: Date },
): Promise<{ rows: RoleRecord[]; total: number }> {
  const closed = sql`(deadline is not null and deadline <= ${page.now})`;
  return rolePage(db, managerFilters(organizationId, filters), page, [
    sql`case when ${closed} then 1 else 0 end`,
    sql`case when ${closed} then null else deadline end asc nulls last`,
    sql`deadline desc nulls last`,
  ]);
}

/** One page of the roles `where` selects, in `order` then by name and id; and how many it selects in all. */
async function rolePage(
  db: Db,
  where: (eb: ExpressionBuilder<Database, 'roles'>) => Expression<SqlBool>,
  page: { offset: number; limit: number },
  order: readonly RawBuilder<unknown>[],
): Promise<{ rows: RoleRecord[]; total: number }> {
  let query = db
    .selectFrom('roles')
    .select([...ROLE_COLUMNS, startDate])
    .where(where);
  for (const expression of order) query = query.orderBy(expression);
  const [rows, count] = await Promise.all([
    query.orderBy('name').orderBy('id').offset(page.offset).limit(page.limit).execute(),
    db
      .selectFrom('roles')
      .select(sql<number>`count(*)::int`.as('total'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/**
 * How many applications in the pipeline (submitted or withdrawn; never drafts) each of the roles
 * has per stage: one grouped query over the (organization_id, role_id, stage_id, …) index.
 */
export async function countApplicationsByRoleAndStage(
  db: Db,
  organizationId: string,
  roleIds: readonly string[],
): Promise<Array<{ roleId: string; stageId: number | null; total: number }>> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectFrom('applications')
    .select(['role_id', 'stage_id', sql<number>`count(*)::int`.as('total')])
    .where('organization_id', '=', organizationId)
    .where('role_id', 'in', roleIds)
    .where('state', '<>', 'DRAFT')
    .groupBy(['role_id', 'stage_id'])
    .execute();
  return rows.map((row) => ({ roleId: row.role_id, stageId: row.stage_id, total: Number(row.total) }));
}

/** Writes a role's edited columns (and updated_at); the row after, or undefined when it is not the organisation's. */
export async function updateRoleRow(
  db: Db,
  organizationId: string,
  id: string,
  patch: Updateable<RolesTable>,
): Promise<RoleRecord | undefined> {
  const updated = await db
    .updateTable('roles')
    .set({ ...patch, updated_at: sql<Date>`now()` })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  if (updated) await organizationChanged(db, organizationId);
  return updated ? findRoleById(db, organizationId, id) : undefined;
}
