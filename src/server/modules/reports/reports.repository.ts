import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/client';

/*
 * The report queries (decision 0048): every figure is aggregated in SQL (GROUP BY), one query
 * per table family, over the selected applications of one organisation: submitted or withdrawn
 * (never drafts), of the chosen roles (none: all), applied within the chosen days.
 */

export interface Selection {
  readonly organizationId: string;
  readonly roleIds: readonly string[];
  /** First day (UTC, YYYY-MM-DD), inclusive. */
  readonly from: string | null;
  /** Last day (UTC, YYYY-MM-DD), inclusive. */
  readonly to: string | null;
}

/**
 * The selected applications, as a SQL subquery: their id and applied_at, with `columns` (those a
 * report reads: the answers only for diversity, which are the widest).
 */
function selected(selection: Selection, columns: RawBuilder<unknown> = sql``): RawBuilder<unknown> {
  const roles = selection.roleIds.length
    ? sql`and a.role_id in (${sql.join(selection.roleIds.map((id) => sql`${id}::uuid`))})`
    : sql``;
  const from = selection.from ? sql`and a.applied_at >= ${selection.from}::date` : sql``;
  const to = selection.to ? sql`and a.applied_at < ${selection.to}::date + 1` : sql``;
  return sql`select a.id, a.applied_at ${columns}
    from applications a
    where a.organization_id = ${selection.organizationId}::uuid and a.state <> 'DRAFT' and a.applied_at is not null
      ${roles} ${from} ${to}`;
}

/** The stages each selected application has been in (moves undone are not counted). */
function reached(selection: Selection): RawBuilder<unknown> {
  return sql`select distinct h.application_id, h.to_stage_id as stage_id
    from stage_history h join sel s on s.id = h.application_id
    where h.organization_id = ${selection.organizationId}::uuid and h.undone_at is null`;
}

/** The ids among `ids` of the organisation's roles. */
export async function findOrganizationRoleIds(
  db: Db,
  organizationId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('roles')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function countApplications(db: Db, selection: Selection): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from (${selected(selection)}) s`.execute(db);
  return rows[0]?.n ?? 0;
}

export interface ReachedRow {
  dimension: string;
  value: string | null;
  stage_id: number;
  n: number;
}

/**
 * Applications by (dimension, value, stage reached). `values` is a lateral subquery over the
 * application `s` giving its (dimension, value) pairs: one per dimension for a single answer,
 * several for a list (university groups). The dimension `all` counts every application.
 */
async function reachedBy(
  db: Db,
  selection: Selection,
  columns: RawBuilder<unknown>,
  values: RawBuilder<unknown>,
): Promise<ReachedRow[]> {
  const { rows } = await sql<ReachedRow>`
    with sel as (${selected(selection, columns)}), reached as (${reached(selection)})
    select d.dimension, d.value, r.stage_id, count(*)::int as n
    from reached r join sel s on s.id = r.application_id
    cross join lateral (select 'all', 'all' union all ${values}) as d(dimension, value)
    group by d.dimension, d.value, r.stage_id`.execute(db);
  return rows;
}

/** The monitored characteristics (answers of the equal-opportunities section), by stage reached. */
export function diversityByStage(db: Db, selection: Selection, fields: readonly string[]): Promise<ReachedRow[]> {
  const pairs = fields.map((field) => sql`select ${field}::text, nullif(s.answers ->> ${field}, '')`);
  return reachedBy(db, selection, sql`, a.answers`, sql.join(pairs, sql` union all `));
}

/** School type and the school's performance band (quarter of school_percentile), by stage reached. */
export function schoolByStage(db: Db, selection: Selection): Promise<ReachedRow[]> {
  return reachedBy(
    db,
    selection,
    sql`, a.school_type, a.school_percentile`,
    sql`select 'schoolType', s.school_type
      union all select 'schoolBand', case when s.school_percentile is null then null
        else least(3, floor(s.school_percentile / 25))::int::text end`,
  );
}

/** University groups (an application in several, or none) and universities, by stage reached. */
export function universityByStage(db: Db, selection: Selection): Promise<ReachedRow[]> {
  return reachedBy(
    db,
    selection,
    sql`, a.university_name, a.university_groups`,
    sql`select 'universityGroup', g from unnest(s.university_groups) as g
      union all select 'university', s.university_name`,
  );
}

/** Where applications came from, by stage reached. */
export function sourceByStage(db: Db, selection: Selection): Promise<ReachedRow[]> {
  return reachedBy(db, selection, sql`, a.source`, sql`select 'source', nullif(s.source, '')`);
}

export interface GroupedRow {
  row: string | null;
  column: string;
  n: number;
}

/** Applications by source and month applied (YYYY-MM, UTC). */
export async function sourceByMonth(db: Db, selection: Selection): Promise<GroupedRow[]> {
  const { rows } = await sql<GroupedRow>`
    select nullif(s.source, '') as row, to_char(s.applied_at at time zone 'UTC', 'YYYY-MM') as column, count(*)::int as n
    from (${selected(selection, sql`, a.source`)}) s group by 1, 2`.execute(db);
  return rows;
}

/** Moves into the given stages (rejected, withdrew) by the stage they left. */
export async function exitsByStage(db: Db, selection: Selection, exitStages: readonly number[]): Promise<GroupedRow[]> {
  if (exitStages.length === 0) return [];
  const { rows } = await sql<GroupedRow>`
    with sel as (${selected(selection)})
    select h.from_stage_id::text as row, h.to_stage_id::text as column, count(distinct h.application_id)::int as n
    from stage_history h join sel s on s.id = h.application_id
    where h.organization_id = ${selection.organizationId}::uuid and h.undone_at is null
      and h.to_stage_id in (${sql.join(exitStages)}) and h.from_stage_id is not null
    group by 1, 2`.execute(db);
  return rows;
}

export interface DurationRow {
  key: string | null;
  n: number;
  mean_days: number | null;
  median_days: number | null;
}

/** Days spent in each stage: from the move into it to the next move to another stage (stays still open left out). */
export async function timeInStage(db: Db, selection: Selection): Promise<DurationRow[]> {
  const { rows } = await sql<DurationRow>`
    with sel as (${selected(selection)}), stays as (
      select h.to_stage_id, extract(epoch from (lead(h.created_at) over (
          partition by h.application_id order by h.created_at, h.id) - h.created_at)) / 86400 as days
      from stage_history h join sel s on s.id = h.application_id
      where h.organization_id = ${selection.organizationId}::uuid and h.undone_at is null
        and h.from_stage_id is distinct from h.to_stage_id)
    select to_stage_id::text as key, count(*)::int as n, avg(days)::float8 as mean_days,
      (percentile_cont(0.5) within group (order by days))::float8 as median_days
    from stays where days is not null group by 1`.execute(db);
  return rows;
}

export interface HireRow extends DurationRow {
  applications: number;
  /** The row over every source (1), or one source's (0). */
  overall: number;
}

/** Applications, hires and days from applying to the first move into a hired stage, by source. */
export async function timeToHireBySource(
  db: Db,
  selection: Selection,
  hiredStages: readonly number[],
): Promise<HireRow[]> {
  const hired = hiredStages.length ? sql`in (${sql.join(hiredStages)})` : sql`is null`;
  const { rows } = await sql<HireRow>`
    with sel as (${selected(selection, sql`, a.source`)}), hires as (
      select h.application_id, min(h.created_at) as at
      from stage_history h join sel s on s.id = h.application_id
      where h.organization_id = ${selection.organizationId}::uuid and h.undone_at is null and h.to_stage_id ${hired}
      group by h.application_id)
    select nullif(s.source, '') as key, grouping(nullif(s.source, ''))::int as overall, count(*)::int as applications, count(hires.at)::int as n,
      avg(extract(epoch from (hires.at - s.applied_at)) / 86400)::float8 as mean_days,
      (percentile_cont(0.5) within group (order by extract(epoch from (hires.at - s.applied_at)) / 86400))::float8
        as median_days
    from sel s left join hires on hires.application_id = s.id
    group by grouping sets ((nullif(s.source, '')), ())`.execute(db);
  return rows;
}
