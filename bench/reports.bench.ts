import { sql } from 'kysely';
import type { MONITORED_CHARACTERISTICS } from '#schemas/reports';
import { buildApp } from '#server/app';
import type { App } from '#server/app-types';
import { openDatabase, type Db } from '#server/db/client';
import type { OrganizationRecord } from '#server/db/types';
import { migrate } from '#server/db/migrate';
import { seedDemoData } from '#server/seed/seed';
import { findOrganizationByKey } from '#server/modules/organizations/organization.repository';
import { refreshReportRollups } from '#server/modules/reports/reports.service';
import { generatePipeline } from './generate-pipeline';
import { onBenchDatabase, postgresAdminUrl, signInAcme } from './bench-server';
import { ms, summarise, type Figure, type Timing } from './support';

/*
 * Reports at scale (issue 17 part A, decision 0048): GET /api/v1/reports/<type> for the busiest
 * role and for the whole organisation, through the whole stack (app.inject), as acme's
 * hiring-manager admin (diversity is theirs only).
 *
 * - PGlite in memory: 20,000 applications over 2 roles (a role of about 10,000), a smoke figure;
 * - PostgreSQL, when BENCH_DATABASE_URL or DATABASE_URL is set or 127.0.0.1:5432 answers:
 *   1,000,000 applications over 200 roles in a fresh database `bench_reports`. Targets: a role of
 *   10,000 applications p95 < 300 ms, the organisation (1M) < 2 s.
 *
 * The pipeline generator writes applications only: each gets its stage history here (the submit
 * into the entry stage and a move to where it stands) and answers to the monitored
 * characteristics, set-based. Sizes: BENCH_PGLITE_APPLICATIONS, BENCH_PG_APPLICATIONS, BENCH_RUNS;
 * BENCH_REPORTS_ON=pglite or =postgres runs one of the two; BENCH_KEEP=1 keeps the PostgreSQL database and
 * reuses it on the next run.
 */

const PGLITE_APPLICATIONS = Number(process.env.BENCH_PGLITE_APPLICATIONS ?? 20_000);
const PG_APPLICATIONS = Number(process.env.BENCH_PG_APPLICATIONS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 12);
const PG_DATABASE = 'bench_reports';
const ON = (process.env.BENCH_REPORTS_ON ?? 'pglite,postgres').split(',');

/** Answers spread over plausible values, for the monitored characteristics the diversity report reads. */
const ANSWERS: Readonly<Record<(typeof MONITORED_CHARACTERISTICS)[number], readonly string[]>> = {
  gender: ['Woman', 'Man', 'Non-binary', 'Prefer not to say'],
  ethnicity: ['White British', 'Indian', 'Pakistani', 'Black African', 'Chinese', 'Mixed', 'Prefer not to say'],
  sexuality: ['Heterosexual or straight', 'Gay or lesbian', 'Bisexual', 'Prefer not to say'],
  religion: ['No religion', 'Christian', 'Muslim', 'Hindu', 'Jewish', 'Sikh', 'Prefer not to say'],
  disability: ['No', 'Yes, limited a little', 'Yes, limited a lot', 'Prefer not to say'],
  veteran: ['No', 'Yes', 'Prefer not to say'],
};

/** Stage history and monitored answers for the organisation's generated applications. */
async function addHistoryAndAnswers(db: Db, organizationId: string, entryStage: number): Promise<void> {
  const pick = (values: readonly string[]) =>
    sql`(array[${sql.join(values.map((v) => sql.lit(v)))}])[1 + floor(random() * ${sql.lit(values.length)})::int]`;
  const answers = sql.join(
    Object.entries(ANSWERS).map(([field, values]) => sql`${sql.lit(field)}, ${pick(values)}`),
    sql`, `,
  );
  // The stages reached (migration 0028) as the history written below has them, in the same pass as the answers: the
  // history is written directly, not through moves, so the triggers that follow the stage cannot know the entry stage.
  await sql`update applications set answers = answers || jsonb_build_object(${answers}),
      stages_reached = case when applied_at is null then '{}' when stage_id is null or stage_id = ${entryStage}
        then array[${entryStage}]::smallint[] else array[${entryStage}, stage_id]::smallint[] end
    where organization_id = ${organizationId}::uuid and state <> 'DRAFT'`.execute(db);
  await sql`insert into stage_history (organization_id, application_id, kind, from_stage_id, to_stage_id, created_at)
    select organization_id, id, 'SUBMIT', null, ${entryStage}, applied_at from applications
    where organization_id = ${organizationId}::uuid and state <> 'DRAFT' and applied_at is not null`.execute(db);
  await sql`insert into stage_history (organization_id, application_id, kind, from_stage_id, to_stage_id, created_at)
    select organization_id, id, 'MOVE', ${entryStage}, stage_id, greatest(last_change_at, applied_at + interval '1 hour')
    from applications
    where organization_id = ${organizationId}::uuid and state <> 'DRAFT' and applied_at is not null
      and stage_id is not null and stage_id <> ${entryStage}`.execute(db);
  // Vacuumed as autovacuum would after such writes: the reports read both tables by index-only scans.
  await sql`vacuum (analyze) applications`.execute(db);
  await sql`vacuum (analyze) stage_history`.execute(db);
}

/** Marks months of the organisation's report roll-ups stale (migration 0030): every month, or the given one. */
async function markStale(db: Db, organizationId: string, month?: string): Promise<void> {
  const which = month ? sql`and date_trunc('month', applied_at at time zone 'UTC')::date = ${month}::date` : sql``;
  await sql`insert into report_stale_months (organization_id, month)
    select distinct organization_id, date_trunc('month', applied_at at time zone 'UTC')::date from applications
    where organization_id = ${organizationId}::uuid and state <> 'DRAFT' and applied_at is not null ${which}`.execute(
    db,
  );
}

/**
 * Builds the report roll-ups before the reports are timed (the reports then read them warm), timing one full refresh
 * of the organisation (every month) and one of a single stale month (last month, as a day's writes leave it).
 */
async function timeRollupRefresh(
  db: Db,
  organization: OrganizationRecord,
  label: string,
  applications: number,
): Promise<Figure[]> {
  await markStale(db, organization.id);
  let start = performance.now();
  const months = await refreshReportRollups(db, organization);
  const full = performance.now() - start;
  const lastMonth = dayMonthsAgo(1, 1);
  await markStale(db, organization.id, lastMonth);
  start = performance.now();
  await refreshReportRollups(db, organization);
  const one = performance.now() - start;
  // Statistics and the visibility map for the roll-ups just written (autovacuum's work; it is off on this server).
  for (const table of ['report_month_counts', 'report_month_values', 'report_stale_months', 'report_rollup_months'])
    await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
  const size = await sql<{
    n: number;
  }>`select count(*)::int as n from applications where organization_id = ${organization.id}::uuid
    and state <> 'DRAFT' and date_trunc('month', applied_at at time zone 'UTC')::date = ${lastMonth}::date`.execute(db);
  return [
    {
      name: `Report roll-ups ${label}, full refresh of the organisation`,
      value: ms(full),
      note: `${months.length} months, ${applications.toLocaleString('en-GB')} applications; once`,
    },
    {
      name: `Report roll-ups ${label}, refresh of one stale month`,
      value: ms(one),
      note: `${lastMonth.slice(0, 7)}: ${size.rows[0]!.n.toLocaleString('en-GB')} applications; once`,
    },
  ];
}

interface Scenario {
  name: string;
  path: string;
}

/** A day (UTC, YYYY-MM-DD) `months` months before today, on the given day of the month. */
function dayMonthsAgo(months: number, day: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, day)).toISOString().slice(0, 10);
}

function scenarios(roleId: string, roleApplications: number): Scenario[] {
  const role = `role of ${roleApplications.toLocaleString('en-GB')}`;
  // A range that cuts months at both ends: about nine whole months from the roll-ups, two partial ones live.
  const range = `from=${dayMonthsAgo(11, 15)}&to=${dayMonthsAgo(1, 10)}`;
  return [
    { name: `diversity, ${role}`, path: `/reports/diversity?roleIds=${roleId}` },
    { name: `efficiency, ${role}`, path: `/reports/efficiency?roleIds=${roleId}` },
    { name: `school, ${role}`, path: `/reports/school?roleIds=${roleId}` },
    { name: `university, ${role}`, path: `/reports/university?roleIds=${roleId}` },
    { name: 'diversity, whole organisation', path: '/reports/diversity' },
    { name: 'efficiency, whole organisation', path: '/reports/efficiency' },
    { name: 'school, whole organisation', path: '/reports/school' },
    { name: 'university, whole organisation', path: '/reports/university' },
    { name: 'contextual, whole organisation', path: '/reports/contextual' },
    { name: 'diversity, whole organisation, 15th to 10th', path: `/reports/diversity?${range}` },
    { name: 'efficiency, whole organisation, 15th to 10th', path: `/reports/efficiency?${range}` },
    { name: 'school, whole organisation, 15th to 10th', path: `/reports/school?${range}` },
    { name: 'university, whole organisation, 15th to 10th', path: `/reports/university?${range}` },
    { name: 'contextual, whole organisation, 15th to 10th', path: `/reports/contextual?${range}` },
  ];
}

async function measure(app: App, token: string, list: Scenario[]): Promise<Map<Scenario, Timing>> {
  const call = (s: Scenario) =>
    app.inject({
      method: 'GET',
      url: `/api/v1${s.path}${s.path.includes('?') ? '&' : '?'}subdomain=acme`,
      headers: { authorization: `Bearer ${token}` },
    });
  for (const s of list) {
    const res = await call(s);
    if (res.statusCode !== 200) throw new Error(`${s.name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  }
  const samples = new Map(list.map((s) => [s, [] as number[]]));
  for (let run = 0; run < RUNS; run += 1) {
    for (const s of list) {
      const start = performance.now();
      await call(s);
      samples.get(s)!.push(performance.now() - start);
    }
  }
  return new Map(list.map((s) => [s, summarise(samples.get(s)!)]));
}

/** The generated roles (reference bench-…) by applications, most first. */
async function benchRoles(db: Db, organizationId: string) {
  return db
    .selectFrom('applications')
    .innerJoin('roles', 'roles.id', 'applications.role_id')
    .select(['role_id', sql<number>`count(*)::int`.as('n')])
    .where('applications.organization_id', '=', organizationId)
    .where('roles.reference', 'like', 'bench-%')
    .groupBy('role_id')
    .orderBy('n', 'desc')
    .execute();
}

async function benchOn(db: Db, label: string, applications: number, roles: number, reuse: boolean): Promise<Figure[]> {
  await migrate(db);
  await seedDemoData(db);
  const acme = (await findOrganizationByKey(db, 'acme'))!;
  if (!reuse || (await benchRoles(db, acme.id)).length !== roles) {
    console.log(`  generating ${applications.toLocaleString('en-GB')} applications over ${roles} roles on ${label}…`);
    await generatePipeline(db, {
      organizationId: acme.id,
      roles,
      applications,
      onProgress: (m) => console.log(`    ${m}`),
    });
    const entry = [...acme.stages].sort((a, b) => a.orderIndex - b.orderIndex)[0]!.id;
    await addHistoryAndAnswers(db, acme.id, entry);
  }
  const refreshes = await timeRollupRefresh(db, acme, label, applications);
  // The role nearest 10,000 applications (the target's size), or the busiest when none is that large.
  const ranked = await benchRoles(db, acme.id);
  const busiest = ranked.find((role) => role.n <= 11_000 && role.n >= 9_000) ?? ranked[0]!;
  const app = await buildApp({ db, logLevel: false, clientDir: null });
  await app.ready();
  try {
    const token = await signInAcme(app, 'hr@acme.example');
    const list = scenarios(busiest.role_id, busiest.n);
    const timings = await measure(app, token, list);
    return [
      ...refreshes,
      ...list.map((s) => {
        const timing = timings.get(s)!;
        const target = s.name.includes('organisation') ? 2000 : 300;
        return {
          name: `Report ${label}, ${s.name}: p50 / p95`,
          value: `${ms(timing.p50)} / ${ms(timing.p95)}`,
          target: `p95 < ${target} ms`,
          met: timing.p95 < target,
          note: `${applications.toLocaleString('en-GB')} applications in the organisation; ${timing.runs} runs`,
        };
      }),
    ];
  } finally {
    await app.close();
  }
}

function onPostgres(adminUrl: string): Promise<Figure[]> {
  return onBenchDatabase(adminUrl, PG_DATABASE, (db, reuse) => benchOn(db, 'PostgreSQL', PG_APPLICATIONS, 200, reuse));
}

/** npm run bench (suite 'Reports'). */
export async function benchReports(): Promise<Figure[]> {
  const out: Figure[] = [];
  if (ON.includes('pglite')) {
    const lite = await openDatabase({ kind: 'memory' });
    try {
      out.push(...(await benchOn(lite, 'PGlite', PGLITE_APPLICATIONS, 2, false)));
    } finally {
      await lite.destroy();
    }
  }
  const adminUrl = ON.includes('postgres') ? await postgresAdminUrl() : null;
  if (adminUrl) out.push(...(await onPostgres(adminUrl)));
  else
    out.push({
      name: 'Reports PostgreSQL',
      value: 'not run: no PostgreSQL server (BENCH_DATABASE_URL, DATABASE_URL or 127.0.0.1:5432)',
    });
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const f of await benchReports())
    console.log(`${f.name}: ${f.value}${f.target ? ` (target ${f.target}: ${f.met ? 'met' : 'NOT met'})` : ''}`);
}
