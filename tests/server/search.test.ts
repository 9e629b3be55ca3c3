import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePipeline } from '../../bench/generate-pipeline';
import { dateAddedSince } from '#engine/pipeline/search';
import type { CandidateSearchFilters, CandidateSearchPage, ProfileMatch, SORT_FIELDS } from '#schemas/search';
import { createUser } from '#server/seed/factories';
import { findOrganizationByKey } from '#server/modules/organizations/organization.repository';
import type { OrganizationRecord } from '#server/db/types';
import { matchingApplications } from '#server/modules/search/candidate-filter';
import { searchCandidates } from '#server/modules/search/search.service';
import { DEMO_PASSWORD, signIn, v1 } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * Candidate search (spec §7 Search, issue 6) over a generated pipeline: every filter of the
 * payload against a plain-JavaScript reading of the same rows, then the calls themselves.
 */

let t: TestApp;
let acme: OrganizationRecord;
let hartley: OrganizationRecord;
let manager: string;
let roleIds: string[];
let rows: Row[];
const NOW = new Date();

interface Row {
  id: string;
  user_id: string;
  role_id: string;
  state: string;
  stage_id: number | null;
  substage_id: string | null;
  stage_status: string | null;
  step: number;
  source: string;
  location: string | null;
  permit_type: string | null;
  assignee_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  university_name: string | null;
  university_groups: string[];
  average_percent: string | null;
  school_percentile: string | null;
  total_score: string | null;
  applied_at: Date | null;
  last_change_at: Date;
  role_type: string;
  role_level: string;
  department: string;
  employment_type: string;
  role_status: string;
  role_start: string | null;
  scores: Array<{ key: string; score: string | null }>;
}

async function readRows(): Promise<Row[]> {
  const result = await sql<Row>`
    select a.id, a.user_id, a.role_id, a.state, a.stage_id, a.substage_id, a.stage_status, a.step, a.source, a.location, a.permit_type, a.assignee_id,
           a.first_name, a.last_name, a.email, a.university_name, a.university_groups, a.average_percent::text, a.school_percentile::text, a.total_score::text,
           a.applied_at, a.last_change_at, r.role_type, r.role_level, r.department, r.employment_type, r.status as role_status, to_char(r.start_date, 'YYYY-MM-DD') as role_start,
           coalesce((select json_agg(json_build_object('key', s.key, 'score', s.score::text)) from candidate_scores s where s.application_id = a.id), '[]') as scores
    from applications a join roles r on r.id = a.role_id
    where a.organization_id = ${acme.id}`.execute(t.db);
  return result.rows.map((r) => ({
    ...r,
    applied_at: r.applied_at && new Date(r.applied_at),
    last_change_at: new Date(r.last_change_at),
  }));
}

const submitted = () => rows.filter((r) => r.state !== 'DRAFT');
const num = (v: string | null) => (v === null ? null : Number(v));
const between = (v: string | null, min?: number, max?: number) =>
  v !== null && (min === undefined || Number(v) >= min) && (max === undefined || Number(v) <= max);
const day = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 10);

async function search(path: string, body: unknown = {}, token = manager) {
  return v1(t.app, token, 'POST', path, body);
}

async function page(
  query = '',
  filters: CandidateSearchFilters = {},
  variant = 'candidate',
): Promise<CandidateSearchPage> {
  const res = await search(`/search/${variant}/acme${query}`, { filters });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CandidateSearchPage>();
}

beforeAll(async () => {
  t = await createTestApp();
  acme = (await findOrganizationByKey(t.db, 'acme'))!;
  hartley = (await findOrganizationByKey(t.db, 'hartley'))!;
  roleIds = (await generatePipeline(t.db, { organizationId: acme.id, roles: 4, applications: 240, batch: 1000 }))
    .roleIds;
  await generatePipeline(t.db, { organizationId: hartley.id, roles: 2, applications: 30 });
  // A draft (never matched) and a named candidate with a preferred name, assigned to the recruiter.
  const recruiter = await t.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'recruiter@acme.example')
    .executeTakeFirstOrThrow();
  const zed = await createUser(t.db, {
    organizationId: acme.id,
    email: 'zebedee.quux@example.test',
    password: DEMO_PASSWORD,
    firstName: 'Zebedee',
    lastName: 'Quux',
  });
  await t.db.updateTable('users').set({ preferred_name: 'Zed' }).where('id', '=', zed.id).execute();
  const draftUser = await createUser(t.db, {
    organizationId: acme.id,
    email: 'drafty@example.test',
    password: DEMO_PASSWORD,
    firstName: 'Drafty',
    lastName: 'Quux',
  });
  await t.db
    .insertInto('applications')
    .values([
      {
        organization_id: acme.id,
        role_id: roleIds[0]!,
        user_id: draftUser.id,
        state: 'DRAFT',
        first_name: 'Drafty',
        last_name: 'Quux',
        email: 'drafty@example.test',
      },
      {
        organization_id: acme.id,
        role_id: roleIds[0]!,
        user_id: zed.id,
        state: 'SUBMITTED',
        stage_id: 3,
        substage_id: '3-to-invite',
        stage_status: 'PENDING',
        step: 2,
        first_name: 'Zebedee',
        last_name: 'Quux',
        email: 'zebedee.quux@example.test',
        assignee_id: recruiter.id,
        university_name: 'University of Oxford',
        university_groups: ['OXBRIDGE', 'RUSSELL'],
        permit_type: 'Graduate visa',
        answers: JSON.stringify({
          permitType: 'Graduate visa',
          universities: [{ universityName: 'University of Oxford', degreeClass: 'First-class honours' }],
        }),
        applied_at: new Date(NOW.getTime() - 3 * 86_400_000),
        last_change_at: new Date(NOW.getTime() - 86_400_000),
      },
    ])
    .execute();
  await t.db
    .updateTable('roles')
    .set({
      template: JSON.stringify({
        viewConfiguration: {
          listFields: [
            { id: 'firstName', candidateResponse: false },
            { id: 'email', candidateResponse: false },
            { id: 'permitType', candidateResponse: true },
            { id: 'universities', candidateResponse: true },
          ],
        },
      }),
    })
    .where('id', '=', roleIds[0]!)
    .execute();
  rows = await readRows();
  manager = (await signIn(t.app, 'recruiter@acme.example', DEMO_PASSWORD)).access_token;
}, 60_000);
afterAll(() => t?.close());

describe('matchingApplications: each filter of the payload', () => {
  const zedId = () => rows.find((r) => r.first_name === 'Zebedee')!.id;
  const someIds = () =>
    submitted()
      .filter((_, i) => i % 7 === 0)
      .map((r) => r.id);
  const recruiterId = () => rows.find((r) => r.first_name === 'Zebedee')!.assignee_id!;
  const starts = () => [...new Set(rows.map((r) => r.role_start!))].sort();
  const startSeconds = (i: number) => Date.parse(`${starts()[i]}T00:00:00Z`) / 1000;
  const cases: Array<[string, () => CandidateSearchFilters, (r: Row) => boolean]> = [
    ['locations', () => ({ locations: [rows[0]!.location!] }), (r) => r.location === rows[0]!.location],
    ['groups REJECTED', () => ({ groups: ['REJECTED'] }), (r) => r.stage_id === 15 || r.stage_id === 16],
    ['groups OFFERS and HIRED', () => ({ groups: ['OFFERS', 'HIRED'] }), (r) => r.stage_id === 11 || r.stage_id === 14],
    [
      'statuses',
      () => ({ statuses: ['PENDING', 'INVITED'] }),
      (r) => r.stage_status === 'PENDING' || r.stage_status === 'INVITED',
    ],
    ['steps', () => ({ steps: [4, 2] }), (r) => r.step === 4 || r.step === 2],
    [
      'sources',
      () => ({ sources: ['LinkedIn', 'Referral'] }),
      (r) => r.source === 'LinkedIn' || r.source === 'Referral',
    ],
    ['roleId', () => ({ roleId: roleIds[1]! }), (r) => r.role_id === roleIds[1]],
    ['stageId', () => ({ stageId: 1 }), (r) => r.stage_id === 1],
    ['substageId', () => ({ substageId: '1-reviewed' }), (r) => r.substage_id === '1-reviewed'],
    ['dateAdded', () => ({ dateAdded: 'LAST_3_MONTHS' }), (r) => r.applied_at! >= dateAddedSince('LAST_3_MONTHS', NOW)],
    [
      'scores with a range',
      () => ({ scores: [{ key: 'communication', min: 1, max: 3 }] }),
      (r) => r.scores.some((s) => s.key === 'communication' && between(s.score, 1, 3)),
    ],
    [
      'scores without bounds (scored at all)',
      () => ({ scores: [{ key: 'testScore' }] }),
      (r) => r.scores.some((s) => s.key === 'testScore' && s.score !== null),
    ],
    ['ids', () => ({ ids: someIds() }), (r) => someIds().includes(r.id)],
    ['unselectedIds', () => ({ unselectedIds: someIds() }), (r) => !someIds().includes(r.id)],
    ['assigneeId', () => ({ assigneeId: recruiterId() }), (r) => r.assignee_id === recruiterId()],
    ["assigneeId 'none'", () => ({ assigneeId: 'none' }), (r) => r.assignee_id === null],
    ['recruiters', () => ({ recruiters: [recruiterId()] }), (r) => r.assignee_id === recruiterId()],
    [
      'searchTerm on a name part, any case',
      () => ({ searchTerm: 'PATEL' }),
      (r) => `${r.first_name} ${r.last_name} ${r.email}`.toLowerCase().includes('patel'),
    ],
    ['searchTerm across first and last name', () => ({ searchTerm: 'bedee qu' }), (r) => r.id === zedId()],
    ['searchTerm with a LIKE wildcard is literal', () => ({ searchTerm: 'a%e' }), () => false],
    [
      'schoolPercentile',
      () => ({ schoolPercentile: { min: 25, max: 60 } }),
      (r) => between(r.school_percentile, 25, 60),
    ],
    ['universityPercentile', () => ({ universityPercentile: { min: 70 } }), (r) => between(r.average_percent, 70)],
    [
      'wamRanges (any of)',
      () => ({ wamRanges: [{ max: 55 }, { min: 75, max: 80 }] }),
      (r) => between(r.average_percent, undefined, 55) || between(r.average_percent, 75, 80),
    ],
    [
      'universityGroups RUSSELL',
      () => ({ universityGroups: ['RUSSELL'] }),
      (r) => r.university_groups.includes('RUSSELL'),
    ],
    [
      'universityGroups NON_RUSSELL',
      () => ({ universityGroups: ['NON_RUSSELL'] }),
      (r) => r.university_name !== null && !r.university_groups.includes('RUSSELL'),
    ],
    [
      'universityGroups OXBRIDGE or GO8',
      () => ({ universityGroups: ['OXBRIDGE', 'GO8'] }),
      (r) => r.university_groups.includes('OXBRIDGE') || r.university_groups.includes('GO8'),
    ],
    [
      'permitTypes',
      () => ({ permitTypes: ['Graduate visa', 'Student visa'] }),
      (r) => r.permit_type === 'Graduate visa' || r.permit_type === 'Student visa',
    ],
    ['roleTypes', () => ({ roleTypes: ['Internship'] }), (r) => r.role_type === 'Internship'],
    ['lateralRoleTypes', () => ({ lateralRoleTypes: ['Apprenticeship'] }), (r) => r.role_type === 'Apprenticeship'],
    ['roleLevels', () => ({ roleLevels: ['Entry level'] }), (r) => r.role_level === 'Entry level'],
    ['departments', () => ({ departments: [rows[0]!.department] }), (r) => r.department === rows[0]!.department],
    [
      'employmentTypes',
      () => ({ employmentTypes: [rows[0]!.employment_type] }),
      (r) => r.employment_type === rows[0]!.employment_type,
    ],
    ['role status', () => ({ status: 'ACTIVE' }), (r) => r.role_status === 'ACTIVE'],
    [
      'roleStartDate and roleEndDate',
      () => ({ roleStartDate: startSeconds(1), roleEndDate: startSeconds(2) }),
      (r) => r.role_start! >= day(startSeconds(1)) && r.role_start! <= day(startSeconds(2)),
    ],
    ['sector of another sector', () => ({ sector: acme.sector.id + 1 }), () => false],
    ['sector of the organisation', () => ({ sector: acme.sector.id }), () => true],
    ['clients naming the organisation', () => ({ clients: [acme.id] }), () => true],
    [
      'three together',
      () => ({ roleId: roleIds[0]!, statuses: ['PENDING'], universityGroups: ['RUSSELL'] }),
      (r) => r.role_id === roleIds[0] && r.stage_status === 'PENDING' && r.university_groups.includes('RUSSELL'),
    ],
  ];

  it.each(cases)('%s', async (_name, filters, predicate) => {
    const ids = (await matchingApplications(t.db, acme, filters(), NOW).select('a.id').execute())
      .map((r) => r.id)
      .sort();
    const expected = submitted()
      .filter(predicate)
      .map((r) => r.id)
      .sort();
    expect(ids).toEqual(expected);
    // Every filter narrows (or, for the all-or-nothing ones, keeps) the submitted applications of acme only.
    expect(ids.length).toBeLessThanOrEqual(submitted().length);
  });

  it('the data makes each case count: every filter keeps some rows and drops others, but the all-or-nothing ones', () => {
    const allOrNothing = [
      'searchTerm with a LIKE wildcard is literal',
      'sector of another sector',
      'sector of the organisation',
      'clients naming the organisation',
    ];
    for (const [name, , predicate] of cases) {
      const n = submitted().filter(predicate).length;
      if (!allOrNothing.includes(name))
        expect(n > 0 && n < submitted().length, `${name}: ${n} of ${submitted().length}`).toBe(true);
    }
  });

  it('never matches drafts or another organisation', async () => {
    const all = await matchingApplications(t.db, acme, {}, NOW)
      .select(['a.id', 'a.state', 'a.organization_id'])
      .execute();
    expect(all.length).toBe(submitted().length);
    expect(all.every((r) => r.state !== 'DRAFT' && r.organization_id === acme.id)).toBe(true);
    expect(rows.some((r) => r.state === 'DRAFT')).toBe(true);
  });

  it('malformed ids match nothing instead of failing in SQL', async () => {
    expect(await matchingApplications(t.db, acme, { roleId: 'nope' }, NOW).select('a.id').execute()).toEqual([]);
    expect(
      await matchingApplications(t.db, acme, { ids: ['nope'] }, NOW)
        .select('a.id')
        .execute(),
    ).toEqual([]);
    expect(await matchingApplications(t.db, acme, { assigneeId: 'x' }, NOW).select('a.id').execute()).toEqual([]);
  });
});

describe('POST /search/candidate/:orgId', () => {
  it('answers the first 20 by last change, newest first, with page fields and counts per stage', async () => {
    const res = await page();
    const expected = [...submitted()].sort(
      (a, b) => b.last_change_at.getTime() - a.last_change_at.getTime() || (b.id < a.id ? -1 : 1),
    );
    expect(res.content.map((c) => c.id)).toEqual(expected.slice(0, 20).map((r) => r.id));
    expect(res).toMatchObject({
      number: 0,
      size: 20,
      numberOfElements: 20,
      totalElements: submitted().length,
      first: true,
      last: false,
      hasNext: true,
      hasPrevious: false,
      hasContent: true,
    });
    expect(res.totalPages).toBe(Math.ceil(submitted().length / 20));
    // Every stage of acme's pipeline in order, with every substage, zeros included.
    expect(res.totalForStage!.map((s) => s.stageId)).toEqual(acme.stages.map((s) => s.id));
    const applied = res.totalForStage!.find((s) => s.stageId === 1)!;
    expect(applied.total).toBe(submitted().filter((r) => r.stage_id === 1).length);
    expect(applied.subStages).toEqual([
      { substageId: '1-new', total: submitted().filter((r) => r.substage_id === '1-new').length },
      { substageId: '1-reviewed', total: submitted().filter((r) => r.substage_id === '1-reviewed').length },
    ]);
    expect(res.totalForStage!.reduce((sum, s) => sum + s.total, 0)).toBe(submitted().length);
  });

  it('maps a row to the list item: display name with the preferred name, stage and substage names, assignee', async () => {
    const res = await page('', { searchTerm: 'zebedee' });
    expect(res.content).toHaveLength(1);
    expect(res.content[0]).toMatchObject({
      name: 'Zebedee (Zed) Quux',
      email: 'zebedee.quux@example.test',
      roleId: roleIds[0],
      stageId: 3,
      stageName: 'At interview',
      substageId: '3-to-invite',
      substageName: 'To invite',
      stageStatus: 'PENDING',
      step: 2,
      universityName: 'University of Oxford',
      universityGroups: ['OXBRIDGE', 'RUSSELL'],
      matched: false,
      assignee: { name: 'Ravi Recruiter' },
    });
    expect(res.content[0]!.fields).toBeUndefined();
  });

  it('writes when each application was made and last changed in UTC to the millisecond, as the database holds it', async () => {
    const id = submitted()[0]!.id;
    const held = await sql<{
      at: string;
    }>`select last_change_at::text as at from applications where id = ${id}`.execute(t.db);
    // Past the millisecond and at another offset: cut (not rounded) to the millisecond and written in UTC.
    await sql`update applications set last_change_at = '2031-03-04 23:59:59.999999+01' where id = ${id}`.execute(t.db);
    try {
      const res = await page('?resultsPerPage=100');
      expect(res.content[0]).toMatchObject({ id, lastChangeAt: '2031-03-04T22:59:59.999Z' });
      for (const item of res.content.slice(1)) {
        const row = rows.find((r) => r.id === item.id)!;
        expect(item).toMatchObject({
          appliedAt: row.applied_at?.toISOString() ?? null,
          lastChangeAt: row.last_change_at.toISOString(),
        });
      }
    } finally {
      await sql`update applications set last_change_at = ${held.rows[0]!.at}::timestamptz where id = ${id}`.execute(
        t.db,
      );
    }
  });

  it('counts per stage ignore the stage and substage filters; the page total is the chosen tab', async () => {
    const res = await page('', { roleId: roleIds[0]!, stageId: 1, substageId: '1-new' });
    const inRole = submitted().filter((r) => r.role_id === roleIds[0]);
    expect(res.totalElements).toBe(inRole.filter((r) => r.substage_id === '1-new').length);
    expect(res.content.every((c) => c.substageId === '1-new' && c.roleId === roleIds[0])).toBe(true);
    for (const stage of res.totalForStage!)
      expect(stage.total, `stage ${stage.stageId}`).toBe(inRole.filter((r) => r.stage_id === stage.stageId).length);
    expect(res.totalForStage!.reduce((sum, s) => sum + s.total, 0)).toBe(inRole.length);
  });

  const sortValue: Record<(typeof SORT_FIELDS)[number], (r: Row) => number | string | null> = {
    lastChangeAt: (r) => r.last_change_at.getTime(),
    appliedAt: (r) => r.applied_at?.getTime() ?? null,
    name: (r) => r.first_name?.toLowerCase() ?? null,
    stage: (r) => (r.stage_id === null ? null : acme.stages.findIndex((s) => s.id === r.stage_id)),
    score: (r) => num(r.total_score),
  };
  it.each(
    Object.keys(sortValue).flatMap((field) => [
      [field, 'ASC'],
      [field, 'DESC'],
    ]) as Array<[keyof typeof sortValue, 'ASC' | 'DESC']>,
  )('sorts by %s %s across pages, each row once (id breaks ties)', async (field, order) => {
    const filters: CandidateSearchFilters = { roleId: roleIds[0]! };
    const seen: string[] = [];
    const values: Array<number | string | null> = [];
    for (let n = 0; ; n += 1) {
      const res = await page(`?sortBy=${field}&orderBy=${order}&resultsPerPage=25&page=${n}`, filters);
      seen.push(...res.content.map((c) => c.id));
      values.push(...res.content.map((c) => sortValue[field](rows.find((r) => r.id === c.id)!)));
      if (!res.hasNext) break;
    }
    const expected = submitted().filter((r) => r.role_id === roleIds[0]);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(expected.map((r) => r.id).sort());
    // Values in order; nulls last either way (except lastChangeAt, never null).
    const present = values.filter((v) => v !== null);
    const sorted = [...present].sort((a, b) => (a! < b! ? -1 : a! > b! ? 1 : 0));
    expect(present).toEqual(order === 'ASC' ? sorted : sorted.reverse());
    expect(values.slice(present.length).every((v) => v === null)).toBe(true);
    expect(new Set(present).size).toBeLessThan(expected.length + 1);
  });

  it('answers an empty page beyond the end, not an error', async () => {
    const res = await page('?page=500');
    expect(res).toMatchObject({
      number: 500,
      numberOfElements: 0,
      hasContent: false,
      content: [],
      totalElements: submitted().length,
      last: true,
      hasNext: false,
    });
  });

  it('refuses a page number past a million with a 400 naming it (the fuzzing found 1.79e308 answered 500)', async () => {
    const res = await search('/search/candidate/acme?page=1.79e308', { filters: {} });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('page');
  });

  it('pages of 100 are allowed, more are not (400 naming resultsPerPage)', async () => {
    expect((await page('?resultsPerPage=100')).content).toHaveLength(100);
    const res = await search('/search/candidate/acme?resultsPerPage=101', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'resultsPerPage' })]);
    const sort = await search('/search/candidate/acme?sortBy=salary', {});
    expect(sort.statusCode).toBe(400);
    expect(sort.json().errors[0]).toMatchObject({ field: 'sortBy', message: expect.stringContaining('lastChangeAt') });
  });

  it.each([
    [{ roleId: 'not-a-role' }, 'filters.roleId'],
    [{ stageId: 4 }, 'filters.stageId'],
    [{ substageId: '99-nothing' }, 'filters.substageId'],
    [{ stageId: 1, substageId: '3-to-invite' }, 'filters.substageId'],
    [{ ids: ['f00d'] }, 'filters.ids.0'],
    [{ assigneeId: 'me' }, 'filters.assigneeId'],
    [{ universityPercentile: { min: 80, max: 20 } }, 'filters.universityPercentile'],
    [{ wamRanges: [{ min: 1 }, { min: 70, max: 60 }] }, 'filters.wamRanges.1'],
    [{ roleStartDate: 2_000_000_000, roleEndDate: 1_000_000_000 }, 'filters.roleEndDate'],
    [{ colour: 'blue' }, 'filters.colour'],
    [{ statuses: ['LOST'] }, 'filters.statuses.0'],
    [{ steps: '3' }, 'filters.steps'],
    [{ schoolPercentile: { min: 120 } }, 'filters.schoolPercentile.min'],
  ])('answers 400 naming the field for %j', async (filters, field) => {
    const res = await search('/search/candidate/acme', { filters });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('drops empty values (spec §3) instead of matching nothing', async () => {
    const res = await page('', { locations: [], searchTerm: '  ', universityPercentile: {} });
    expect(res.totalElements).toBe(submitted().length);
  });

  it("answers 404 for another organisation, or another organisation's role; 403 for a candidate; 401 without a token", async () => {
    expect((await search('/search/candidate/hartley', {})).statusCode).toBe(404);
    const hartleyRole = await t.db
      .selectFrom('roles')
      .select('id')
      .where('organization_id', '=', hartley.id)
      .executeTakeFirstOrThrow();
    expect((await search('/search/candidate/acme', { filters: { roleId: hartleyRole.id } })).statusCode).toBe(404);
    expect((await search('/search/fastCandidate/acme', { filters: { roleId: hartleyRole.id } })).statusCode).toBe(404);
    const candidate = (await signIn(t.app, 'candidate@acme.example', DEMO_PASSWORD)).access_token;
    for (const variant of ['candidate', 'candidatev', 'fastCandidate'])
      expect((await search(`/search/${variant}/acme`, {}, candidate)).statusCode).toBe(403);
    expect((await v1(t.app, candidate, 'GET', '/search/candidates/acme')).statusCode).toBe(403);
    expect((await v1(t.app, candidate, 'GET', '/search/profiles?searchTerm=quux')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/search/candidate/acme', payload: {} })).statusCode).toBe(
      401,
    );
  });

  it("works for another organisation's own managers, by subdomain or id, and shows only their candidates", async () => {
    const token = (await signIn(t.app, 'hr@hartley.example', DEMO_PASSWORD, 'hartley')).access_token;
    for (const key of ['hartley', hartley.id]) {
      const res = await v1(t.app, token, 'POST', `/search/candidate/${key}`, {});
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<CandidateSearchPage>().totalElements).toBe(30);
    }
  });
});

describe('a search repeated (its compiled SQL kept, decision 0089)', () => {
  it('compares with the time of each call: the same "applied in the last week" a month later matches fewer', async () => {
    const later = new Date(NOW.getTime() + 30 * 86_400_000);
    const totalAt = async (now: Date) =>
      (
        await searchCandidates(t.db, acme, {
          variant: 'fastCandidate',
          filters: { dateAdded: 'LAST_WEEK' },
          query: { resultsPerPage: 1 },
          now,
        })
      ).totalElements;
    const expected = (now: Date) =>
      submitted().filter((r) => r.applied_at !== null && r.applied_at >= dateAddedSince('LAST_WEEK', now)).length;
    expect(expected(NOW)).toBeGreaterThan(expected(later));
    expect(await totalAt(NOW)).toBe(expected(NOW));
    expect(await totalAt(later)).toBe(expected(later));
    expect(await totalAt(NOW)).toBe(expected(NOW));
  });

  it("follows the organisation's pipeline as it is now: stages reordered, the stage sort follows the new order", async () => {
    const firstStage = async (organization: OrganizationRecord) =>
      (
        await searchCandidates(t.db, organization, {
          variant: 'candidate',
          filters: {},
          query: { sortBy: 'stage', orderBy: 'ASC', resultsPerPage: 1 },
          now: NOW,
        })
      ).content[0]!.stageId;
    // The organisation read again after its stages changed is a new record (decision 0057).
    const reordered = { ...acme, stages: acme.stages.map((s) => ({ ...s, orderIndex: -s.orderIndex })) };
    const withRows = [...acme.stages]
      .sort((a, b) => a.orderIndex - b.orderIndex)
      .filter((stage) => submitted().some((r) => r.stage_id === stage.id));
    expect(withRows.length).toBeGreaterThan(1);
    expect(await firstStage(acme)).toBe(withRows[0]!.id);
    expect(await firstStage(reordered)).toBe(withRows.at(-1)!.id);
    expect(await firstStage(acme)).toBe(withRows[0]!.id);
  });
});

describe('POST /search/fastCandidate and /search/candidatev', () => {
  it('fastCandidate answers the same page without counts per stage', async () => {
    const filters: CandidateSearchFilters = { roleId: roleIds[1]!, stageId: 1 };
    const full = await page('?sortBy=name&orderBy=ASC', filters);
    const fast = await page('?sortBy=name&orderBy=ASC', filters, 'fastCandidate');
    expect(fast.totalForStage).toBeUndefined();
    expect(fast.content).toEqual(full.content);
    expect(fast.totalElements).toBe(full.totalElements);
  });

  it("candidatev adds the role's listFields answers as display text", async () => {
    const res = await page('', { roleId: roleIds[0]!, searchTerm: 'zebedee' }, 'candidatev');
    expect(res.content[0]!.fields).toMatchObject({
      permitType: 'Graduate visa',
      universities: expect.stringContaining('University of Oxford'),
    });
    expect(res.totalForStage).toBeDefined();
    const generated = await page('', { roleId: roleIds[0]!, stageId: 1 }, 'candidatev');
    const first = rows.find((r) => r.id === generated.content[0]!.id)!;
    expect(generated.content[0]!.fields!.permitType).toBe(first.permit_type);
    // Without a role there is no template to read.
    expect((await page('', {}, 'candidatev')).content[0]!.fields).toBeUndefined();
  });
});

describe('candidatev shows what the candidate panel shows (issue 21)', () => {
  it("heads the role's answer columns with the form's labels, and reads names and email from the account", async () => {
    const res = await page('', { roleId: roleIds[0]!, searchTerm: 'zebedee' }, 'candidatev');
    const zed = res.content[0]!;
    const panel = await v1(t.app, manager, 'GET', `/organization/acme/candidate/${zed.id}`);
    expect(panel.statusCode, panel.body).toBe(200);
    const rows = panel.json<{ panel: Array<{ id: string; label: string; value: string }> }>().panel;
    expect(rows.map((r) => r.id)).toEqual(['firstName', 'email', 'permitType', 'universities']);
    expect(res.columns).toEqual(rows.map(({ id, label }) => ({ id, label })));
    expect(res.columns!.map((c) => c.label)).not.toContain('firstName');
    expect(zed.fields).toEqual(Object.fromEntries(rows.map((r) => [r.id, r.value])));
    expect(zed.fields).toMatchObject({ firstName: 'Zebedee', email: 'zebedee.quux@example.test' });
    // The generated candidates have no profile answers: their names and addresses are their accounts'.
    const generated = (await page('', { roleId: roleIds[0]!, stageId: 1 }, 'candidatev')).content[0]!;
    expect(generated.fields!.email).toBe(generated.email);
    expect(generated.fields!.firstName).not.toBe('Not answered');
    // Without a role there are no columns.
    expect((await page('', {}, 'candidatev')).columns).toBeUndefined();
  });
});

describe('GET /search/candidates/:orgId and /search/profiles', () => {
  it('quick search: a page of applications whose name or email contains the term, in a role and stage', async () => {
    const res = await v1(
      t.app,
      manager,
      'GET',
      `/search/candidates/acme?searchTerm=smith&roleId=${roleIds[0]}&resultsPerPage=5`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<CandidateSearchPage>();
    const expected = submitted().filter(
      (r) => r.role_id === roleIds[0] && `${r.first_name} ${r.last_name} ${r.email}`.toLowerCase().includes('smith'),
    );
    expect(body.totalElements).toBe(expected.length);
    expect(body.totalElements).toBeGreaterThan(0);
    expect(body.content.length).toBe(Math.min(5, expected.length));
    expect(body.totalForStage).toBeUndefined();
    const stage = await v1(t.app, manager, 'GET', '/search/candidates/acme?searchTerm=quux&stageId=3');
    expect(stage.json<CandidateSearchPage>().content.map((c) => c.name)).toEqual(['Zebedee (Zed) Quux']);
    const bad = await v1(t.app, manager, 'GET', '/search/candidates/acme?roleId=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('roleId');
  });

  it("profiles: the organisation's candidates matching a name or email, with their applications", async () => {
    const res = await v1(t.app, manager, 'GET', '/search/profiles?searchTerm=Quux');
    expect(res.statusCode, res.body).toBe(200);
    const people = res.json<ProfileMatch[]>();
    // The draft's candidate is a person too, with no application counted.
    expect(people).toEqual([
      { candidateId: expect.any(String), name: 'Drafty Quux', email: 'drafty@example.test', applications: 0 },
      {
        candidateId: expect.any(String),
        name: 'Zebedee (Zed) Quux',
        email: 'zebedee.quux@example.test',
        applications: 1,
      },
    ]);
    const generated = submitted().find((r) => r.email?.endsWith('@candidates.example'))!;
    const byEmail = (
      await v1(t.app, manager, 'GET', `/search/profiles?searchTerm=${encodeURIComponent(generated.email!)}`)
    ).json<ProfileMatch[]>();
    expect(byEmail).toEqual([
      expect.objectContaining({
        candidateId: generated.user_id,
        applications: submitted().filter((r) => r.user_id === generated.user_id).length,
      }),
    ]);
    expect((await v1(t.app, manager, 'GET', '/search/profiles?searchTerm=%20')).json()).toEqual([]);
    // Managers and other organisations' people are not candidates of acme.
    expect((await v1(t.app, manager, 'GET', '/search/profiles?searchTerm=recruiter')).json()).toEqual([]);
    expect((await v1(t.app, manager, 'GET', '/search/profiles')).statusCode).toBe(400);
  });
});

describe("the spec's request shapes (§7 Search, decision 0020)", () => {
  const fieldsOf = (res: { json: () => unknown }) =>
    (res.json() as { errors: Array<{ field: string }> }).errors.map((e) => e.field);

  it('takes the top-level role, stage, substage, subdomain and scores as the filters say them', async () => {
    const ours = await page('', { roleId: roleIds[0]!, stageId: 3, substageId: '3-to-invite' });
    expect(ours.totalElements).toBeGreaterThan(0);
    const spec = { filters: {}, role: roleIds[0]!, stage: 3, substage: '3-to-invite', subdomain: 'acme' };
    for (const variant of ['candidate', 'candidatev', 'fastCandidate']) {
      const res = await search(
        `/search/${variant}/acme?page=0&sortBy=lastChangeAt&orderBy=DESC&resultsPerPage=20`,
        spec,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<CandidateSearchPage>().content.map((c) => c.id)).toEqual(ours.content.map((c) => c.id));
      expect(res.json<CandidateSearchPage>().totalElements).toBe(ours.totalElements);
    }
    // The role, stage and substage as records with their ids; the subdomain in the filters (spec §3).
    const records = await search('/search/candidate/acme', {
      filters: { subdomain: 'acme' },
      role: { id: roleIds[0]! },
      stage: { id: 3, name: 'Shortlist' },
      substage: { id: '3-to-invite' },
    });
    expect(records.statusCode, records.body).toBe(200);
    expect(records.json<CandidateSearchPage>().totalForStage).toEqual(ours.totalForStage);
    const scores = [{ key: 'communication', min: 1 }];
    const scored = await search('/search/candidate/acme', { filters: {}, scores });
    expect(scored.statusCode, scored.body).toBe(200);
    expect(scored.json<CandidateSearchPage>().totalElements).toBe((await page('', { scores })).totalElements);
  });

  it('drops empty values (null, "", []) as the filters do, and takes a value sent in both places once', async () => {
    const all = await page();
    const empty = await search('/search/candidate/acme', {
      filters: {},
      role: null,
      stage: null,
      substage: null,
      subdomain: '',
      scores: [],
    });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json<CandidateSearchPage>().totalElements).toBe(all.totalElements);
    const both = await search('/search/candidate/acme', {
      filters: { roleId: roleIds[1]!, stageId: 1 },
      role: roleIds[1]!.toUpperCase(),
      stage: 1,
    });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json<CandidateSearchPage>().totalElements).toBe(
      (await page('', { roleId: roleIds[1]!, stageId: 1 })).totalElements,
    );
  });

  it('answers 400 naming the field when the two places disagree or the subdomain is not the path organisation’s', async () => {
    const cases: Array<[unknown, string]> = [
      [{ filters: { roleId: roleIds[0]! }, role: roleIds[1]! }, 'role'],
      [{ filters: { stageId: 1 }, stage: 3 }, 'stage'],
      [{ filters: { substageId: '1-new' }, substage: { id: '1-reviewed' } }, 'substage'],
      [{ filters: { scores: [{ key: 'communication' }] }, scores: [{ key: 'testScore' }] }, 'scores'],
      [{ subdomain: 'hartley' }, 'subdomain'],
      [{ filters: { subdomain: 'hartley' } }, 'filters.subdomain'],
      [{ filters: {}, query: 'ada' }, 'query'],
    ];
    for (const [body, field] of cases) {
      const res = await search('/search/candidate/acme', body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(fieldsOf(res)).toEqual([field]);
    }
  });
});
