import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateProfile } from '#schemas/profile';
import type { User } from '#schemas/user';
import { completeAcmeAnswers } from '../factories/answers';
import { DEMO_PASSWORD, signIn, v1 } from '../helpers/auth';
import { expectRecord, newCandidate, PDF, roleIdByName, upload } from '../helpers/applications';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const personal = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  mobile: '07700 900123',
  nationality: 'United Kingdom',
};
const put = (token: string, section: string, body: object) =>
  v1(t.app, token, 'PUT', `/user/profile?section=${section}`, body);
const stored = (userId: string) =>
  sql<Record<string, unknown>>`select * from candidate_profiles where user_id = ${userId}`
    .execute(t.db)
    .then((r) => r.rows[0]);

describe('GET and PUT /api/v1/user/profile', () => {
  it('starts empty, then saves section by section with a version', async () => {
    const candidate = await newCandidate(t.app, t.db, 'acme');
    expect((await v1(t.app, candidate.token, 'GET', '/user/profile')).json()).toMatchObject({
      answers: {},
      completedSections: [],
      version: 0,
      updatedAt: null,
      candidateStatus: null,
    });
    const first = await put(candidate.token, 'personalInformation', { answers: personal, version: 0 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<CandidateProfile>()).toMatchObject({
      answers: personal,
      completedSections: ['personalInformation'],
      version: 1,
    });
    const universities = { universities: completeAcmeAnswers.universities };
    const second = (
      await put(candidate.token, 'universityEducation', { answers: universities, version: 1 })
    ).json<CandidateProfile>();
    expect(second).toMatchObject({
      answers: { ...personal, ...universities },
      completedSections: ['personalInformation', 'universityEducation'],
      version: 2,
    });
    // The terms section sets the account's consents too.
    await put(candidate.token, 'termsAndConditions', {
      answers: { acceptTermAndConditions: true, acceptRare: true, acceptResearch: false },
      version: 2,
    });
    expect((await v1(t.app, candidate.token, 'GET', '/user')).json<User>()).toMatchObject({
      acceptRare: true,
      acceptResearch: false,
      acceptTermAndConditions: true,
    });
  });

  it('answers a clear 4xx for bad input, changing nothing', async () => {
    const candidate = await newCandidate(t.app, t.db, 'acme');
    await put(candidate.token, 'personalInformation', { answers: personal, version: 0 });
    const before = await stored(candidate.id);
    const cases: Array<
      [string, Promise<{ statusCode: number; json: () => { message: string; errors?: unknown } }>, number]
    > = [
      ['unknown section', put(candidate.token, 'crsInformation', { answers: {}, version: 1 }), 400],
      [
        'missing required answer',
        put(candidate.token, 'personalInformation', { answers: { ...personal, lastName: '' }, version: 1 }),
        400,
      ],
      [
        'over-long text',
        put(candidate.token, 'personalInformation', {
          answers: { ...personal, firstName: 'G'.repeat(300) },
          version: 1,
        }),
        400,
      ],
      ['wrong type', put(candidate.token, 'personalInformation', { answers: personal, version: 'one' }), 400],
      ['stale version', put(candidate.token, 'personalInformation', { answers: personal, version: 0 }), 409],
      ['no section', v1(t.app, candidate.token, 'PUT', '/user/profile', { answers: personal, version: 1 }), 400],
    ];
    for (const [what, call, status] of cases) expect((await call).statusCode, what).toBe(status);
    expect((await put(candidate.token, 'crsInformation', { answers: {}, version: 1 })).json().errors).toEqual([
      {
        field: 'section',
        message: "There is no section 'crsInformation' in your profile",
        code: 'noSection',
        params: { section: 'crsInformation' },
      },
    ]);
    expect(
      (await put(candidate.token, 'personalInformation', { answers: { ...personal, lastName: '' }, version: 1 })).json()
        .errors,
    ).toEqual([{ field: 'lastName', message: 'Enter last name' }]);
    expect(await stored(candidate.id)).toEqual(before);
    const manager = (await signIn(t.app, 'hr@acme.example', DEMO_PASSWORD)).access_token;
    expect((await v1(t.app, manager, 'GET', '/user/profile')).statusCode).toBe(403);
  });

  it('the contextual edition (northbridge) has the CRS information section', async () => {
    const candidate = await newCandidate(t.app, t.db, 'northbridge');
    const crs = {
      freeSchoolMeals: 'Yes',
      firstGenerationUniversity: 'Yes',
      caringResponsibilities: 'No',
      refugeeOrAsylumSeeker: 'No',
      paidWorkDuringSixteen: 'No',
      paidWorkDuringUniversity: 'No',
    };
    const res = await v1(t.app, candidate.token, 'PUT', '/user/profile?section=crsInformation&subdomain=northbridge', {
      answers: crs,
      version: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('DELETE /api/v1/user/deleteMe', () => {
  it('erases the candidate’s applications, stage history, profile and documents', async () => {
    const candidate = await newCandidate(t.app, t.db, 'acme');
    const role = await roleIdByName(t.db, 'acme', 'Graduate Consultant, Strategy');
    const record = expectRecord(await v1(t.app, candidate.token, 'POST', `/candidate/applyc/${role}`), 201);
    await upload(t.app, candidate.token, `/candidate/${record.id}/cv`, {
      name: 'cv.pdf',
      type: 'application/pdf',
      bytes: PDF,
    });
    await put(candidate.token, 'personalInformation', { answers: personal, version: 0 });
    const count = async (table: string) =>
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from ${sql.table(table)} where user_id = ${candidate.id}`.execute(t.db)
      ).rows[0]!.n;
    expect([await count('applications'), await count('documents'), await count('candidate_profiles')]).toEqual([
      1, 1, 1,
    ]);
    expect((await v1(t.app, candidate.token, 'DELETE', '/user/deleteMe')).statusCode).toBe(200);
    expect([await count('applications'), await count('documents'), await count('candidate_profiles')]).toEqual([
      0, 0, 0,
    ]);
    expect(
      await t.db.selectFrom('stage_history').select('id').where('application_id', '=', record.id).execute(),
    ).toEqual([]);
  });
});
