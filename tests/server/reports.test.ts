import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report, ReportList, ReportTable } from '#schemas/reports';
import { findOrganizationIds } from '#server/modules/organizations/organization.repository';
import { json } from '#server/db/json';
import { refreshStagesReached } from '#server/modules/reports/reports.repository';
import { createRole } from '#server/seed/factories';
import { DEMO_PASSWORD, signIn, v1 } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * The report suite (decisions 0048, 0049) on a role of known applications: the figures, the
 * small-number suppression (primary "<5" and withheld cells), who may read which report, and
 * another organisation's roles answering 404.
 */

let t: TestApp;
let ids: Map<string, string>;
let roleId: string;
let hartleyRoleId: string;
let hr: string;
let recruiter: string;
let candidate: string;
let hartleyHr: string;

const DAY = 86_400_000;
const APPLIED = new Date(Date.UTC(2026, 5, 1, 9));

/** One group of the known role: how many applied, reached For review (28) and were hired (14). */
interface Group {
  gender: string;
  source: string;
  applied: number;
  reviewed: number;
  hired: number;
  /** The contextual flags and Performance Index of the group's i-th application. */
  contextual: (i: number) => { flags: string[]; pi: number | null };
  /** The university and average mark of the group's i-th application. */
  degree?: (i: number) => { university: string; mark: number };
}

/*
 * Gender by stage reached: Applied [20, 10, 8, 2] of 40, For review [12, 9, 7, 0] of 28, Offer
 * accepted [0, 6, 0, 0] of 6. Those not reviewed are rejected from Applied two days after applying,
 * except one woman and one man still waiting.
 */
/*
 * Contextual (the contextual report): free school meals for 5 of the first group (i = 0, 4, … 16)
 * and 2 women, first in family for the 10 women, a low-participation area for the 2 non-binary;
 * PI 110 for 10 of the first group, 130 for the women, 90 for the men, 70 for the non-binary.
 */
const GROUPS: readonly Group[] = [
  {
    gender: 'Prefer not to say',
    source: 'Careers site',
    applied: 20,
    reviewed: 12,
    hired: 0,
    contextual: (i) => ({ flags: i % 4 === 0 ? ['FREE_SCHOOL_MEALS'] : [], pi: i < 10 ? 110 : null }),
  },
  {
    gender: 'Woman',
    source: 'LinkedIn',
    applied: 10,
    reviewed: 9,
    hired: 6,
    contextual: (i) => ({ flags: i < 2 ? ['FIRST_IN_FAMILY', 'FREE_SCHOOL_MEALS'] : ['FIRST_IN_FAMILY'], pi: 130 }),
    degree: (i) => ({ university: 'University of Leeds', mark: 65 + i }),
  },
  {
    gender: 'Man',
    source: 'Careers site',
    applied: 8,
    reviewed: 7,
    hired: 0,
    contextual: () => ({ flags: [], pi: 90 }),
  },
  {
    gender: 'Non-binary',
    source: 'Referral',
    applied: 2,
    reviewed: 0,
    hired: 0,
    contextual: () => ({ flags: ['LOW_PARTICIPATION_AREA'], pi: 70 }),
    degree: () => ({ university: 'University of York', mark: 60 }),
  },
];

async function seedKnownRole(organizationId: string): Promise<string> {
  const role = await createRole(t.db, organizationId, { name: 'Reports known role' });
  const users: Array<{ id: string; email: string }> = [];
  const applications: Array<Record<string, unknown>> = [];
  const history: Array<Record<string, unknown>> = [];
  const move = (applicationId: string, from: number | null, to: number, days: number) =>
    history.push({
      organization_id: organizationId,
      application_id: applicationId,
      kind: from === null ? 'SUBMIT' : 'MOVE',
      from_stage_id: from,
      to_stage_id: to,
      created_at: new Date(APPLIED.getTime() + days * DAY),
    });
  for (const group of GROUPS) {
    for (let i = 0; i < group.applied; i++) {
      const id = randomUUID();
      const userId = randomUUID();
      users.push({ id: userId, email: `reports-${users.length}@example.com` });
      const reviewed = i < group.reviewed;
      const hired = i < group.hired;
      const waiting =
        !reviewed && i === group.applied - 1 && group.gender !== 'Non-binary' && group.gender !== 'Prefer not to say';
      const stage = hired ? 14 : reviewed ? 28 : waiting ? 1 : 16;
      const { flags, pi } = group.contextual(i);
      const degree = group.degree?.(i);
      applications.push({
        id,
        organization_id: organizationId,
        role_id: role.id,
        user_id: userId,
        answers: json({ gender: group.gender, disability: 'No' }),
        state: 'SUBMITTED',
        stage_id: stage,
        source: group.source,
        school_type: i % 2 ? 'State school (non-selective)' : null,
        contextual_flags: flags,
        performance_index: pi,
        university_name: degree?.university ?? null,
        average_percent: degree?.mark ?? null,
        applied_at: APPLIED,
      });
      move(id, null, 1, 0);
      if (reviewed) move(id, 1, 28, 2);
      if (hired) move(id, 28, 14, 10);
      if (stage === 16) move(id, 1, 16, 2);
    }
  }
  await t.db
    .insertInto('users')
    .values(users.map((u) => ({ ...u, organization_id: organizationId, user_type: 'CANDIDATE', password_hash: null })))
    .execute();
  await t.db
    .insertInto('applications')
    .values(applications as never)
    .execute();
  await t.db
    .insertInto('stage_history')
    .values(history as never)
    .execute();
  // Written as it happened rather than through moves: the stages reached (migration 0028) from that history.
  await refreshStagesReached(t.db, organizationId);
  return role.id;
}

beforeAll(async () => {
  t = await createTestApp();
  ids = await findOrganizationIds(t.db, ['acme', 'hartley']);
  roleId = await seedKnownRole(ids.get('acme')!);
  hartleyRoleId = (await createRole(t.db, ids.get('hartley')!, { name: 'Hartley report role' })).id;
  [hr, recruiter, candidate, hartleyHr] = await Promise.all([
    signIn(t.app, 'hr@acme.example').then((r) => r.access_token),
    signIn(t.app, 'recruiter@acme.example').then((r) => r.access_token),
    signIn(t.app, 'candidate@acme.example').then((r) => r.access_token),
    signIn(t.app, 'hr@hartley.example', DEMO_PASSWORD, 'hartley').then((r) => r.access_token),
  ]);
});
afterAll(() => t?.close());

const get = (token: string, path: string, subdomain = 'acme') =>
  v1(t.app, token, 'GET', `${path}${path.includes('?') ? '&' : '?'}subdomain=${subdomain}`);

async function report(path: string, token = hr): Promise<Report> {
  const res = await get(token, path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Report>();
}

function table(r: Report, id: string, dimension: string): ReportTable {
  const found = r.tables.find((x) => x.id === id && x.dimension === dimension);
  if (!found) throw new Error(`no ${id} table of ${dimension}`);
  return found;
}

/** A table's figures by row label and column label. */
function figures(tableOf: ReportTable): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    tableOf.rows.map((row) => [
      row.label,
      Object.fromEntries(tableOf.columns.map((column, i) => [column.label, row.figures[i]])),
    ]),
  );
}

const column = (tableOf: ReportTable, label: string) => tableOf.columns.findIndex((c) => c.label === label);

describe('the diversity report (hiring-manager admins)', () => {
  it('counts each gender by stage reached, suppressing counts under 5 and withholding what would reveal them', async () => {
    const r = await report(`/reports/diversity?roleIds=${roleId}`);
    expect(r.applications).toBe(40);
    const gender = table(r, 'byStage', 'gender');
    const byGender = figures(gender);
    // Applied: 2 non-binary is "<5"; the smallest shown count (8 men) is withheld, else 40 − 20 − 10 − 8 = 2.
    expect(byGender['Prefer not to say']!['Applied']).toBe(20);
    expect(byGender['Woman']!['Applied']).toBe(10);
    expect(byGender['Man']!['Applied']).toBe('withheld');
    expect(byGender['Non-binary']!['Applied']).toBe('<5');
    // Offer accepted: 6 women and nobody else; 6 is withheld, else the total (6) would show the others are 0.
    expect(byGender['Woman']!['Offer accepted']).toBe('withheld');
    expect(byGender['Man']!['Offer accepted']).toBe('<5');
    expect(gender.totals![column(gender, 'Applied')]).toBe(40);
    expect(gender.totals![column(gender, 'For review')]).toBe(28);
    expect(gender.totals![column(gender, 'Offer accepted')]).toBe(6);
    // No count under 5 appears anywhere as a number.
    for (const t of r.tables.filter((x) => x.id === 'byStage'))
      for (const figure of [...t.rows.flatMap((row) => row.figures), ...(t.totals ?? [])])
        if (typeof figure === 'number') expect(figure).toBeGreaterThanOrEqual(5);
  });

  it('gives the same figures for the whole organisation when its only applications are the role’s', async () => {
    const whole = await report('/reports/diversity');
    const role = await report(`/reports/diversity?roleIds=${roleId}`);
    expect(whole.applications).toBe(40);
    expect(table(whole, 'byStage', 'gender')).toEqual(table(role, 'byStage', 'gender'));
    const efficiency = await report('/reports/efficiency');
    expect(figures(table(efficiency, 'funnel', 'stage'))['For review']!['Reached']).toBe(28);
  });

  it('shows stage-to-stage conversion and flags a group under four fifths of the best rate', async () => {
    const r = await report(`/reports/diversity?roleIds=${roleId}`);
    const conversion = figures(table(r, 'conversion', 'gender'));
    expect(conversion['Prefer not to say']!['Applied → For review']).toBeCloseTo(0.6);
    expect(conversion['Woman']!['Applied → For review']).toBeCloseTo(0.9);
    // A rate from a withheld or small count would reveal it: withheld.
    expect(conversion['Man']!['Applied → For review']).toBe('withheld');
    expect(conversion['Non-binary']!['Applied → For review']).toBe('withheld');
    const ratio = figures(table(r, 'fourFifths', 'gender'));
    expect(ratio['Woman']!['Applied → For review']).toBe(1);
    expect(ratio['Prefer not to say']!['Applied → For review']).toBeCloseTo(0.667, 3);
  });

  it('downloads as CSV with the same figures', async () => {
    const res = await get(hr, `/reports/diversity/csv?roleIds=${roleId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="diversity-report-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(res.body).toContain('Gender by stage reached');
    expect(res.body).toContain('Non-binary,<5');
    expect(res.body).toContain('Man,withheld');
    expect(res.body).toContain('0.67 (under 0.8)');
  });

  it('is refused to a Standard manager (403) and to a candidate, as JSON and as CSV', async () => {
    for (const path of [`/reports/diversity?roleIds=${roleId}`, '/reports/diversity', '/reports/diversity/csv']) {
      expect((await get(recruiter, path)).statusCode).toBe(403);
      expect((await get(candidate, path)).statusCode).toBe(403);
    }
    const list = (await get(recruiter, '/reports')).json<ReportList>();
    expect(list.reports).toEqual(['contextual', 'efficiency', 'school', 'university']);
    const admins = (await get(hr, '/reports')).json<ReportList>();
    expect(admins.reports).toEqual(['contextual', 'diversity', 'efficiency', 'school', 'university']);
  });
});

describe('the efficiency report', () => {
  it('gives the funnel, time in stage and time to hire by source', async () => {
    const r = await report(`/reports/efficiency?roleIds=${roleId}`, recruiter);
    const funnel = figures(table(r, 'funnel', 'stage'));
    expect(funnel['Applied']).toMatchObject({ Reached: 40, Rejected: 10, Withdrew: '<5' });
    expect(funnel['For review']!['Reached']).toBe(28);
    expect(funnel['Offer accepted']!['Reached']).toBe(6);
    expect(funnel['At online test']!['Reached']).toBe('<5');
    const stay = figures(table(r, 'timeInStage', 'stage'));
    expect(stay['Applied']).toEqual({ 'Median days': 2, 'Mean days': 2 });
    expect(stay['For review']!['Median days']).toBe(8);
    // Too few stays to show a time: withheld.
    expect(stay['At online test']!['Median days']).toBe('withheld');
    const sources = table(r, 'bySource', 'source');
    const bySource = figures(sources);
    // Applications [28, 10, 2] of 40: 10 is withheld with the 2; hires [0, 6, 0] of 6: the 6 with the zeros.
    // LinkedIn's 6 hires are enough to show their times.
    expect(bySource['LinkedIn']).toEqual({
      Applications: 'withheld',
      Hired: 'withheld',
      'Median days to hire': 10,
      'Mean days to hire': 10,
    });
    expect(bySource['Careers site']).toMatchObject({ Applications: 28, Hired: '<5' });
    expect(bySource['Referral']!['Applications']).toBe('<5');
    expect(sources.totals).toEqual([40, 6, 10, 10]);
  });

  it('counts only the days asked for', async () => {
    const before = await report(`/reports/efficiency?roleIds=${roleId}&to=2026-05-31`);
    expect(before.applications).toBe('<5');
    const on = await report(`/reports/efficiency?roleIds=${roleId}&from=2026-06-01&to=2026-06-01`);
    expect(on.applications).toBe(40);
  });

  it('downloads as CSV', async () => {
    const res = await get(recruiter, `/reports/efficiency/csv?roleIds=${roleId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Drop-off funnel');
    expect(res.body).toContain('LinkedIn,withheld,withheld,10,10');
  });
});

describe('the contextual report', () => {
  it('counts each flag and Performance Index band by stage reached, with suppression', async () => {
    const r = await report(`/reports/contextual?roleIds=${roleId}`, recruiter);
    expect(r.report).toBe('contextual');
    expect(r.applications).toBe(40);
    const flags = figures(table(r, 'byStage', 'flag'));
    // Flags overlap (two women have two), so only counts under 5 are hidden.
    expect(flags['Free school meals']).toMatchObject({ Applied: 7, 'Offer accepted': '<5' });
    expect(flags['First in family at university']).toMatchObject({ Applied: 10, 'Offer accepted': 6 });
    expect(flags['Low-participation or deprived home area']!['Applied']).toBe('<5');
    expect(flags['Care experience']!['Applied']).toBe('<5');
    expect(flags['No contextual flag']!['Applied']).toBe(23);
    const bands = table(r, 'byStage', 'performanceIndexBand');
    const byBand = figures(bands);
    // Bands split the applications: the 2 under 80 are "<5" and the smallest shown (8, 80 to 100) is withheld.
    expect(byBand['Under 80 (well below their school’s average)']!['Applied']).toBe('<5');
    expect(byBand['80 to under 100']!['Applied']).toBe('withheld');
    expect(byBand['100 to under 120']!['Applied']).toBe(10);
    expect(byBand['120 or more (well above their school’s average)']!['Applied']).toBe(10);
    expect(byBand['No Performance Index']!['Applied']).toBe(10);
    // Offer accepted: 6 women, all 120 or more; shown, the total would say the other bands are 0.
    expect(byBand['120 or more (well above their school’s average)']!['Offer accepted']).toBe('withheld');
    expect(bands.totals![column(bands, 'Applied')]).toBe(40);
    const pi = figures(table(r, 'performanceIndex', 'stage'));
    // Applied: 30 with a PI (10 × 110, 10 × 130, 8 × 90, 2 × 70): median 110, mean 3260 / 30.
    expect(pi['Applied']).toEqual({ 'Median PI': 110, 'Mean PI': 108.7 });
    expect(pi['For review']).toEqual({ 'Median PI': 110, 'Mean PI': 111.5 });
    expect(pi['Offer accepted']).toEqual({ 'Median PI': 130, 'Mean PI': 130 });
    expect(pi['At online test']!['Median PI']).toBe('withheld');
  });

  it('downloads as CSV with the same figures, and shows no diversity answer to a Standard manager', async () => {
    const res = await get(recruiter, `/reports/contextual/csv?roleIds=${roleId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="contextual-report-/);
    expect(res.body).toContain('Contextual flag by stage reached');
    expect(res.body).toMatch(/\r\nFree school meals,7,/);
    expect(res.body).toContain('80 to under 100,withheld');
    expect(res.body).toContain('Applied,110,108.7');
    const json = await report(`/reports/contextual?roleIds=${roleId}`, recruiter);
    // Neither the JSON nor the CSV carries a monitored characteristic or its answers.
    for (const body of [res.body, JSON.stringify(json)])
      for (const answer of ['Woman', 'Man,', 'Non-binary', 'Prefer not to say', 'Gender', 'Ethnicity'])
        expect(body).not.toContain(answer);
    expect(new Set(json.tables.map((x) => x.dimension))).toEqual(new Set(['flag', 'performanceIndexBand', 'stage']));
  });
});

describe('school, university and the lateral reports', () => {
  it("gives each university's average and median mark among the applicants, for 5 or more", async () => {
    const r = await report(`/reports/university?roleIds=${roleId}`, recruiter);
    const marks = figures(table(r, 'averageMark', 'university'));
    expect(marks['University of Leeds']).toEqual({ 'Average mark': 69.5, 'Median mark': 69.5 });
    expect(marks['University of York']).toEqual({ 'Average mark': 'withheld', 'Median mark': 'withheld' });
  });

  it('splits by school type with suppression', async () => {
    const r = await report(`/reports/school?roleIds=${roleId}`, recruiter);
    const schools = figures(table(r, 'byStage', 'schoolType'));
    expect(schools['State school (non-selective)']!['Applied']).toBe(20);
    expect(schools['Not given']!['Applied']).toBe(20);
    expect(table(r, 'byStage', 'schoolBand').rows.map((row) => row.label)).toEqual(['Not given']);
  });

  it('gives a lateral organisation its own set, and 404 for a report its edition has not', async () => {
    expect((await get(hartleyHr, '/reports', 'hartley')).json<ReportList>().reports).toEqual([
      'efficiency',
      'agency',
      'diversity',
      'marketing',
      'rejections',
    ]);
    expect((await get(hartleyHr, '/reports/school', 'hartley')).statusCode).toBe(404);
    expect((await get(hr, `/reports/agency?roleIds=${roleId}`)).statusCode).toBe(404);
    const marketing = await get(hartleyHr, `/reports/marketing?roleIds=${hartleyRoleId}`, 'hartley');
    expect(marketing.statusCode, marketing.body).toBe(200);
    expect(marketing.json<Report>().applications).toBe('<5');
    for (const type of ['agency', 'rejections', 'efficiency', 'diversity'])
      expect((await get(hartleyHr, `/reports/${type}`, 'hartley')).statusCode).toBe(200);
  });

  it('counts rejections by the stage left', async () => {
    const res = await get(hartleyHr, '/reports/rejections', 'hartley');
    expect(res.statusCode).toBe(200);
    expect((await get(hr, `/reports/rejections?roleIds=${roleId}`)).statusCode).toBe(404);
  });
});

describe('selection and tenancy', () => {
  it("answers 404 for another organisation's role and 400 for a malformed selection", async () => {
    expect((await get(hr, `/reports/efficiency?roleIds=${hartleyRoleId}`)).statusCode).toBe(404);
    expect((await get(hr, `/reports/diversity?roleIds=${roleId},${hartleyRoleId}`)).statusCode).toBe(404);
    expect((await get(hr, '/reports/efficiency?roleIds=not-a-role')).statusCode).toBe(400);
    expect((await get(hr, '/reports/efficiency?from=yesterday')).statusCode).toBe(400);
    expect((await get(hr, '/reports/performance')).statusCode).toBe(400);
    // A token of acme asking for hartley's reports: 404, as if hartley did not exist.
    expect((await get(hr, '/reports/efficiency', 'hartley')).statusCode).toBe(404);
  });
});
