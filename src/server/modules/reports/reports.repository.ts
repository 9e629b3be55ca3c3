import { sql, type RawBuilder } from 'kysely';
import { PI_BAND_LIMITS, type PiAtStage, type ReachedCount } from '#engine';
import { MONITORED_CHARACTERISTICS } from '#schemas/reports';
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
  /**
   * Where the applications are read from: the applications table, or a temporary copy of the columns the reports read
   * (a roll-up month's, read once for all its queries: reports-rollups.ts).
   */
  readonly applications?: 'applications' | typeof MONTH_APPLICATIONS;
}

/** The temporary table of one month's applications a roll-up refresh reads (reports-rollups.ts). */
export const MONTH_APPLICATIONS = 'report_refresh_applications';

/** Every column of applications the report queries read. */
export const REPORT_COLUMNS = [
  'id',
  'organization_id',
  'role_id',
  'state',
  'applied_at',
  'source',
  'stages_reached',
  'monitored_answers',
  'school_type',
  'school_percentile',
  'university_name',
  'university_groups',
  'average_percent',
  'contextual_flags',
  'performance_index',
] as const;

/**
 * The selected applications, as a SQL subquery: their id and applied_at, with `columns` (those a
 * report reads: the answers only for diversity, which are the widest).
 */
export function selected(selection: Selection, columns: RawBuilder<unknown> = sql``): RawBuilder<unknown> {
  const roles = selection.roleIds.length
    ? sql`and a.role_id in (${sql.join(selection.roleIds.map((id) => sql`${id}::uuid`))})`
    : sql``;
  // Days in UTC whatever the session's time zone, as the months of the roll-ups (migration 0030) are.
  const from = selection.from ? sql`and a.applied_at >= ${selection.from}::date::timestamp at time zone 'UTC'` : sql``;
  const to = selection.to ? sql`and a.applied_at < (${selection.to}::date + 1)::timestamp at time zone 'UTC'` : sql``;
  return sql`select a.id, a.applied_at ${columns}
    from ${sql.table(selection.applications ?? 'applications')} a
    where a.organization_id = ${selection.organizationId}::uuid and a.state <> 'DRAFT' and a.applied_at is not null
      ${roles} ${from} ${to}`;
}

/**
 * The stage history of the selected applications (`sel`), moves undone left out: each application's rows through the
 * history index. The selections read live are a few roles, or at most a month of the whole organisation (a roll-up
 * month, or a partial month at the edge of a date range: decision 0085), so tens of thousands of look-ups at most,
 * however large the organisation's history. `offset 0` keeps the planner from turning the look-ups into a hash join
 * over the organisation's whole history (1.6M entries at 1M applications: 0.65 s against 0.58 s for a half month).
 */
export function historyOf(selection: Selection): RawBuilder<unknown> {
  return sql`select s.id as application_id, h.to_stage_id, h.from_stage_id, h.created_at, h.id
    from sel s cross join lateral (
      select h.to_stage_id, h.from_stage_id, h.created_at, h.id from stage_history h
      where h.organization_id = ${selection.organizationId}::uuid and h.application_id = s.id
        and h.undone_at is null offset 0) h`;
}

/**
 * SET LOCAL for a report query's transaction: work_mem for its hash aggregates and sorts, and no JIT (compiling the
 * expressions of one query took about 90 ms of a few hundred at 1M).
 */
export async function reportSettings(trx: Db): Promise<void> {
  await sql`select set_config('work_mem', '64MB', true), set_config('jit', 'off', true)`.execute(trx);
}

/**
 * Runs one report query in a transaction of its own with work_mem raised for it (SET LOCAL), so its hash aggregates
 * and sorts over a million applications stay in memory; on PostgreSQL each takes its own pool connection, so the
 * queries of one report run side by side (PGlite has one connection: they queue).
 */
export async function run<R>(db: Db, query: RawBuilder<R>): Promise<R[]> {
  return db.transaction().execute(async (trx) => {
    await reportSettings(trx);
    return (await query.execute(trx)).rows;
  });
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

async function countApplications(db: Db, selection: Selection): Promise<number> {
  const rows = await run(db, sql<{ n: number }>`select count(*)::int as n from (${selected(selection)}) s`);
  return rows[0]?.n ?? 0;
}

export type ReachedRow = ReachedCount;

/** A dimension of a by-stage table: its name and its value for an application `a` (a text, or a list of texts). */
interface Dimension {
  readonly name: string;
  readonly value: RawBuilder<unknown>;
  /** The value is a list (an application in several groups, or none). */
  readonly list?: boolean;
}

/** The by-stage count families: which applications' dimensions each report counts by stage reached. */
export type ReachedFamily = 'diversity' | 'school' | 'university' | 'contextual' | 'source';

const piBand = sql.join(
  PI_BAND_LIMITS.map((limit) => sql`(a.performance_index >= ${sql.lit(limit)})::int`),
  sql` + `,
);

const REACHED_DIMENSIONS: Readonly<Record<ReachedFamily, readonly Dimension[]>> = {
  // The monitored characteristics, read from `monitored_answers` (migration 0028): the answers of
  // MONITORED_CHARACTERISTICS in that order (tests/server/report-columns.test.ts holds the migration's copy equal).
  diversity: MONITORED_CHARACTERISTICS.map((field, at) => ({
    name: field,
    value: sql`a.monitored_answers[${sql.lit(at + 1)}]`,
  })),
  // School type and the school's performance band (quarter of school_percentile).
  school: [
    { name: 'schoolType', value: sql`a.school_type` },
    {
      name: 'schoolBand',
      value: sql`case when a.school_percentile is null then null
        else least(3, floor(a.school_percentile / 25))::int::text end`,
    },
  ],
  // University groups (an application in several, or none) and universities.
  university: [
    { name: 'universityGroup', value: sql`a.university_groups`, list: true },
    { name: 'university', value: sql`a.university_name` },
  ],
  // Contextual flags (an application in several, or none: then one null value) and the Performance Index band (the
  // number of PI_BAND_LIMITS at or below the PI, as text; null without a PI).
  contextual: [
    {
      name: 'flag',
      value: sql`case when cardinality(a.contextual_flags) = 0 then array[null]::text[] else a.contextual_flags end`,
      list: true,
    },
    {
      name: 'performanceIndexBand',
      value: sql`case when a.performance_index is null then null else (${piBand})::text end`,
    },
  ],
  // Where applications came from.
  source: [{ name: 'source', value: sql`nullif(a.source, '')` }],
};

/**
 * Applications by (dimension, value, stage reached) of a family, the dimension `all` counting every
 * application. One pass over the applications: each one's stages reached is a column kept by
 * triggers (migration 0028, decision 0081); the applications are counted by their dimension values
 * and stage set (a few thousand groups at most), which are only then spread over dimensions and stages.
 * The counts add up over disjoint selections (the roll-ups of migration 0030 are these counts per month).
 */
export function reachedCounts(selection: Selection, family: ReachedFamily): RawBuilder<ReachedRow> {
  const dimensions = REACHED_DIMENSIONS[family];
  const columns = dimensions.map((dimension, i) => sql`, ${dimension.value} as ${sql.ref(`d${i}`)}`);
  const grouped = dimensions.map((_dimension, i) => sql.ref(`s.d${i}`));
  const pairs = dimensions.map((dimension, i) =>
    dimension.list
      ? sql`select ${dimension.name}::text, x from unnest(${sql.ref(`g.d${i}`)}) as x`
      : sql`select ${dimension.name}::text, ${sql.ref(`g.d${i}`)}`,
  );
  return sql<ReachedRow>`
    with sel as (${selected(selection, sql.join([...columns, sql`, a.stages_reached`], sql``))}),
    grouped as (
      select ${sql.join([...grouped, sql`s.stages_reached`])}, count(*)::int as n
      from sel s where cardinality(s.stages_reached) > 0
      group by ${sql.join([...grouped, sql`s.stages_reached`])})
    select d.dimension, d.value, r.stage_id::int as stage_id, sum(g.n)::int as n
    from grouped g cross join lateral unnest(g.stages_reached) as r(stage_id)
    cross join lateral (select 'all'::text, 'all'::text union all ${sql.join(pairs, sql` union all `)})
      as d(dimension, value)
    group by d.dimension, d.value, r.stage_id`;
}

/** A family's counts by stage reached over the selected applications. */
function reachedByStage(db: Db, selection: Selection, family: ReachedFamily): Promise<ReachedRow[]> {
  return run(db, reachedCounts(selection, family));
}

/** For each stage, the applications with a Performance Index that reached it, and its median and mean. */
async function performanceIndexByStage(db: Db, selection: Selection): Promise<PiAtStage[]> {
  return run(
    db,
    sql<PiAtStage>`
    with sel as (${selected(selection, sql`, a.performance_index, a.stages_reached`)})
    select r.stage_id::int as stage_id, count(*)::int as n,
      (percentile_cont(0.5) within group (order by s.performance_index))::float8 as median,
      avg(s.performance_index)::float8 as mean
    from sel s cross join lateral unnest(s.stages_reached) as r(stage_id)
    where s.performance_index is not null group by 1`,
  );
}

export interface MarkRow {
  university: string;
  n: number;
  mean: number | null;
  median: number | null;
}

/** Each university's applicants with an average mark, and the mean and median of their marks. */
async function marksByUniversity(db: Db, selection: Selection): Promise<MarkRow[]> {
  return run(
    db,
    sql<MarkRow>`
    select s.university_name as university, count(*)::int as n, avg(s.average_percent)::float8 as mean,
      (percentile_cont(0.5) within group (order by s.average_percent))::float8 as median
    from (${selected(selection, sql`, a.university_name, a.average_percent`)}) s
    where s.university_name is not null and s.average_percent is not null group by 1`,
  );
}

export interface GroupedRow {
  row: string | null;
  column: string;
  n: number;
}

/** Applications by source and month applied (YYYY-MM, UTC). */
async function sourceByMonth(db: Db, selection: Selection): Promise<GroupedRow[]> {
  return run(
    db,
    sql<GroupedRow>`
    select nullif(s.source, '') as row, to_char(s.applied_at at time zone 'UTC', 'YYYY-MM') as column, count(*)::int as n
    from (${selected(selection, sql`, a.source`)}) s group by 1, 2`,
  );
}

/** Moves into the given stages (rejected, withdrew) by the stage they left. */
async function exitsByStage(db: Db, selection: Selection, exitStages: readonly number[]): Promise<GroupedRow[]> {
  if (exitStages.length === 0) return [];
  return run(
    db,
    sql<GroupedRow>`
    with sel as (${selected(selection)}), history as (${historyOf(selection)})
    select from_stage_id::text as row, to_stage_id::text as column, count(distinct application_id)::int as n
    from history where to_stage_id in (${sql.join(exitStages)}) and from_stage_id is not null
    group by 1, 2`,
  );
}

export interface DurationRow {
  key: string | null;
  n: number;
  mean_days: number | null;
  median_days: number | null;
}

/**
 * The common table expressions up to `stays`: days spent in each stage (to_stage_id, days), from the move into it to
 * the next move to another stage (stays still open have null days).
 */
export function staysOf(selection: Selection, columns: RawBuilder<unknown> = sql``): RawBuilder<unknown> {
  return sql`sel as (${selected(selection, columns)}), history as (${historyOf(selection)}), stays as (
      select to_stage_id, extract(epoch from (lead(created_at) over (
          partition by application_id order by created_at, id) - created_at)) / 86400 as days
      from history where from_stage_id is distinct from to_stage_id)`;
}

/** Days spent in each stage: from the move into it to the next move to another stage (stays still open left out). */
async function timeInStage(db: Db, selection: Selection): Promise<DurationRow[]> {
  return run(
    db,
    sql<DurationRow>`
    with ${staysOf(selection)}
    select to_stage_id::text as key, count(*)::int as n, avg(days)::float8 as mean_days,
      (percentile_cont(0.5) within group (order by days))::float8 as median_days
    from stays where days is not null group by to_stage_id`,
  );
}

/**
 * The common table expressions up to `hires`: the selected applications (with their source) and when each hired one
 * first moved into a hired stage (application_id, at).
 */
export function hiresOf(selection: Selection, hiredStages: readonly number[]): RawBuilder<unknown> {
  const hired = hiredStages.length ? sql`in (${sql.join(hiredStages)})` : sql`is null`;
  return sql`sel as (${selected(selection, sql`, a.source`)}), history as (${historyOf(selection)}), hires as (
      select application_id, min(created_at) as at from history where to_stage_id ${hired} group by application_id)`;
}

export interface HireRow extends DurationRow {
  applications: number;
  /** The row over every source (1), or one source's (0). */
  overall: number;
}

/** Applications, hires and days from applying to the first move into a hired stage, by source. */
async function timeToHireBySource(db: Db, selection: Selection, hiredStages: readonly number[]): Promise<HireRow[]> {
  return run(
    db,
    sql<HireRow>`
    with ${hiresOf(selection, hiredStages)}
    select nullif(s.source, '') as key, grouping(nullif(s.source, ''))::int as overall, count(*)::int as applications, count(hires.at)::int as n,
      avg(extract(epoch from (hires.at - s.applied_at)) / 86400)::float8 as mean_days,
      (percentile_cont(0.5) within group (order by extract(epoch from (hires.at - s.applied_at)) / 86400))::float8
        as median_days
    from sel s left join hires on hires.application_id = s.id
    group by grouping sets ((nullif(s.source, '')), ())`,
  );
}

/** The report queries over a selection, live: each figure aggregated over the selected applications. */
export function liveQueries(db: Db, selection: Selection) {
  return {
    countApplications: () => countApplications(db, selection),
    reachedByStage: (family: ReachedFamily) => reachedByStage(db, selection, family),
    performanceIndexByStage: () => performanceIndexByStage(db, selection),
    marksByUniversity: () => marksByUniversity(db, selection),
    sourceByMonth: () => sourceByMonth(db, selection),
    exitsByStage: (exitStages: readonly number[]) => exitsByStage(db, selection, exitStages),
    timeInStage: () => timeInStage(db, selection),
    timeToHireBySource: (hiredStages: readonly number[]) => timeToHireBySource(db, selection, hiredStages),
  };
}

/** The report queries a report is built from, live or from the roll-ups (reports-rollups.ts). */
export type ReportQueries = ReturnType<typeof liveQueries>;

/**
 * Recomputes the organisation's `stages_reached` from its stage history (moves not undone), for code that writes the
 * history directly rather than through a move (the demo pipeline, benchmarks, tests): the triggers of migration 0028
 * follow the applications' stage, which such writers set without the steps between. It also marks every month of the
 * organisation's report roll-ups stale (migration 0030): the history they were built from changed.
 */
export async function refreshStagesReached(db: Db, organizationId: string): Promise<void> {
  await sql`insert into report_stale_months (organization_id, month)
    select distinct a.organization_id, date_trunc('month', a.applied_at at time zone 'UTC')::date from applications a
    where a.organization_id = ${organizationId}::uuid and a.state <> 'DRAFT' and a.applied_at is not null`.execute(db);
  await sql`update applications a set stages_reached = r.stages
    from (select h.application_id, array_agg(distinct h.to_stage_id order by h.to_stage_id)::smallint[] as stages
      from stage_history h where h.organization_id = ${organizationId}::uuid and h.undone_at is null
      group by h.application_id) r
    where a.organization_id = ${organizationId}::uuid and a.id = r.application_id
      and a.stages_reached is distinct from r.stages`.execute(db);
}
