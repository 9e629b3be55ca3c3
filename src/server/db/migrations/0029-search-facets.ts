import { sql, type Kysely } from 'kysely';

/*
 * Candidate search at a million applications, second pass (issue 18, decision 0084):
 *
 * - Two more roll-ups of the applications (never drafts), kept like those of migration 0026 by statement-level
 *   triggers with transition tables (one grouped upsert per roll-up and statement, only the keys whose number
 *   changed, in key order):
 *   application_role_group_counts, per role, stage and substage and university groups (has a university, its
 *   groups): a role's tab counts with a university-group filter, without reading the role's range of the search index;
 *   application_facet_counts, per stage and substage, location and stage status across roles: the tab counts of the
 *   commonest list filters across all roles, exact instead of capped.
 * - applications_stage_score_idx: an organisation's applications per stage by total score (highest first), so a stage
 *   tab across all roles sorted by score (issue 18) reads the top of the stage's range and stops after a page, instead
 *   of reading the whole stage to sort it. Not covering: each entry read costs a visit of the row, so the planner takes
 *   it only when the filters keep enough of the stage. The default sort (last change) has applications_stage_search_idx
 *   (0026); other sorts across roles still read the stage (decision 0084).
 * - applications_role_ids_idx: an organisation's applications per role and stage (never drafts), nothing else. Its
 *   keys repeat, so deduplication keeps it a few megabytes: a role's or a role stage's applications as a bitmap read
 *   from a few dozen pages instead of the role's range of the wide search index (a thousand pages for the busiest
 *   role), to be combined with the trigram index when the name or email contains a term.
 * - The statistics targets of migration 0007's trigram indexes again (a bulk load that drops and rebuilds the indexes
 *   loses them; without them a common fragment like "pat" is estimated at 100 rows and read row by row).
 *
 * Written to run again over itself (if not exists, or replace), so a database that ran it before 0028 can run it again.
 */
export const SEARCH_FACET_TABLES = ['application_facet_counts', 'application_role_group_counts'] as const;

const ROLLUPS = [
  {
    table: 'application_role_group_counts',
    key: ['organization_id', 'role_id', 'stage_id', 'substage_id', 'has_university', 'university_groups'],
    of: ['organization_id', 'role_id', 'stage_id', 'substage_id', 'university_name is not null', 'university_groups'],
  },
  {
    table: 'application_facet_counts',
    key: ['organization_id', 'stage_id', 'substage_id', 'location', 'stage_status'],
    of: ['organization_id', 'stage_id', 'substage_id', 'location', 'stage_status'],
  },
] as const;

/** Adds to `table` the net change of one statement: +1 for each row now counted under a key, -1 for each before. */
function applyChanges(rollup: (typeof ROLLUPS)[number], sources: ReadonlyArray<readonly [string, number]>): string {
  const key = rollup.key.join(', ');
  const changes = sources
    .map(
      ([rows, delta]) =>
        `select ${rollup.of.map((e, i) => `${e} as ${rollup.key[i]}`).join(', ')}, ${delta} as delta from ${rows} where state <> 'DRAFT'`,
    )
    .join(' union all ');
  return `insert into ${rollup.table} as c (${key}, total)
    select ${key}, sum(delta)::int from (${changes}) d
    group by ${key} having sum(delta) <> 0 order by ${key}
    on conflict (${key}) do update set total = c.total + excluded.total`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists application_role_group_counts (
      organization_id uuid not null references organizations(id) on delete cascade,
      role_id uuid not null,
      stage_id integer,
      substage_id text,
      has_university boolean not null,
      university_groups text[] not null,
      total integer not null,
      unique nulls not distinct (organization_id, role_id, stage_id, substage_id, has_university, university_groups)
    )`.execute(db);
  await sql`
    create table if not exists application_facet_counts (
      organization_id uuid not null references organizations(id) on delete cascade,
      stage_id integer,
      substage_id text,
      location text,
      stage_status text,
      total integer not null,
      unique nulls not distinct (organization_id, stage_id, substage_id, location, stage_status)
    )`.execute(db);

  const events = [
    ['insert', 'new table as new_rows', [['new_rows', 1]]],
    [
      'update',
      'old table as old_rows new table as new_rows',
      [
        ['new_rows', 1],
        ['old_rows', -1],
      ],
    ],
    ['delete', 'old table as old_rows', [['old_rows', -1]]],
  ] as const;
  for (const [event, transition, sources] of events) {
    const body = ROLLUPS.map((rollup) => `${applyChanges(rollup, sources)};`).join('\n');
    await sql
      .raw(
        `create or replace function search_facets_${event}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`,
      )
      .execute(db);
    await sql.raw(`drop trigger if exists search_facets_${event} on applications`).execute(db);
    await sql
      .raw(
        `create trigger search_facets_${event} after ${event} on applications
        referencing ${transition} for each statement execute function search_facets_${event}()`,
      )
      .execute(db);
  }
  await sql`create or replace function search_facets_truncate() returns trigger language plpgsql as $$
    begin
      delete from application_role_group_counts;
      delete from application_facet_counts;
      return null;
    end $$`.execute(db);
  await sql`drop trigger if exists search_facets_truncate on applications`.execute(db);
  await sql`create trigger search_facets_truncate after truncate on applications
    for each statement execute function search_facets_truncate()`.execute(db);

  for (const rollup of ROLLUPS) {
    await sql.raw(`delete from ${rollup.table}`).execute(db);
    await sql.raw(applyChanges(rollup, [['applications', 1]])).execute(db);
    // The organisation wall of migration 0022 (decision 0068).
    await sql.raw(`alter table ${rollup.table} enable row level security`).execute(db);
    await sql.raw(`alter table ${rollup.table} force row level security`).execute(db);
    await sql.raw(`drop policy if exists organization_wall on ${rollup.table}`).execute(db);
    await sql
      .raw(
        `create policy organization_wall on ${rollup.table} using (current_setting('candid.cross_organization', true) = 'on'
          or organization_id = nullif(current_setting('candid.organization_id', true), '')::uuid)`,
      )
      .execute(db);
    await sql.raw(`analyze ${rollup.table}`).execute(db);
  }

  await sql`
    create index if not exists applications_stage_score_idx on applications
      (organization_id, stage_id, total_score desc nulls last, id desc)
      where state <> 'DRAFT'`.execute(db);

  await sql`
    create index if not exists applications_role_ids_idx on applications (organization_id, role_id, stage_id)
      where state <> 'DRAFT'`.execute(db);

  for (const index of ['applications_search_text_idx', 'users_search_text_idx']) {
    const exists = await sql`select 1 from pg_class where relname = ${index} and relkind = 'i'`.execute(db);
    if (exists.rows.length) await sql.raw(`alter index ${index} alter column 1 set statistics 1000`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists applications_role_ids_idx`.execute(db);
  await sql`drop index if exists applications_stage_score_idx`.execute(db);
  for (const event of ['insert', 'update', 'delete', 'truncate']) {
    await sql.raw(`drop trigger if exists search_facets_${event} on applications`).execute(db);
    await sql.raw(`drop function if exists search_facets_${event}()`).execute(db);
  }
  for (const table of SEARCH_FACET_TABLES) await sql.raw(`drop table if exists ${table}`).execute(db);
}
