import { sql, type Kysely } from 'kysely';

/*
 * Whole-organisation reports at a million applications from maintained roll-ups (issue 17, decision 0085):
 *
 * - report_month_counts: the additive counts of the reports per organisation and month applied (UTC): the by-stage
 *   families, the moves by stage left and entered, the applications by source.
 * - report_month_values: histograms of the values whose median and mean the reports show (Performance Index by
 *   stage, marks by university, days in stage, days to hire by source), per month: each bucket's number of values and
 *   their exact sum.
 * - report_rollup_months: the months built, with the hired stages their days to hire were computed for (a change of
 *   the organisation's stages rebuilds them).
 * - report_stale_months: an append-only list of (organisation, month) whose applications changed since their roll-up
 *   was built. A statement-level trigger on applications (transition tables, one grouped insert per statement: a bulk
 *   move of 10,000 writes one row per month it touches, 12–16 ms at 1M on a loaded machine) appends to it; nothing
 *   is updated, so writers never wait on each other for it. The refresh (reports-rollups.ts) deletes the marks it saw
 *   before recomputing; a mark of a transaction still open stays and is recomputed next time. Undo touches
 *   applications too (migration 0028's trigger rewrites stages_reached), so stage_history needs no trigger of its own;
 *   writers of history that bypass applications call refreshStagesReached, which marks the organisation.
 *
 * The migration only marks every month that has applications stale: the refresh job (or the first report) builds them.
 */
export const REPORT_ROLLUP_TABLES = [
  'report_month_counts',
  'report_month_values',
  'report_rollup_months',
  'report_stale_months',
] as const;

/** The months (UTC) of a set of application rows, drafts left out. */
const monthsOf = (rows: string) =>
  `select organization_id, date_trunc('month', applied_at at time zone 'UTC')::date as month from ${rows}
    where state <> 'DRAFT' and applied_at is not null`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table report_month_counts (
      organization_id uuid not null references organizations(id) on delete cascade,
      month date not null,
      family text not null,
      dimension text,
      value text,
      stage_id integer,
      n integer not null
    )`.execute(db);
  await sql`create index report_month_counts_idx on report_month_counts (organization_id, family, month)`.execute(db);
  await sql`
    create table report_month_values (
      organization_id uuid not null references organizations(id) on delete cascade,
      month date not null,
      family text not null,
      key text,
      bucket integer not null,
      n integer not null,
      total numeric not null
    )`.execute(db);
  await sql`create index report_month_values_idx on report_month_values (organization_id, family, month)`.execute(db);
  await sql`
    create table report_rollup_months (
      organization_id uuid not null references organizations(id) on delete cascade,
      month date not null,
      hired_stages integer[] not null,
      built_at timestamptz not null default now(),
      primary key (organization_id, month)
    )`.execute(db);
  await sql`
    create table report_stale_months (
      id bigint generated always as identity primary key,
      organization_id uuid not null references organizations(id) on delete cascade,
      month date not null
    )`.execute(db);
  await sql`create index report_stale_months_idx on report_stale_months (organization_id, month)`.execute(db);

  const events = [
    ['insert', 'new table as new_rows', monthsOf('new_rows')],
    // applied_at is written once (submit, or a clone's insert), never changed: an updated row's month is its new one's.
    ['update', 'new table as new_rows', monthsOf('new_rows')],
    ['delete', 'old table as old_rows', monthsOf('old_rows')],
  ] as const;
  for (const [event, transition, months] of events) {
    await sql
      .raw(
        `create function report_stale_${event}() returns trigger language plpgsql as $$ begin
          insert into report_stale_months (organization_id, month) select distinct organization_id, month from (${months}) m;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger report_stale_${event} after ${event} on applications
        referencing ${transition} for each statement execute function report_stale_${event}()`,
      )
      .execute(db);
  }
  await sql`create function report_stale_truncate() returns trigger language plpgsql as $$
    begin
      delete from report_month_counts;
      delete from report_month_values;
      delete from report_rollup_months;
      delete from report_stale_months;
      return null;
    end $$`.execute(db);
  await sql`create trigger report_stale_truncate after truncate on applications
    for each statement execute function report_stale_truncate()`.execute(db);

  await sql
    .raw(`insert into report_stale_months (organization_id, month) ${monthsOf('applications')} group by 1, 2`)
    .execute(db);

  for (const table of REPORT_ROLLUP_TABLES) {
    // The organisation wall of migration 0022 (decision 0068).
    await sql.raw(`alter table ${table} enable row level security`).execute(db);
    await sql.raw(`alter table ${table} force row level security`).execute(db);
    await sql
      .raw(
        `create policy organization_wall on ${table} using (current_setting('candid.cross_organization', true) = 'on'
          or organization_id = nullif(current_setting('candid.organization_id', true), '')::uuid)`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'update', 'delete', 'truncate']) {
    await sql.raw(`drop trigger if exists report_stale_${event} on applications`).execute(db);
    await sql.raw(`drop function if exists report_stale_${event}()`).execute(db);
  }
  for (const table of REPORT_ROLLUP_TABLES) await sql.raw(`drop table if exists ${table}`).execute(db);
}
