import { sql, type Kysely } from 'kysely';

/*
 * Bulk moves 50 % slower after migrations 0028 and 0029 (issue 18, decision 0086): the four count roll-ups of the
 * applications (0026: application_stage_counts, application_profile_counts; 0029: application_role_group_counts,
 * application_facet_counts) were kept by two statement-level triggers per event, each grouping the whole transition
 * tables once per roll-up (a bulk move of 10,000: 4 × 20,000 rows read and hashed).
 *
 * Now one trigger per event, one statement: the transition rows are read once and grouped once by the union of the
 * four keys (the finest grain; a group whose changes cancel out, as when an update leaves every key alone, is
 * dropped there), and each roll-up adds up that small set. The roll-ups hold the same numbers as before: each key
 * is a part of the finest one, so its sums are the sums of the finest sums; each table is still written only for the
 * keys whose number changed, in key order. The tables, their contents and their policies are unchanged.
 */
const ROLLUPS = [
  { table: 'application_stage_counts', key: ['organization_id', 'role_id', 'stage_id', 'substage_id'] },
  {
    table: 'application_profile_counts',
    key: ['organization_id', 'stage_id', 'substage_id', 'has_university', 'university_groups', 'mark', 'whole_mark'],
  },
  {
    table: 'application_role_group_counts',
    key: ['organization_id', 'role_id', 'stage_id', 'substage_id', 'has_university', 'university_groups'],
  },
  {
    table: 'application_facet_counts',
    key: ['organization_id', 'stage_id', 'substage_id', 'location', 'stage_status'],
  },
] as const;

/** The finest key (every roll-up's key is some of these) as expressions over a row of applications. */
const FINEST: ReadonlyArray<readonly [string, string]> = [
  ['organization_id', 'organization_id'],
  ['role_id', 'role_id'],
  ['stage_id', 'stage_id'],
  ['substage_id', 'substage_id'],
  ['has_university', 'university_name is not null'],
  ['university_groups', 'university_groups'],
  ['mark', 'floor(average_percent)::int'],
  ['whole_mark', 'average_percent = floor(average_percent)'],
  ['location', 'location'],
  ['stage_status', 'stage_status'],
];

/** One statement adding to the four roll-ups the net change of `sources`: +1 for each row now counted, -1 before. */
function applyChanges(sources: ReadonlyArray<readonly [string, number]>): string {
  const finest = FINEST.map(([name]) => name).join(', ');
  const rows = sources
    .map(
      ([table, delta]) =>
        `select ${FINEST.map(([name, of]) => `${of} as ${name}`).join(', ')}, ${delta} as delta from ${table} where state <> 'DRAFT'`,
    )
    .join(' union all ');
  const upserts = ROLLUPS.map(({ table, key }) => {
    const columns = key.join(', ');
    return `insert into ${table} as c (${columns}, total)
      select ${columns}, sum(delta)::int from changes group by ${columns} having sum(delta) <> 0 order by ${columns}
      on conflict (${columns}) do update set total = c.total + excluded.total`;
  });
  // Data-modifying CTEs: each runs once, whether or not the main statement reads it.
  return `with changes as materialized (
      select ${finest}, sum(delta) as delta from (${rows}) r group by ${finest} having sum(delta) <> 0),
    ${upserts
      .slice(0, -1)
      .map((upsert, i) => `upsert_${i} as (${upsert})`)
      .join(',\n    ')}
    ${upserts.at(-1)}`;
}

const EVENTS = [
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

/** The triggers and functions of migrations 0026 and 0029 this one replaces. */
const REPLACED = ['search_counts', 'search_facets'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const prefix of REPLACED)
    for (const event of ['insert', 'update', 'delete', 'truncate']) {
      await sql.raw(`drop trigger if exists ${prefix}_${event} on applications`).execute(db);
      await sql.raw(`drop function if exists ${prefix}_${event}()`).execute(db);
    }
  for (const [event, transition, sources] of EVENTS) {
    await sql
      .raw(
        `create function application_counts_${event}() returns trigger language plpgsql as $$
        begin ${applyChanges(sources)}; return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger application_counts_${event} after ${event} on applications
        referencing ${transition} for each statement execute function application_counts_${event}()`,
      )
      .execute(db);
  }
  await sql
    .raw(
      `create function application_counts_truncate() returns trigger language plpgsql as $$
      begin ${ROLLUPS.map(({ table }) => `delete from ${table};`).join(' ')} return null; end $$`,
    )
    .execute(db);
  await sql`create trigger application_counts_truncate after truncate on applications
    for each statement execute function application_counts_truncate()`.execute(db);
}

/** Back to the triggers of migrations 0026 and 0029 (the same roll-ups, two per trigger). */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'update', 'delete', 'truncate']) {
    await sql.raw(`drop trigger if exists application_counts_${event} on applications`).execute(db);
    await sql.raw(`drop function if exists application_counts_${event}()`).execute(db);
  }
  const pairs = [
    ['search_counts', ROLLUPS.slice(0, 2)],
    ['search_facets', ROLLUPS.slice(2)],
  ] as const;
  for (const [prefix, rollups] of pairs) {
    for (const [event, transition, sources] of EVENTS) {
      const body = rollups.map((rollup) => `${separateChanges(rollup, sources)};`).join('\n');
      await sql
        .raw(
          `create function ${prefix}_${event}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${prefix}_${event} after ${event} on applications
          referencing ${transition} for each statement execute function ${prefix}_${event}()`,
        )
        .execute(db);
    }
    await sql
      .raw(
        `create function ${prefix}_truncate() returns trigger language plpgsql as $$
        begin ${rollups.map(({ table }) => `delete from ${table};`).join(' ')} return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${prefix}_truncate after truncate on applications
        for each statement execute function ${prefix}_truncate()`,
      )
      .execute(db);
  }
}

/** The statement of migrations 0026 and 0029 for one roll-up: the transition rows grouped by its key alone. */
function separateChanges(rollup: (typeof ROLLUPS)[number], sources: ReadonlyArray<readonly [string, number]>): string {
  const key = rollup.key.join(', ');
  const of = new Map(FINEST);
  const changes = sources
    .map(
      ([rows, delta]) =>
        `select ${rollup.key.map((name) => `${of.get(name)} as ${name}`).join(', ')}, ${delta} as delta from ${rows} where state <> 'DRAFT'`,
    )
    .join(' union all ');
  return `insert into ${rollup.table} as c (${key}, total)
    select ${key}, sum(delta)::int from (${changes}) d
    group by ${key} having sum(delta) <> 0 order by ${key}
    on conflict (${key}) do update set total = c.total + excluded.total`;
}
