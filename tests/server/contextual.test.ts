import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationRecord, DocumentRef } from '#schemas/application';
import type { CandidatePanel } from '#schemas/candidate-items';
import type { CandidateSearchFilters, CandidateSearchPage } from '#schemas/search';
import { runDueJobs } from '#server/jobs/worker';
import { contextualJobHandlers, queueContextualRecompute } from '#server/modules/contextual/contextual.service';
import { REFERENCE_VERSION } from '#server/modules/contextual/contextual-reference';
import { findOrganizationByKey } from '#server/modules/organizations/organization.repository';
import { matchingApplications } from '#server/modules/search/candidate-filter';
import type { OrganizationRecord } from '#server/db/types';
import { demoAnswers } from '#server/seed/demo-answers';
import { demoPeople, seededRandom } from '#server/seed/demo-people';
import { seedDemoPipeline } from '#server/seed/demo-pipeline';
import {
  expectRecord,
  formOfRole,
  newCandidate,
  roleIdByName,
  signInWithAnyCode,
  stepAnswers,
  multipart,
  PDF,
} from '../helpers/applications';
import { DEMO_PASSWORD, signIn, v1 } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * Contextual recruitment on the server (issue 17 part B): computed on submit and by the recompute
 * job, the filters of spec §3 in search, bulk moves and exports, and the candidate page's data.
 */

let t: TestApp;
let northbridge: OrganizationRecord;
let hr: string;
let recruiter: string;
let acmeHr: string;
let banking: string;
let applicationId: string;

const nb = (path: string) => `${path}${path.includes('?') ? '&' : '?'}subdomain=northbridge`;
const row = (id: string) =>
  sql<Record<string, unknown>>`select * from applications where id = ${id}`.execute(t.db).then((r) => r.rows[0]!);

/** Playford International College: the lowest median ATAR of the reference schools (55.6). */
const CONTEXT_ANSWERS = {
  freeSchoolMeals: 'Yes',
  careExperience: 'Yes',
  firstGenerationUniversity: 'Prefer not to say',
  refugeeOrAsylumSeeker: 'No',
  caringResponsibilities: 'No',
  disruptedEducation: 'No',
  secondarySchool: 'Playford International College',
  sixthFormSchool: 'Playford International College',
  sixthFormQualificationType: 'ATAR: SACE (South Australia or Northern Territory)',
  atar: 80,
  postCode: '2166',
};

/** A new candidate applies to the banking programme with CONTEXT_ANSWERS, through the calls a browser makes. */
async function applyWithContext(): Promise<string> {
  const candidate = await newCandidate(t.app, t.db, 'northbridge', 'context');
  const form = await formOfRole(t.db, 'northbridge', banking);
  const start = expectRecord(await v1(t.app, candidate.token, 'POST', nb(`/candidate/applyc/${banking}`)), 201);
  const body = multipart('file', 'cv.pdf', 'application/pdf', PDF);
  const uploaded = await t.app.inject({
    method: 'PUT',
    url: `/api/v1${nb(`/candidate/${start.id}/cv`)}`,
    headers: { authorization: `Bearer ${candidate.token}`, ...body.headers },
    payload: body.payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const cv = uploaded.json<DocumentRef>();
  const record = expectRecord(await v1(t.app, candidate.token, 'GET', nb(`/candidate/${start.id}`)));
  const [person] = demoPeople('northbridge', 'OZ', 1, seededRandom('contextual-test'));
  const generated = demoAnswers(form, { ...person!, email: candidate.email }, seededRandom('answers'), {
    year: new Date().getFullYear(),
    newId: () => cv.id,
  }).answers;
  const answers = { ...generated, ...CONTEXT_ANSWERS, cv: { id: cv.id, name: cv.name } };
  let current: ApplicationRecord = record;
  for (const [index, step] of form.steps.entries()) {
    current = expectRecord(
      await v1(t.app, candidate.token, 'PUT', nb(`/candidate/${current.id}?maxSteps=${form.steps.length}`), {
        step: index + 1,
        stepId: step.id,
        answers: stepAnswers(form, step.id, answers),
        version: current.version,
        role: { id: banking },
        organization: { id: northbridge.id },
      }),
    );
  }
  expectRecord(await v1(t.app, candidate.token, 'PUT', nb(`/candidate/${current.id}/submit`)));
  return current.id;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoPipeline(t.db, ['northbridge', 'acme']);
  northbridge = (await findOrganizationByKey(t.db, 'northbridge'))!;
  banking = await roleIdByName(t.db, 'northbridge', 'Graduate Program, Banking');
  hr = await signInWithAnyCode(t.app, t.db, 'hr@northbridge.example', 'northbridge');
  recruiter = await signInWithAnyCode(t.app, t.db, 'recruiter@northbridge.example', 'northbridge');
  acmeHr = (await signIn(t.app, 'hr@acme.example', DEMO_PASSWORD)).access_token;
  applicationId = await applyWithContext();
  // One role (not the banking programme) whose deadline has passed, for deadlinePassed.
  const other = await t.db
    .selectFrom('applications')
    .select('role_id')
    .where('organization_id', '=', northbridge.id)
    .where('role_id', '<>', banking)
    .where('state', '<>', 'DRAFT')
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('roles')
    .set({ deadline: new Date(Date.now() - 86_400_000) })
    .where('id', '=', other.role_id)
    .execute();
});
afterAll(() => t?.close());

describe('computed on submit', () => {
  it('stores the flags, the PI against the school median ATAR, the band and the reference version', async () => {
    const stored = await row(applicationId);
    expect(stored.contextual_flags).toEqual([
      'CARE_EXPERIENCE',
      'FREE_SCHOOL_MEALS',
      'LOW_PARTICIPATION_AREA',
      'LOW_PERFORMING_SCHOOL',
    ]);
    // 80 ÷ 55.6 × 100 = 143.88…
    expect(Number(stored.performance_index)).toBe(143.9);
    expect(stored).toMatchObject({ ks5_system: 'ATAR', school_band: 1, contextual_reference: REFERENCE_VERSION });
    expect(Number(stored.school_percentile)).toBe(0);
  });

  it('the demo pipeline computed them for the demo candidates of northbridge', async () => {
    const rows = await t.db
      .selectFrom('applications')
      .select(['contextual_flags', 'performance_index', 'contextual_reference'])
      .where('organization_id', '=', northbridge.id)
      .where('state', '<>', 'DRAFT')
      .execute();
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.every((r) => r.contextual_reference === REFERENCE_VERSION)).toBe(true);
    expect(rows.filter((r) => r.contextual_flags.includes('FREE_SCHOOL_MEALS')).length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.performance_index !== null).length).toBeGreaterThan(rows.length / 2);
  });
});

describe('the recompute job', () => {
  it('brings rows computed with other reference data up to date, without a new version', async () => {
    const before = await row(applicationId);
    await t.db
      .updateTable('applications')
      .set({ contextual_reference: 'older', contextual_flags: [], performance_index: null })
      .where('id', '=', applicationId)
      .execute();
    expect(await queueContextualRecompute(t.db)).toBe(1);
    await runDueJobs(t.db, contextualJobHandlers(t.db));
    const after = await row(applicationId);
    expect(after).toMatchObject({
      contextual_flags: before.contextual_flags,
      performance_index: before.performance_index,
      contextual_reference: REFERENCE_VERSION,
      version: before.version,
    });
    expect(await queueContextualRecompute(t.db)).toBe(0);
  });
});

describe('filters (spec §3)', () => {
  const search = (filters: CandidateSearchFilters, token = hr, org = 'northbridge') =>
    v1(t.app, token, 'POST', `/search/candidate/${org}?resultsPerPage=100`, { filters });

  async function ids(filters: CandidateSearchFilters): Promise<string[]> {
    const res = await search(filters);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CandidateSearchPage>().content.map((c) => c.id);
  }

  /** The same filters in plain SQL over the stored columns, to compare with. */
  async function expected(where: string): Promise<string[]> {
    const result = await sql<{ id: string }>`
      select a.id from applications a join roles r on r.id = a.role_id
      where a.organization_id = ${northbridge.id} and a.state <> 'DRAFT' and ${sql.raw(where)}`.execute(t.db);
    return result.rows.map((r) => r.id);
  }

  it.each<[string, CandidateSearchFilters, string]>([
    ['a flag', { flags: ['FREE_SCHOOL_MEALS'] }, `'FREE_SCHOOL_MEALS' = any(a.contextual_flags)`],
    [
      'any of two flags',
      { flags: ['CARE_EXPERIENCE', 'LOW_PARTICIPATION_AREA'] },
      `a.contextual_flags && array['CARE_EXPERIENCE','LOW_PARTICIPATION_AREA']`,
    ],
    ['a PI range', { performanceIndex: { min: 110, max: 150 } }, 'a.performance_index between 110 and 150'],
    ['school bands', { schoolBands: [1, 2] }, 'a.school_band in (1, 2)'],
    ['ATAR (post-16 points)', { ks5: { system: 'ATAR', min: 85 } }, `a.ks5_system = 'ATAR' and a.ks5_points >= 85`],
    ['university percentile', { universityAveragePercentile: { min: 50 } }, 'a.university_percentile >= 50'],
    [
      'graduation years',
      { graduationYears: [new Date().getFullYear()] },
      `a.graduation_year = ${new Date().getFullYear()}`,
    ],
    ['degree types', { degreeTypes: ['BA'] }, `a.degree_type = 'BA'`],
    [
      'a custom question',
      { customQuestion: { id: 'graduateProgramme', values: ['Risk'] } },
      `a.answers->>'graduateProgramme' = 'Risk'`,
    ],
    ['deadline not passed', { deadlinePassed: false }, '(r.deadline is null or r.deadline >= now())'],
    ['deadline passed', { deadlinePassed: true }, 'r.deadline < now()'],
  ])('%s', async (_name, filters, where) => {
    const found = await ids(filters);
    expect(found.length).toBeGreaterThan(0);
    expect(found.sort()).toEqual((await expected(where)).sort());
  });

  it('finds the new application by its flags and PI, and keeps it out of a PI range below it', async () => {
    expect(await ids({ flags: ['CARE_EXPERIENCE'], performanceIndex: { min: 140 } })).toContain(applicationId);
    expect(await ids({ flags: ['CARE_EXPERIENCE'], performanceIndex: { max: 120 } })).not.toContain(applicationId);
  });

  it('an interview date filter matches only applications with a booking in the period (none here)', async () => {
    expect(await ids({ interviewDate: { from: 0 } })).toEqual([]);
  });

  it('refuses a range whose min is above its max, and an unknown flag', async () => {
    const res = await search({ performanceIndex: { min: 150, max: 100 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'filters.performanceIndex', message: 'min must not be greater than max' },
    ]);
    expect((await search({ flags: ['NOT_A_FLAG' as 'CARE_EXPERIENCE'] })).statusCode).toBe(400);
    expect((await search({ interviewDate: { from: 10, to: 5 } })).statusCode).toBe(400);
  });

  it('the same filters select the CSV export and a bulk move', async () => {
    const filters: CandidateSearchFilters = { flags: ['CARE_EXPERIENCE'], performanceIndex: { min: 140 } };
    const count = await matchingApplications(t.db, northbridge, { ...filters, roleId: banking }, new Date())
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const csv = await v1(t.app, hr, 'POST', nb(`/candidate/${banking}/export`), { filters });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['x-export-rows']).toBe(String(count.n));
    // The contextual edition's export carries the flags, by name, and the PI.
    const [header, ...lines] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header).toMatch(/,Contextual flags,Performance Index$/);
    expect(
      lines.some((l) =>
        l.endsWith(
          ',Care experience; Free school meals; Low-participation or deprived home area; School in the bottom performance band,143.9',
        ),
      ),
    ).toBe(true);
    const moved = await v1(t.app, recruiter, 'POST', nb(`/candidate/bulkstage/3/${banking}`), {
      filters: { ...filters, ids: [applicationId] },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ moved: 1 });
    expect((await row(applicationId)).stage_id).toBe(3);
  });

  it("answers 404 for another organisation's search and 403 for a candidate", async () => {
    expect((await search({ flags: ['FREE_SCHOOL_MEALS'] }, acmeHr)).statusCode).toBe(404);
    const candidate = await newCandidate(t.app, t.db, 'northbridge', 'nosy');
    expect((await search({ flags: ['FREE_SCHOOL_MEALS'] }, candidate.token)).statusCode).toBe(403);
  });
});

describe('the candidate page', () => {
  const panel = (token: string, org = 'northbridge') =>
    v1(t.app, token, 'GET', `/organization/${org}/candidate/${applicationId}`);

  it('carries each flag with what set it, the PI and the measures, and the listFields rows', async () => {
    const res = await panel(recruiter);
    expect(res.statusCode, res.body).toBe(200);
    const { contextual, panel: rows } = res.json<CandidatePanel>();
    expect(contextual!.flags).toEqual(
      expect.arrayContaining([
        { id: 'FREE_SCHOOL_MEALS', field: 'freeSchoolMeals', answer: 'Yes' },
        {
          id: 'LOW_PARTICIPATION_AREA',
          field: 'postCode',
          answer: '2166',
          measure: expect.objectContaining({ measure: 'SEIFA_IRSD_DECILE', value: 1, year: 2021 }),
        },
        {
          id: 'LOW_PERFORMING_SCHOOL',
          field: 'secondarySchool',
          answer: 'Playford International College',
          measure: expect.objectContaining({ measure: 'MEDIAN_ATAR', value: 55.6 }),
        },
      ]),
    );
    expect(contextual!.performanceIndex).toMatchObject({ index: 143.9, outperformance: 43.9, schoolPoints: 55.6 });
    expect(rows.find((r) => r.id === 'performanceIndex')).toMatchObject({
      label: 'Performance Index',
      value: expect.stringMatching(
        /^143\.9 \(43\.9% above their school's average: 80 against Playford International College's median ATAR of 55\.6, .+, 20\d\d\)$/,
      ),
    });
    // Each flag in the panel with the one line that says what set it.
    const flags = rows.find((r) => r.id === 'contextualFlags')!.value;
    expect(flags).toContain('Care experience (answered “Yes” to the question about having been in care)');
    expect(flags).toMatch(
      /Low-participation or deprived home area \(home postcode 2166 is in a low-participation or deprived area: SEIFA IRSD decile 1 \(source: .+, 2021\)\)/,
    );
  });

  it("reads the candidate's mark against their university's applicants, with 5 or more of them", async () => {
    const stored = await row(applicationId);
    const res = await panel(recruiter);
    const { universityAverage, contextual } = res.json<CandidatePanel>();
    const others = await sql<{ n: number; average: number }>`
      select count(*)::int as n, avg(average_percent)::float8 as average from applications
      where organization_id = ${northbridge.id} and state <> 'DRAFT' and university_name = ${stored.university_name}
        and average_percent is not null`.execute(t.db);
    const { n, average } = others.rows[0]!;
    if (n >= 5)
      expect(universityAverage).toEqual({
        university: stored.university_name,
        average: Math.round(average * 10) / 10,
        applicants: n,
      });
    else expect(universityAverage).toBeNull();
    // The university group is part of the contextual data the page shows.
    expect(contextual!.university.groups).toEqual(stored.university_groups);
  });

  it("another organisation's manager gets 404", async () => {
    expect((await panel(acmeHr, 'acme')).statusCode).toBe(404);
  });

  it('an organisation of another edition gets no contextual data', async () => {
    const acme = (await findOrganizationByKey(t.db, 'acme'))!;
    const any = await t.db
      .selectFrom('applications')
      .select('id')
      .where('organization_id', '=', acme.id)
      .where('state', '<>', 'DRAFT')
      .executeTakeFirstOrThrow();
    const res = await v1(t.app, acmeHr, 'GET', `/organization/acme/candidate/${any.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CandidatePanel>().contextual).toBeNull();
  });
});

describe('university averages (spec §3)', () => {
  const UNIVERSITY = 'University of Averages (test)';
  let marked: string[];

  beforeAll(async () => {
    // Six applications from one university, marks 60 … 65: the applicants' average is 62.5.
    const rows = await t.db
      .selectFrom('applications')
      .select('id')
      .where('organization_id', '=', northbridge.id)
      .where('state', '<>', 'DRAFT')
      .where('id', '<>', applicationId)
      .orderBy('id')
      .limit(6)
      .execute();
    marked = rows.map((r) => r.id);
    for (const [i, id] of marked.entries())
      await t.db
        .updateTable('applications')
        .set({ university_name: UNIVERSITY, average_percent: 60 + i })
        .where('id', '=', id)
        .execute();
  });

  const ids = async (filters: CandidateSearchFilters) => {
    const res = await v1(t.app, hr, 'POST', '/search/candidate/northbridge?resultsPerPage=100', { filters });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CandidateSearchPage>().content.map((c) => c.id);
  };

  it("filters by the mark against the university's applicant average, in points", async () => {
    const above = await ids({ universityAverage: { min: 1 } });
    expect(marked.filter((id) => above.includes(id))).toEqual(marked.slice(4));
    const below = await ids({ universityAverage: { max: -2 } });
    expect(marked.filter((id) => below.includes(id))).toEqual(marked.slice(0, 1));
    const near = await ids({ universityAverage: { min: -1, max: 1 } });
    expect(marked.filter((id) => near.includes(id))).toEqual(marked.slice(2, 4));
    const wrong = await v1(t.app, hr, 'POST', '/search/candidate/northbridge', {
      filters: { universityAverage: { min: 3, max: -3 } },
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('selects the CSV export by it too, and shows the average on the candidate page', async () => {
    const roles = await t.db.selectFrom('applications').select(['id', 'role_id']).where('id', 'in', marked).execute();
    const roleOf = new Map(roles.map((r) => [r.id, r.role_id]));
    const role = roleOf.get(marked[5]!)!;
    const csv = await v1(t.app, hr, 'POST', nb(`/candidate/${role}/export`), {
      filters: { universityAverage: { min: 1 }, ids: marked },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['x-export-rows']).toBe(String(marked.slice(4).filter((id) => roleOf.get(id) === role).length));
    const res = await v1(t.app, recruiter, 'GET', `/organization/northbridge/candidate/${marked[5]}`);
    expect(res.json<CandidatePanel>().universityAverage).toEqual({
      university: UNIVERSITY,
      average: 62.5,
      applicants: 6,
    });
  });
});

describe('legal interests (spec §3 legalInterests)', () => {
  let interested: string[];

  beforeAll(async () => {
    // Connect asks it; the filter reads the answer wherever it is given, so three answers here do.
    const rows = await t.db
      .selectFrom('applications')
      .select(['id', 'role_id'])
      .where('organization_id', '=', northbridge.id)
      .where('role_id', '=', banking)
      .where('state', '=', 'SUBMITTED')
      .where('stage_id', '=', 1)
      .where('id', '<>', applicationId)
      .orderBy('id')
      .limit(3)
      .execute();
    interested = rows.map((r) => r.id);
    const answers = [['Tax', 'Employment'], ['Competition'], ['Tax']];
    for (const [i, id] of interested.entries())
      await sql`update applications set answers = jsonb_set(answers, '{legalInterests}', ${JSON.stringify(answers[i])}::jsonb)
        where id = ${id}`.execute(t.db);
  });

  it('finds the applications interested in any of the areas, in search, CSV export and bulk moves', async () => {
    const search = await v1(t.app, hr, 'POST', '/search/candidate/northbridge?resultsPerPage=100', {
      filters: { legalInterests: ['Tax', 'Real estate'] },
    });
    expect(search.statusCode, search.body).toBe(200);
    const found = search.json<CandidateSearchPage>().content.map((c) => c.id);
    expect(found.sort()).toEqual([interested[0]!, interested[2]!].sort());
    const csv = await v1(t.app, hr, 'POST', nb(`/candidate/${banking}/export`), {
      filters: { legalInterests: ['Competition'] },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['x-export-rows']).toBe('1');
    const moved = await v1(t.app, recruiter, 'POST', nb(`/candidate/bulkstage/3/${banking}`), {
      filters: { legalInterests: ['Employment'] },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ moved: 1 });
    expect((await row(interested[0]!)).stage_id).toBe(3);
  });
});
