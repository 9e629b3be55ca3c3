import { sql, type Kysely } from 'kysely';

/*
 * Candidate search across all roles at a million applications (issue 18, decision 0079):
 *
 * - Two roll-ups of the applications (never drafts), kept by triggers, that the tab counts are read from instead of
 *   counting the applications when the filters are ones they carry:
 *   application_stage_counts, per role, stage and substage (no filter, the role, the role's attributes, stage
 *   groups); application_profile_counts, per stage and substage and academic profile (has a university, its groups,
 *   the whole part of the mark and whether the mark is whole) across roles: university groups and mark ranges.
 *   Statement-level triggers with transition tables: one grouped change per statement (a bulk move of 10,000
 *   applications is one upsert per position, not 10,000), and only the keys whose number changed are written, so
 *   saving answers that leave every key alone writes nothing.
 * - applications_stage_search_idx: an organisation's applications in stage-tab order across roles, carrying the
 *   columns the list filters and sorts by (as applications_search_idx does for one role), so a stage tab across all
 *   roles and the capped counts per stage are index-only scans of the stage's range.
 */
export const SEARCH_COUNT_TABLES = ['application_profile_counts', 'application_stage_counts'] as const;

/** Each roll-up: its key as columns, and as expressions over a row of applications. */
const ROLLUPS = [
  {
    table: 'application_stage_counts',
    key: ['organization_id', 'role_id', 'stage_id', 'substage_id'],
    of: ['organization_id', 'role_id', 'stage_id', 'substage_id'],
  },
  {
    table: 'application_profile_counts',
    key: ['organization_id', 'stage_id', 'substage_id', 'has_university', 'university_groups', 'mark', 'whole_mark'],
    of: [
      'organization_id',
      'stage_id',
      'substage_id',
      'university_name is not null',
      'university_groups',
      'floor(average_percent)::int',
      'average_percent = floor(average_percent)',
    ],
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
    create table application_stage_counts (
      organization_id uuid not null references organizations(id) on delete cascade,
      role_id uuid not null,
      stage_id integer,
      substage_id text,
      total integer not null,
      unique nulls not distinct (organization_id, role_id, stage_id, substage_id)
    )`.execute(db);
  await sql`
    create table application_profile_counts (
      organization_id uuid not null references organizations(id) on delete cascade,
      stage_id integer,
      substage_id text,
      has_university boolean not null,
      university_groups text[] not null,
      mark integer,
      whole_mark boolean,
      total integer not null,
      unique nulls not distinct (organization_id, stage_id, substage_id, has_university, university_groups, mark, whole_mark)
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
        `create function search_counts_${event}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger search_counts_${event} after ${event} on applications
        referencing ${transition} for each statement execute function search_counts_${event}()`,
      )
      .execute(db);
  }
  await sql`create function search_counts_truncate() returns trigger language plpgsql as $$
    begin
      delete from application_stage_counts;
      delete from application_profile_counts;
      return null;
    end $$`.execute(db);
  await sql`create trigger search_counts_truncate after truncate on applications
    for each statement execute function search_counts_truncate()`.execute(db);

  for (const rollup of ROLLUPS) {
    await sql.raw(applyChanges(rollup, [['applications', 1]])).execute(db);
    // The organisation wall of migration 0022 (decision 0068).
    await sql.raw(`alter table ${rollup.table} enable row level security`).execute(db);
    await sql.raw(`alter table ${rollup.table} force row level security`).execute(db);
    await sql
      .raw(
        `create policy organization_wall on ${rollup.table} using (current_setting('candid.cross_organization', true) = 'on'
          or organization_id = nullif(current_setting('candid.organization_id', true), '')::uuid)`,
      )
      .execute(db);
  }

  await sql`
    create index applications_stage_search_idx on applications
      (organization_id, stage_id, last_change_at desc, id desc)
      include (role_id, substage_id, stage_status, applied_at, step, source, location, permit_type, assignee_id,
               university_name, university_groups, average_percent, school_percentile, total_score, first_name, last_name)
      where state <> 'DRAFT'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists applications_stage_search_idx`.execute(db);
  for (const event of ['insert', 'update', 'delete', 'truncate']) {
    await sql.raw(`drop trigger if exists search_counts_${event} on applications`).execute(db);
    await sql.raw(`drop function if exists search_counts_${event}()`).execute(db);
  }
  for (const table of SEARCH_COUNT_TABLES) await sql.raw(`drop table if exists ${table}`).execute(db);
}
