import { randomBytes } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import lists from '#configs/reference-data/lists.json' with { type: 'json' };
import universities from '#configs/reference-data/universities.json' with { type: 'json' };
import { defaultSubStage, orderedSubStages } from '#engine/pipeline/organization-stages';
import type { OrganizationStage } from '#schemas/pipeline';
import { WORK_TYPES } from '#schemas/role';
import type { Db } from '#server/db/client';
import { SEARCH_COUNT_TABLES } from '#server/db/migrations/0026-search-counts';
import { SEARCH_FACET_TABLES } from '#server/db/migrations/0029-search-facets';

/*
 * Fills one organisation with a realistic hiring pipeline for the search benchmark (issue 6):
 * roles, candidate accounts and submitted applications, set-based (INSERT … SELECT over
 * generate_series), so 1,000,000 applications take minutes on PostgreSQL, not hours.
 *
 * Distributions: names from common first and last names; one or two applications per candidate;
 * applications spread over the roles with a long tail (a few roles draw many applicants);
 * universities from configs/reference-data/universities.json with their groups, degree classes,
 * marks around 65 %; stages weighted towards the start of the pipeline (a quarter rejected, a
 * few withdrawn, offers and hires rare), the default substage most common; applied over the last
 * 18 months, later stages changed later; scores at stages with metrics; a fifth assigned to the
 * organisation's hiring users. Random values come from setseed, so a run is repeatable.
 */

export interface GenerateOptions {
  organizationId: string;
  /** Roles to create (default 200). */
  roles?: number;
  /** Applications to create. */
  applications: number;
  /** Seed for random() in [-1, 1] (default 0.42). */
  seed?: number;
  /** Rows per INSERT statement (default 250,000): bounds memory and shows progress. */
  batch?: number;
  /**
   * Drop the applications table's secondary indexes for the load and build them again after
   * (the same definitions): a bulk load is several times faster that way. Default: from 50,000
   * applications. Meant for a benchmark database, not one that serves requests meanwhile.
   */
  rebuildIndexes?: boolean;
  onProgress?: (message: string) => void;
}

export interface GenerateResult {
  roleIds: string[];
  users: number;
  applications: number;
  scores: number;
  milliseconds: number;
}

const FIRST_NAMES = [
  'Olivia',
  'Amelia',
  'Isla',
  'Ava',
  'Mia',
  'Ivy',
  'Lily',
  'Isabella',
  'Rosie',
  'Sophia',
  'Grace',
  'Freya',
  'Willow',
  'Emily',
  'Ella',
  'Poppy',
  'Evie',
  'Aisha',
  'Priya',
  'Fatima',
  'Zara',
  'Chloe',
  'Hannah',
  'Sofia',
  'Maya',
  'Noah',
  'Oliver',
  'George',
  'Arthur',
  'Muhammad',
  'Leo',
  'Harry',
  'Oscar',
  'Archie',
  'Henry',
  'Theodore',
  'Freddie',
  'Jack',
  'Charlie',
  'Thomas',
  'Jacob',
  'Alfie',
  'Samuel',
  'William',
  'Joshua',
  'Adam',
  'Ethan',
  'Daniel',
  'Rohan',
  'Arjun',
  'Kwame',
  'Chen',
  'Wei',
  'Mei',
  'Yusuf',
  'Omar',
  'Ibrahim',
  'Lucas',
  'Max',
  'Ada',
];
const LAST_NAMES = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Patel',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Thomas',
  'Clarke',
  'Jackson',
  'Wood',
  'Harris',
  'Edwards',
  'Turner',
  'Martin',
  'Cooper',
  'Hill',
  'Ward',
  'Hughes',
  'Moore',
  'Clark',
  'King',
  'Harrison',
  'Lewis',
  'Baker',
  'Lee',
  'Allen',
  'Morris',
  'Khan',
  'Scott',
  'Watson',
  'Davis',
  'Parker',
  'James',
  'Bennett',
  'Young',
  'Phillips',
  'Richardson',
  'Mitchell',
  'Ali',
  'Begum',
  'Singh',
  'Okafor',
  'Mensah',
  'Nguyen',
  'Wong',
  'Lovelace',
  'Murphy',
  'Kelly',
];
const ROLE_KINDS: Array<{ type: string; level: string; title: string }> = [
  { type: 'Graduate programme', level: 'Entry level', title: 'Graduate' },
  { type: 'Internship', level: 'Student', title: 'Summer Intern' },
  { type: 'Apprenticeship', level: 'School leaver', title: 'Apprentice' },
  { type: 'Placement', level: 'Student', title: 'Industrial Placement' },
  { type: 'Insight programme', level: 'Student', title: 'Insight Week' },
  { type: 'Experienced hire', level: 'Mid level', title: 'Analyst' },
  { type: 'Experienced hire', level: 'Senior', title: 'Senior Associate' },
];
const DEPARTMENTS = [
  'Strategy',
  'Technology',
  'Data and analytics',
  'Finance',
  'People',
  'Operations',
  'Risk',
  'Sustainability',
  'Corporate',
  'Digital',
];
const LOCATIONS = ['London', 'Manchester', 'Edinburgh', 'Cardiff', 'Birmingham', 'Leeds', 'Bristol', 'Remote'];
const EMPLOYMENT_TYPES = ['Permanent', 'Permanent', 'Permanent', 'Fixed term', 'Part time'];
const SOURCES = [
  'Careers site',
  'Careers site',
  'Careers site',
  'LinkedIn',
  'Job board',
  'University fair',
  'Referral',
  'Agency',
];
const DEGREE_CLASSES = lists.DEGREE_CLASS;
const DEGREE_WEIGHTS = [20, 45, 18, 3, 2, 4, 3, 5];
const PERMIT_TYPES = lists.PERMIT_TYPE;
const PERMIT_WEIGHTS = [70, 8, 4, 6, 6, 3, 2, 1];

/** `values` repeated by weight into a list of about `slots` entries: picking one uniformly follows the weights. */
function weighted<T>(values: readonly T[], weights: readonly number[], slots = 1000): T[] {
  const total = weights.reduce((a, b) => a + b, 0);
  return values.flatMap((value, i) =>
    Array.from({ length: Math.max(1, Math.round(((weights[i] ?? 0) / total) * slots)) }, () => value),
  );
}

interface Position {
  stageId: number;
  substageId: string;
  status: string;
  /** 0 at the entry stage, growing along the pipeline: later stages have later changes. */
  depth: number;
}

/** Where applications sit: early stages most, a quarter rejected, few offers and hires. */
function stageSpread(stages: readonly OrganizationStage[]): Position[] {
  const ordered = [...stages].sort((a, b) => a.orderIndex - b.orderIndex);
  const groupShare: Record<string, number> = { REJECTED: 0.29, OFFERS: 0.015, HIRED: 0.01 };
  const inGroup = (g: string) => ordered.filter((s) => s.groupStage === g);
  const open = ordered.filter((s) => !s.groupStage);
  const openShare =
    1 - Object.entries(groupShare).reduce((sum, [g, share]) => sum + (inGroup(g).length ? share : 0), 0);
  const stageWeights = new Map<number, number>();
  const geometric = open.map((_, i) => 0.45 ** i);
  const geometricTotal = geometric.reduce((a, b) => a + b, 0);
  open.forEach((s, i) => stageWeights.set(s.id, (openShare * geometric[i]!) / geometricTotal));
  for (const [group, share] of Object.entries(groupShare)) {
    const members = inGroup(group);
    // Rejected (16) far outweighs Withdrew (15) within REJECTED.
    members.forEach((s) =>
      stageWeights.set(
        s.id,
        (share * (s.id === 15 ? 0.15 : 1)) / members.reduce((sum, m) => sum + (m.id === 15 ? 0.15 : 1), 0),
      ),
    );
  }
  const positions: Position[] = [];
  const weights: number[] = [];
  ordered.forEach((stage, depth) => {
    const subs = orderedSubStages(stage);
    const main = defaultSubStage(stage);
    for (const sub of subs) {
      positions.push({ stageId: stage.id, substageId: sub.id, status: sub.codeStage, depth });
      weights.push(
        (stageWeights.get(stage.id) ?? 0) *
          (subs.length === 1 ? 1 : sub.id === main?.id ? 0.6 : 0.4 / (subs.length - 1)),
      );
    }
  });
  return weighted(positions, weights, 2000);
}

/** A SQL array literal parameter; elements picked with `pick(array, r)` below. */
const textArray = (values: readonly string[]) => sql`${[...values]}::text[]`;
const intArray = (values: readonly number[]) => sql`${[...values]}::int[]`;
/** One element of a 1-based SQL array, chosen by a random number r in [0, 1). */
const pick = (array: RawBuilder<unknown>, length: number, r: RawBuilder<unknown>) =>
  sql`(${array})[1 + floor((${r}) * ${length}::int)::int]`;

/**
 * Drops a table's indexes but those of its constraints (primary key); their definitions, to build them again, with
 * the statistics targets their columns were given (`alter index … set statistics`, which a new index does not have:
 * without them migration 0007's trigram index is estimated from 100 entries and plans go wrong, decision 0084).
 */
async function dropIndexes(
  db: Db,
  table: 'applications' | 'users',
): Promise<Array<{ indexname: string; indexdef: string; statistics: string[] }>> {
  const indexes = await sql<{ indexname: string; indexdef: string; statistics: string[] }>`
    select i.indexname, i.indexdef,
      coalesce((select array_agg(format('alter index %I alter column %s set statistics %s', i.indexname, a.attnum,
          a.attstattarget) order by a.attnum)
        from pg_attribute a where a.attrelid = format('%I', i.indexname)::regclass and a.attstattarget >= 0), '{}') as statistics
    from pg_indexes i
    where i.schemaname = current_schema() and i.tablename = ${table}
      and i.indexname not in (select conname from pg_constraint where conrelid = ${table}::regclass)`.execute(db);
  for (const index of indexes.rows) await sql`drop index ${sql.ref(index.indexname)}`.execute(db);
  return indexes.rows;
}

export async function generatePipeline(db: Db, options: GenerateOptions): Promise<GenerateResult> {
  const started = performance.now();
  const log = options.onProgress ?? (() => undefined);
  const roleCount = options.roles ?? 200;
  const total = options.applications;
  const batch = options.batch ?? 250_000;
  const organization = await db
    .selectFrom('organizations')
    .select(['id', 'subdomain', 'stages'])
    .where('id', '=', options.organizationId)
    .executeTakeFirstOrThrow();
  const spread = stageSpread(organization.stages);
  const hiring = await db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', organization.id)
    .where('user_type', 'in', ['HIRING_MANAGER', 'HIRING_MANAGER_ADMIN'])
    .orderBy('email')
    .execute();
  const tag = randomBytes(3).toString('hex');
  const metricKeys = organization.stages.flatMap((s) =>
    s.metrics
      .filter((m) => m.metricType === 'NUMBER' || m.metricType === 'PERCENT')
      .map((m) => ({ stageId: s.id, key: m.key, max: m.max ?? (m.metricType === 'PERCENT' ? 100 : 5) })),
  );

  return db.connection().execute(async (conn) => {
    await sql`select setseed(${options.seed ?? 0.42})`.execute(conn);

    // Roles: kinds × departments × locations, mostly active, a tenth archived; starts over two years.
    const kinds = ROLE_KINDS.length;
    const kind = sql`((i - 1) % ${kinds}) + 1`;
    const roleRows = await sql<{ id: string }>`
      insert into roles (organization_id, reference, name, summary, role_type, role_level, department, location, work_type, employment_type, status, start_date, deadline, template)
      select ${organization.id}, ${`bench-${tag}-`} || lpad(i::text, 6, '0'),
             (${textArray(ROLE_KINDS.map((k) => k.title))})[${kind}] || ', ' || d.department || ' (' || d.location || ') ' || i,
             'A generated role for the search benchmark.',
             (${textArray(ROLE_KINDS.map((k) => k.type))})[${kind}],
             (${textArray(ROLE_KINDS.map((k) => k.level))})[${kind}],
             d.department, d.location, d.work_type, d.employment_type,
             case when d.r < 0.1 then 'ARCHIVED' else 'ACTIVE' end,
             current_date - 365 + (d.r * 730)::int,
             now() + make_interval(days => (d.r * 120 - 30)::int),
             ${JSON.stringify({
               viewConfiguration: {
                 listFields: [
                   { id: 'universities', candidateResponse: true },
                   { id: 'permitType', candidateResponse: true },
                 ],
               },
             })}::jsonb
      from generate_series(1, ${roleCount}) as i
      cross join lateral (
        select ${pick(textArray(DEPARTMENTS), DEPARTMENTS.length, sql`random() + i * 0`)} as department,
               ${pick(textArray(LOCATIONS), LOCATIONS.length, sql`random() + i * 0`)} as location,
               ${pick(textArray(WORK_TYPES), WORK_TYPES.length, sql`random() + i * 0`)} as work_type,
               ${pick(textArray(EMPLOYMENT_TYPES), EMPLOYMENT_TYPES.length, sql`random() + i * 0`)} as employment_type,
               random() + i * 0 as r
      ) d
      returning id`.execute(conn);
    const roleIds = roleRows.rows.map((r) => r.id);
    log(`${roleIds.length} roles`);

    // Candidates: about 1.4 applications each; each person's k-th application goes to the role
    // after their first one's, so no one applies twice to a role. Popular roles draw most people.
    const people = Math.max(Math.ceil(total / 1.4), Math.ceil(total / Math.max(1, roleCount)));
    // No one applies twice to a role by construction (k-th application → k-th role after the first),
    // so the load needs no ON CONFLICT and the unique indexes can be rebuilt with the others.
    const dropped =
      (options.rebuildIndexes ?? total >= 50_000)
        ? [...(await dropIndexes(conn, 'users')), ...(await dropIndexes(conn, 'applications'))]
        : [];
    try {
      await sql`create temporary table bench_people (n int primary key, id uuid not null, role_base int not null, first_name text, last_name text, email text) on commit preserve rows`.execute(
        conn,
      );
      for (let from = 1; from <= people; from += batch) {
        const to = Math.min(people, from + batch - 1);
        await sql`
          with inserted as (
            insert into users (organization_id, email, password_hash, user_type, first_name, last_name, email_verified_at, candidate_status, created_at)
            select ${organization.id}, lower(f || '.' || l || '.' || i || '.' || ${tag} || '@candidates.example'), null, 'CANDIDATE', f, l, now(), 'ACTIVE', now() - interval '18 months'
            from (select i, ${pick(textArray(FIRST_NAMES), FIRST_NAMES.length, sql`random()`)} as f, ${pick(textArray(LAST_NAMES), LAST_NAMES.length, sql`random()`)} as l
                  from generate_series(${from}::int, ${to}::int) as i) g
            returning id, first_name, last_name, email
          )
          insert into bench_people
          select split_part(email, '.', 3)::int, id, floor(${roleCount}::int * power(random(), 1.6))::int, first_name, last_name, email from inserted`.execute(
          conn,
        );
        log(`${to} candidates`);
      }
      await sql`create temporary table bench_roles (n int primary key, id uuid not null, location text) on commit preserve rows`.execute(
        conn,
      );
      await sql`insert into bench_roles select row_number() over (order by r.reference) - 1, r.id, r.location from roles r where r.organization_id = ${organization.id} and r.reference like ${`bench-${tag}-%`}`.execute(
        conn,
      );

      const unis = universities as Array<{ name: string; region: string; groups: string[] }>;
      const uk = unis.filter((u) => u.region === 'UK' || u.groups.length > 0);
      // Russell Group universities are over-represented among applicants to graduate schemes.
      const uniWeights = uk.map((u) =>
        u.groups.includes('OXBRIDGE') ? 6 : u.groups.includes('RUSSELL') ? 4 : u.groups.includes('GO8') ? 1 : 1.5,
      );
      const uniSlots = weighted(
        uk.map((_, i) => i),
        uniWeights,
        1000,
      );
      const uniNames = uniSlots.map((i) => uk[i]!.name);
      const uniGroups = uniSlots.map((i) => `{${uk[i]!.groups.join(',')}}`);
      const degreeSlots = weighted(DEGREE_CLASSES, DEGREE_WEIGHTS, 200);
      const permitSlots = weighted(PERMIT_TYPES, PERMIT_WEIGHTS, 200);
      const hiringIds = hiring.map((h) => h.id);
      const slot = (length: number) => sql`1 + floor(random() * ${length}::int + i * 0)::int`;

      for (let from = 1; from <= total; from += batch) {
        const to = Math.min(total, from + batch - 1);
        await sql`
          insert into applications (organization_id, role_id, user_id, step, max_steps, answers, candidate_status, state, stage_id, substage_id, stage_status,
                                    assignee_id, source, first_name, last_name, email, location, permit_type, university_name, university_groups, degree_class,
                                    graduation_year, average_percent, school_percentile, total_score, matched, applied_at, last_change_at, created_at, updated_at)
          select ${organization.id}, r.id, p.id, g.steps, g.steps,
                 jsonb_build_object('firstName', p.first_name, 'lastName', p.last_name, 'email', p.email, 'permitType', g.permit,
                   'universities', case when g.uni is null then '[]'::jsonb
                     else jsonb_build_array(jsonb_build_object('universityName', g.uni, 'degreeClass', g.degree, 'averagePercent', g.mark, 'universityGraduationYear', g.grad)) end),
                 'ACTIVE', case when g.stage_id = 15 then 'WITHDRAWN' else 'SUBMITTED' end, g.stage_id, g.substage_id, g.status,
                 case when g.r5 < 0.2 then (${sql`${hiringIds}::uuid[]`})[1 + floor(g.r5 * 5 * ${hiringIds.length}::int)::int] end,
                 g.source, p.first_name, p.last_name, p.email, r.location, g.permit, g.uni, g.groups::text[], g.degree,
                 g.grad, g.mark, case when g.r6 < 0.6 then round((g.r6 / 0.6 * 100)::numeric, 1) end,
                 case when g.depth > 0 and g.r7 < 0.5 then round((g.r7 * 20)::numeric, 1) end,
                 g.r7 > 0.93, g.applied, g.applied + (now() - g.applied) * least(1, g.depth * 0.15 + g.r8 * 0.3), g.applied, g.applied
          from generate_series(${from}::int, ${to}::int) as i
          join bench_people p on p.n = (i - 1) % ${people}::int + 1
          join bench_roles r on r.n = (p.role_base + (i - 1) / ${people}::int) % ${roleCount}::int
          cross join lateral (
            select (${intArray(spread.map((x) => x.stageId))})[k.stage] as stage_id, (${textArray(spread.map((x) => x.substageId))})[k.stage] as substage_id,
                   (${textArray(spread.map((x) => x.status))})[k.stage] as status, (${intArray(spread.map((x) => x.depth))})[k.stage] as depth,
                   -- One in twenty has not been to university (yet).
                   case when k.m4 >= 0.05 then (${textArray(uniNames)})[k.uni] end as uni,
                   case when k.m4 >= 0.05 then (${textArray(uniGroups)})[k.uni] else '{}' end as groups,
                   case when k.m4 >= 0.05 then (${textArray(degreeSlots)})[k.degree] end as degree, (${textArray(permitSlots)})[k.permit] as permit, (${textArray(SOURCES)})[k.source] as source,
                   k.r5, k.r6, k.r7, k.r8, 4 + floor(k.m3 * 3)::int as steps,
                   case when k.m4 >= 0.05 then round(least(95, greatest(40, 65 + 16 * (k.m1 + k.m2 + k.m3 - 1.5)))::numeric, 1) end as mark,
                   extract(year from now())::int - 1 + floor(k.m1 * 3)::int as grad,
                   now() - make_interval(secs => k.age * 548 * 86400) as applied
            from (select ${slot(spread.length)} as stage, ${slot(uniNames.length)} as uni, ${slot(degreeSlots.length)} as degree,
                         ${slot(permitSlots.length)} as permit, ${slot(SOURCES.length)} as source,
                         random() + i * 0 as r5, random() as r6, random() as r7, random() as r8,
                         random() as m1, random() as m2, random() as m3, random() as m4, random() as age) k
          ) g
          `.execute(conn);
        log(`${to} applications`);
      }
    } finally {
      for (const index of dropped) {
        const begun = performance.now();
        await sql.raw(index.indexdef).execute(conn);
        for (const statement of index.statistics) await sql.raw(statement).execute(conn);
        log(`${index.indexname} built in ${((performance.now() - begun) / 1000).toFixed(1)} s`);
      }
    }

    // Scores at stages with metrics, for applications that reached them.
    let scores = 0;
    for (const metric of metricKeys) {
      const result = await sql`
        insert into candidate_scores (organization_id, application_id, stage_id, key, value, score)
        select organization_id, id, ${metric.stageId}::int, ${metric.key}::text, to_jsonb(score), score
        from (select a.organization_id, a.id, round((random() * ${metric.max}::float8)::numeric, 1) as score from applications a
        where a.organization_id = ${organization.id} and a.stage_id = ${metric.stageId} and a.role_id in (select id from bench_roles)) v
        on conflict do nothing`.execute(conn);
      scores += Number(result.numAffectedRows ?? 0);
    }
    log(`${scores} scores`);
    await sql`drop table bench_people`.execute(conn);
    await sql`drop table bench_roles`.execute(conn);
    // Statistics for the planner, and the visibility map the index-only scans rely on (autovacuum's
    // work in a live database, done here at once so the benchmark sees the steady state).
    for (const table of ['applications', 'users', 'roles', 'candidate_scores'])
      await sql`vacuum (analyze) ${sql.table(table)}`.execute(conn);
    // The count roll-ups were rewritten once per batch (a dead copy of every row each time): compacted, as a few
    // autovacuum rounds would keep them in a live database (decision 0084). They are small: this takes milliseconds.
    for (const table of [...SEARCH_COUNT_TABLES, ...SEARCH_FACET_TABLES])
      await sql`vacuum (full, analyze) ${sql.table(table)}`.execute(conn);
    log('vacuumed and analysed');
    const count = await conn
      .selectFrom('applications')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('organization_id', '=', organization.id)
      .where('role_id', 'in', roleIds.length ? roleIds : ['00000000-0000-0000-0000-000000000000'])
      .executeTakeFirstOrThrow();
    return { roleIds, users: people, applications: Number(count.n), scores, milliseconds: performance.now() - started };
  });
}
