import { sql, type RawBuilder } from 'kysely';
import type { PiAtStage } from '#engine';
import type { Db } from '../../db/client';
import {
  hiresOf,
  MONTH_APPLICATIONS,
  reachedCounts,
  REPORT_COLUMNS,
  reportSettings,
  run,
  selected,
  historyOf,
  staysOf,
  type DurationRow,
  type GroupedRow,
  type HireRow,
  type MarkRow,
  type ReachedFamily,
  type ReachedRow,
  type ReportQueries,
  type Selection,
} from './reports.repository';

/*
 * The whole organisation's reports from the roll-ups of migration 0030 (decision 0085). Every figure is first an
 * additive partial aggregate over a set of applications (counts; histograms of values in hundredths with each bucket's
 * count and exact sum), computed by the same SQL for one month (stored) and for the days of a partial month at the
 * edges of a date range (live); the parts are added up in SQL, and only then turned into the report's rows (medians
 * and means from the merged histograms), so suppression and the tables downstream see the rows the live queries give.
 */

/** The additive count families: the by-stage ones, the moves (by stage left and entered), applications by source. */
type CountFamily = ReachedFamily | 'moves' | 'applications';
const COUNT_FAMILIES: readonly CountFamily[] = [
  'diversity',
  'school',
  'university',
  'contextual',
  'source',
  'moves',
  'applications',
];

/** The value families: Performance Index by stage, marks by university, days in stage, days to hire by source. */
type ValueFamily = 'performanceIndex' | 'mark' | 'daysInStage' | 'daysToHire';
const VALUE_FAMILIES: readonly ValueFamily[] = ['performanceIndex', 'mark', 'daysInStage', 'daysToHire'];

interface CountRow {
  dimension: string | null;
  value: string | null;
  stage_id: number | null;
  n: number;
}

/**
 * A family's counts over the selection. `moves`: applications that moved from a stage (stage_id) into another (value),
 * every pair (the report keeps the exit stages: the roll-up does not depend on the organisation's stage settings).
 * `applications`: applications by source (value).
 */
function countsOf(selection: Selection, family: CountFamily): RawBuilder<CountRow> {
  if (family === 'moves')
    return sql<CountRow>`
      with sel as (${selected(selection)}), history as (${historyOf(selection)})
      select 'move'::text as dimension, to_stage_id::text as value, from_stage_id::int as stage_id,
        count(distinct application_id)::int as n
      from history where from_stage_id is not null group by 2, 3`;
  if (family === 'applications')
    return sql<CountRow>`
      select 'source'::text as dimension, nullif(s.source, '') as value, null::int as stage_id, count(*)::int as n
      from (${selected(selection, sql`, a.source`)}) s group by 2`;
  return reachedCounts(selection, family);
}

/**
 * A family's values over the selection as a histogram: (key, bucket, n, total), the bucket being the value in
 * hundredths (rounded for PIs and marks, floored for days), total the exact sum of the bucket's values.
 */
function valuesOf(selection: Selection, family: ValueFamily, hiredStages: readonly number[]): RawBuilder<unknown> {
  switch (family) {
    case 'performanceIndex':
      return sql`
        select r.stage_id::text as key, round(s.performance_index * 100)::int as bucket, count(*)::int as n,
          sum(s.performance_index) as total
        from (${selected(selection, sql`, a.performance_index, a.stages_reached`)}) s
        cross join lateral unnest(s.stages_reached) as r(stage_id)
        where s.performance_index is not null group by 1, 2`;
    case 'mark':
      return sql`
        select s.university_name as key, round(s.average_percent * 100)::int as bucket, count(*)::int as n,
          sum(s.average_percent) as total
        from (${selected(selection, sql`, a.university_name, a.average_percent`)}) s
        where s.university_name is not null and s.average_percent is not null group by 1, 2`;
    case 'daysInStage':
      return sql`
        with ${staysOf(selection)}
        select to_stage_id::text as key, floor(days * 100)::int as bucket, count(*)::int as n, sum(days) as total
        from stays where days is not null group by 1, 2`;
    case 'daysToHire':
      return sql`
        with ${hiresOf(selection, hiredStages)}, days as (
          select nullif(s.source, '') as key, extract(epoch from (hires.at - s.applied_at)) / 86400 as days
          from sel s join hires on hires.application_id = s.id)
        select key, floor(days * 100)::int as bucket, count(*)::int as n, sum(days) as total from days group by 1, 2`;
  }
}

/** The first day of a date's month, and of the next month (YYYY-MM-DD). */
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
function nextMonth(month: string): string {
  const date = new Date(`${month}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 10);
}
function lastDayOf(month: string): string {
  const date = new Date(`${nextMonth(month)}T00:00:00Z`);
  date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/** The whole-organisation selection of one month. */
const monthSelection = (organizationId: string, month: string): Selection => ({
  organizationId,
  roleIds: [],
  from: month,
  to: lastDayOf(month),
});

/**
 * How a whole-organisation selection is read: the whole months in [fromMonth, toMonth) from the roll-ups (null: no
 * bound), and the days of the partial months at its edges live, each with its month.
 */
interface Plan {
  readonly organizationId: string;
  readonly months: { readonly from: string | null; readonly to: string | null } | null;
  readonly live: readonly { readonly month: string; readonly selection: Selection }[];
}

function planOf(selection: Selection): Plan {
  const { organizationId, from, to } = selection;
  const live: { month: string; selection: Selection }[] = [];
  const part = (first: string, last: string) =>
    live.push({ month: monthOf(first), selection: { organizationId, roleIds: [], from: first, to: last } });
  // Whole months: from the month of `from` if it is its first day, else the next; up to the month of `to` if it is its
  // last day, else that month (excluded).
  const fromMonth = from === null ? null : from === monthOf(from) ? from : nextMonth(monthOf(from));
  const toMonth = to === null ? null : to === lastDayOf(monthOf(to)) ? nextMonth(monthOf(to)) : monthOf(to);
  if (from !== null && to !== null && fromMonth! >= toMonth!) {
    // No whole month: the days of one partial month, or the ends of two neighbouring ones.
    if (from <= to && monthOf(from) === monthOf(to)) part(from, to);
    else if (from <= to) {
      part(from, lastDayOf(monthOf(from)));
      part(toMonth!, to);
    }
    return { organizationId, months: null, live };
  }
  if (from !== null && from !== fromMonth) part(from, lastDayOf(monthOf(from)));
  if (to !== null && toMonth === monthOf(to)) part(toMonth, to);
  return { organizationId, months: { from: fromMonth, to: toMonth }, live };
}

/** The stored rows of a family's roll-up table for the plan's whole months. */
function storedOf(plan: Plan, table: 'report_month_counts' | 'report_month_values', family: string) {
  if (!plan.months) return [];
  const from = plan.months.from ? sql`and month >= ${plan.months.from}::date` : sql``;
  const to = plan.months.to ? sql`and month < ${plan.months.to}::date` : sql``;
  const columns =
    table === 'report_month_counts' ? sql`month, dimension, value, stage_id, n` : sql`month, key, bucket, n, total`;
  return [
    sql`select ${columns} from ${sql.table(table)}
      where organization_id = ${plan.organizationId}::uuid and family = ${family} ${from} ${to}`,
  ];
}

/** A count family's parts (month, dimension, value, stage_id, n): stored months and live days, to be added up. */
function countParts(plan: Plan, family: CountFamily): RawBuilder<unknown> {
  const parts = [
    ...storedOf(plan, 'report_month_counts', family),
    ...plan.live.map(
      (part) =>
        sql`select ${part.month}::date as month, c.dimension, c.value, c.stage_id, c.n
          from (${countsOf(part.selection, family)}) c`,
    ),
  ];
  if (parts.length === 0)
    return sql`select null::date as month, null::text as dimension, null::text as value, null::int as stage_id,
      0 as n where false`;
  return sql.join(parts, sql` union all `);
}

/** A value family's parts (key, bucket, n, total). */
function valueParts(plan: Plan, family: ValueFamily, hiredStages: readonly number[]): RawBuilder<unknown> {
  const parts = [
    ...storedOf(plan, 'report_month_values', family).map(
      (stored) => sql`select key, bucket, n, total from (${stored}) v`,
    ),
    ...plan.live.map(
      (part) => sql`select v.key, v.bucket, v.n, v.total from (${valuesOf(part.selection, family, hiredStages)}) v`,
    ),
  ];
  if (parts.length === 0) return sql`select null::text as key, 0 as bucket, 0 as n, 0::numeric as total where false`;
  return sql.join(parts, sql` union all `);
}

interface ValueStats {
  key: string | null;
  /** The row over every key (1), or one key's (0). */
  overall: number;
  n: number;
  mean: number | null;
  median: number | null;
}

/**
 * The number, mean and median of each key's values (and, with `overall`, of every value) from the merged histogram.
 * The mean is exact (sum of the sums over the count). The median is percentile_cont's: the middle value, or halfway
 * between the two middle values computed in float8 as percentile_cont does (so a shown median rounds the same way),
 * each taken as the mean of its bucket's values: exact when a bucket holds one distinct value (PIs and marks of up to
 * two decimals), within the bucket's width (0.01 day) for durations.
 */
function valueStats(
  plan: Plan,
  family: ValueFamily,
  hiredStages: readonly number[],
  overall: boolean,
): RawBuilder<ValueStats> {
  const groups = overall ? sql`grouping sets ((key, bucket), (bucket))` : sql`key, bucket`;
  return sql<ValueStats>`
    with merged as (
      select key, ${overall ? sql`grouping(key)` : sql`0`}::int as overall, bucket, sum(n)::bigint as n, sum(total) as total
      from (${valueParts(plan, family, hiredStages)}) p group by ${groups}),
    ranked as (
      select key, overall, n, total / n as value,
        (sum(n) over (partition by key, overall order by bucket))::bigint - n as before,
        (sum(n) over (partition by key, overall))::bigint as values_n,
        sum(total) over (partition by key, overall) as values_sum
      from merged where n > 0)
    select key, overall, n, mean, low + (high - low) * 0.5 as median from (
      select key, overall, max(values_n)::int as n, (max(values_sum) / max(values_n))::float8 as mean,
        (max(value) filter (where before < (values_n + 1) / 2 and (values_n + 1) / 2 <= before + n))::float8 as low,
        (max(value) filter (where before < values_n / 2 + 1 and values_n / 2 + 1 <= before + n))::float8 as high
      from ranked group by key, overall) m`;
}

/**
 * The report queries of reports.repository.ts for a whole-organisation selection (no roles), from the roll-ups and
 * the live days at the edges of its date range. The months read must be fresh: see refreshStaleMonths.
 */
export function rollupQueries(db: Db, selection: Selection): ReportQueries {
  const plan = planOf(selection);
  // Applications by source and month: the report's count, the marketing table and the applications of the days to
  // hire all add these up, so the live days of a partial month are counted once per report.
  let byMonth: Promise<GroupedRow[]> | undefined;
  const applicationsByMonth = (): Promise<GroupedRow[]> =>
    (byMonth ??= run(
      db,
      sql<GroupedRow>`select value as row, to_char(month, 'YYYY-MM') as column, sum(n)::int as n
        from (${countParts(plan, 'applications')}) p group by 1, 2`,
    ));
  return {
    countApplications: async (): Promise<number> => (await applicationsByMonth()).reduce((sum, row) => sum + row.n, 0),
    reachedByStage: (family: ReachedFamily): Promise<ReachedRow[]> =>
      run(
        db,
        sql<ReachedRow>`select dimension, value, stage_id, sum(n)::int as n from (${countParts(plan, family)}) p
          group by 1, 2, 3`,
      ),
    performanceIndexByStage: async (): Promise<PiAtStage[]> =>
      (await run(db, valueStats(plan, 'performanceIndex', [], false))).map((row) => ({
        stage_id: Number(row.key),
        n: row.n,
        median: row.median,
        mean: row.mean,
      })),
    marksByUniversity: async (): Promise<MarkRow[]> =>
      (await run(db, valueStats(plan, 'mark', [], false))).map((row) => ({
        university: row.key!,
        n: row.n,
        mean: row.mean,
        median: row.median,
      })),
    sourceByMonth: applicationsByMonth,
    exitsByStage: async (exitStages: readonly number[]): Promise<GroupedRow[]> => {
      if (exitStages.length === 0) return [];
      return run(
        db,
        sql<GroupedRow>`select stage_id::text as row, value as column, sum(n)::int as n
          from (${countParts(plan, 'moves')}) p where value in (${sql.join(exitStages.map(String))}) group by 1, 2`,
      );
    },
    timeInStage: async (): Promise<DurationRow[]> =>
      (await run(db, valueStats(plan, 'daysInStage', [], false))).map((row) => ({
        key: row.key,
        n: row.n,
        mean_days: row.mean,
        median_days: row.median,
      })),
    timeToHireBySource: async (hiredStages: readonly number[]): Promise<HireRow[]> => {
      const [byMonth, days] = await Promise.all([
        applicationsByMonth(),
        run(db, valueStats(plan, 'daysToHire', hiredStages, true)),
      ]);
      // Applications by source, and over every source (overall 1), as the live query's grouping sets give them.
      const bySource = new Map<string | null, number>();
      for (const row of byMonth) bySource.set(row.row, (bySource.get(row.row) ?? 0) + row.n);
      const total = [...bySource.values()].reduce((sum, n) => sum + n, 0);
      const applications = [
        ...[...bySource].map(([key, n]) => ({ key, overall: 0, n })),
        { key: null, overall: 1, n: total },
      ];
      const found = new Map(days.map((row) => [`${row.overall}|${row.key}`, row]));
      return applications.map((row) => {
        const hires = found.get(`${row.overall}|${row.key}`);
        return {
          key: row.key,
          overall: row.overall,
          applications: row.n,
          n: hires?.n ?? 0,
          mean_days: hires?.mean ?? null,
          median_days: hires?.median ?? null,
        };
      });
    },
  };
}

/** The hired stages a month's days to hire were built for, as stored in report_rollup_months (sorted). */
const hiredArray = (hiredStages: readonly number[]) =>
  sql`array[${sql.join([...hiredStages].sort((a, b) => a - b).map((id) => sql.lit(id)))}]::int[]`;

/**
 * Rebuilds one month's roll-ups of the organisation, unless another refresh did since it was marked stale. Serialised
 * per (organisation, month) by an advisory lock; the marks seen are deleted before the figures are recomputed, so a
 * write committed after the delete is either seen by the recompute or leaves its own mark. Returns whether it rebuilt.
 */
async function refreshMonth(
  db: Db,
  organizationId: string,
  month: string,
  hiredStages: readonly number[],
): Promise<boolean> {
  const hired = hiredArray(hiredStages);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`report ${organizationId} ${month}`}, 0))`.execute(trx);
    const marks = await sql`delete from report_stale_months
      where organization_id = ${organizationId}::uuid and month = ${month}::date`.execute(trx);
    const built = await sql<{ current: boolean }>`select hired_stages = ${hired} as current from report_rollup_months
      where organization_id = ${organizationId}::uuid and month = ${month}::date`.execute(trx);
    if (Number(marks.numAffectedRows ?? 0) === 0 && built.rows[0]?.current) return false;
    await reportSettings(trx);
    for (const table of ['report_month_counts', 'report_month_values'])
      await sql`delete from ${sql.table(table)} where organization_id = ${organizationId}::uuid and month = ${month}::date`.execute(
        trx,
      );
    // The month's applications are read once (a month's rows are spread over the whole table) for its eleven queries.
    const selection: Selection = { ...monthSelection(organizationId, month), applications: MONTH_APPLICATIONS };
    const columns = REPORT_COLUMNS.filter((column) => column !== 'id' && column !== 'applied_at');
    await sql`create temporary table ${sql.table(MONTH_APPLICATIONS)} on commit drop as
      ${selected(
        monthSelection(organizationId, month),
        sql.join(
          columns.map((column) => sql`, ${sql.ref(`a.${column}`)}`),
          sql``,
        ),
      )}`.execute(trx);
    await sql`analyze ${sql.table(MONTH_APPLICATIONS)}`.execute(trx);
    for (const family of COUNT_FAMILIES)
      await sql`insert into report_month_counts (organization_id, month, family, dimension, value, stage_id, n)
        select ${organizationId}::uuid, ${month}::date, ${family}, c.dimension, c.value, c.stage_id, c.n
        from (${countsOf(selection, family)}) c`.execute(trx);
    for (const family of VALUE_FAMILIES)
      await sql`insert into report_month_values (organization_id, month, family, key, bucket, n, total)
        select ${organizationId}::uuid, ${month}::date, ${family}, v.key, v.bucket, v.n, v.total
        from (${valuesOf(selection, family, hiredStages)}) v`.execute(trx);
    await sql`insert into report_rollup_months (organization_id, month, hired_stages) values
        (${organizationId}::uuid, ${month}::date, ${hired})
      on conflict (organization_id, month) do update set hired_stages = excluded.hired_stages, built_at = now()`.execute(
      trx,
    );
    return true;
  });
}

/**
 * The organisation's months (YYYY-MM-DD, first days) within [from, to) (null: no bound) whose roll-ups are stale:
 * marked by a write since they were built, or built for other hired stages.
 */
async function staleMonths(
  db: Db,
  organizationId: string,
  hiredStages: readonly number[],
  from: string | null,
  to: string | null,
): Promise<string[]> {
  const hired = hiredArray(hiredStages);
  const within = sql`${from ? sql`and month >= ${from}::date` : sql``} ${to ? sql`and month < ${to}::date` : sql``}`;
  const { rows } = await sql<{ month: string }>`
    select to_char(month, 'YYYY-MM-DD') as month from report_stale_months
      where organization_id = ${organizationId}::uuid ${within}
    union
    select to_char(month, 'YYYY-MM-DD') from report_rollup_months
      where organization_id = ${organizationId}::uuid and hired_stages <> ${hired} ${within}
    order by 1`.execute(db);
  return rows.map((row) => row.month);
}

/**
 * Rebuilds the stale months a whole-organisation selection reads from the roll-ups, before a report reads them (so a
 * report never shows figures older than the last write). Returns the months rebuilt.
 */
export async function refreshStaleMonths(
  db: Db,
  selection: Selection,
  hiredStages: readonly number[],
): Promise<string[]> {
  const { months } = planOf(selection);
  if (!months) return [];
  const rebuilt: string[] = [];
  for (const month of await staleMonths(db, selection.organizationId, hiredStages, months.from, months.to))
    if (await refreshMonth(db, selection.organizationId, month, hiredStages)) rebuilt.push(month);
  return rebuilt;
}

/** The organisations with months marked stale. */
export async function organizationsWithStaleMonths(db: Db): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select distinct organization_id as id from report_stale_months`.execute(
    db,
  );
  return rows.map((row) => row.id);
}
