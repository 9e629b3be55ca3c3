import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledForm } from '#engine/forms/types';
import type { ApplicationListItem, ApplicationRecord } from '#schemas/application';
import type { User } from '#schemas/user';
import { completeAcmeAnswers } from '../factories/answers';
import { DEMO_PASSWORD, deliverEmails, messageTo, signIn, v1 } from '../helpers/auth';
import { expectRecord, formOfRole, newCandidate, roleIdByName, stepAnswers, uploadCv } from '../helpers/applications';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let strategy: string;
let form: CompiledForm;
beforeAll(async () => {
  t = await createTestApp();
  strategy = await roleIdByName(t.db, 'acme', 'Graduate Consultant, Strategy');
  form = await formOfRole(t.db, 'acme', strategy);
});
afterAll(() => t?.close());

const row = (id: string) =>
  sql<Record<string, unknown>>`select * from applications where id = ${id}`.execute(t.db).then((r) => r.rows[0]);
const start = (token: string, roleId: string, query = '') =>
  v1(t.app, token, 'POST', `/candidate/applyc/${roleId}${query}`);
const save = (
  token: string,
  record: ApplicationRecord,
  stepId: string | undefined,
  answers: object,
  extra: Record<string, unknown> = {},
  query = `?maxSteps=${form.steps.length}`,
) =>
  v1(t.app, token, 'PUT', `/candidate/${record.id}${query}`, {
    step: stepId ? form.steps.findIndex((s) => s.id === stepId) + 1 : form.steps.length,
    ...(stepId && { stepId }),
    answers,
    version: record.version,
    role: { id: record.role.id },
    organization: { id: record.organization!.id },
    ...extra,
  });

/** Saves every step of the acme answers in order (the CV uploaded first) and returns the record. */
async function fillEverything(token: string, record: ApplicationRecord): Promise<ApplicationRecord> {
  const uploaded = await uploadCv(t.app, token, record.id);
  const answers = { ...completeAcmeAnswers, cv: { id: uploaded.cv.id, name: uploaded.cv.name } };
  let current = uploaded.record;
  for (const step of form.steps)
    current = expectRecord(await save(token, current, step.id, stepAnswers(form, step.id, answers)));
  return current;
}

describe('starting an application (POST /candidate/applyc/:roleId)', () => {
  it('creates one record per candidate and role, starting from the account names', async () => {
    const candidate = await newCandidate(t.app, t.db, 'acme');
    const created = expectRecord(await start(candidate.token, strategy, '?source=University%20fair'), 201);
    expect(created).toMatchObject({
      step: 0,
      maxSteps: form.steps.length,
      state: 'DRAFT',
      progress: 'DRAFT',
      version: 1,
      completedSteps: [],
      stage: null,
      role: { id: strategy, name: 'Graduate Consultant, Strategy' },
    });
    expect(created.answers).toEqual({ firstName: 'Ada', lastName: 'Lovelace', email: candidate.email });
    const again = expectRecord(await start(candidate.token, strategy), 200);
    expect(again.id).toBe(created.id);
    const twice = await Promise.all([start(candidate.token, strategy), start(candidate.token, strategy)]);
    expect(twice.map((r) => r.json<ApplicationRecord>().id)).toEqual([created.id, created.id]);
    expect((await row(created.id))!.source).toBe('University fair');
    expect(
      (
        await sql<{ n: number }>`select count(*)::int as n from applications where user_id = ${candidate.id}`.execute(
          t.db,
        )
      ).rows[0]!.n,
    ).toBe(1);
  });

  it('refuses closed, archived, unknown and other organisations’ roles, and the hiring side', async () => {
    const candidate = await newCandidate(t.app, t.db, 'acme');
    const closed = await start(
      candidate.token,
      await roleIdByName(t.db, 'acme', 'Graduate Consultant, Autumn 2026 intake'),
    );
    expect(closed.statusCode).toBe(400);
    expect(closed.json().message).toMatch(/^This role closed to applications on \d{1,2} \w+ \d{4}\.$/);
    for (const roleId of [
      await roleIdByName(t.db, 'acme', 'Operations Analyst (2025)'),
      await roleIdByName(t.db, 'hartley', 'Counsel, Corporate M&A'),
      'nope',
    ]) {
      const res = await start(candidate.token, roleId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: `No role with id '${roleId}'.`, code: 'noRole', params: { id: roleId } });
    }
    const manager = (await signIn(t.app, 'recruiter@acme.example', DEMO_PASSWORD)).access_token;
    expect((await start(manager, strategy)).statusCode).toBe(403);
    expect((await start(candidate.token, strategy, `?source=${'x'.repeat(121)}`)).statusCode).toBe(400);
    expect(
      (
        await sql<{ n: number }>`select count(*)::int as n from applications where user_id = ${candidate.id}`.execute(
          t.db,
        )
      ).rows[0]!.n,
    ).toBe(0);
  });
});

describe('saving steps (PUT /candidate/:id?maxSteps, spec §4)', () => {
  it('keeps a step’s answers, advances the step by one only from the frontier, and bumps the version', async () => {
    const candidate = await newCandidate(t.app, t.db, 'acme');
    const record = expectRecord(await start(candidate.token, strategy), 201);
    const first = form.steps[0]!.id;
    const saved = expectRecord(
      await save(
        candidate.token,
        record,
        first,
        stepAnswers(form, first, { ...completeAcmeAnswers, postCode: 'cf10 3at' }),
      ),
    );
    expect(saved).toMatchObject({ step: 1, version: 2, completedSteps: [first] });
    expect(saved.answers).toMatchObject({
      firstName: 'Ada',
      mobile: '+44 7700 900982',
      permitType: 'British or Irish citizen',
      // Kept normalised, not as typed.
      postCode: 'CF10 3AT',
    });
    // Saving a later step (not the next one) keeps the step where it was.
    const later = form.steps[2]!.id;
    const jumped = expectRecord(
      await save(candidate.token, saved, later, stepAnswers(form, later, completeAcmeAnswers)),
    );
    expect(jumped).toMatchObject({ step: 1, version: 3, completedSteps: [first, later] });
    // The searchable columns follow the answers.
    const stored = (await row(record.id))!;
    expect(stored).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      permit_type: 'British or Irish citizen',
      location: 'London',
    });
    // Another browser reads the same record.
    expect(expectRecord(await v1(t.app, candidate.token, 'GET', `/candidate/${record.id}`))).toEqual(jumped);
  });

  it('answers a clear 4xx for bad input and leaves the stored record unchanged', async () => {
    const candidate = await newCandidate(t.app, t.db, 'acme');
    const other = await newCandidate(t.app, t.db, 'acme');
    const record = expectRecord(await start(candidate.token, strategy), 201);
    const otherRecord = expectRecord(await start(other.token, strategy), 201);
    const hartleyRole = await roleIdByName(t.db, 'hartley', 'Counsel, Corporate M&A');
    const first = form.steps[0]!.id;
    const good = stepAnswers(form, first, completeAcmeAnswers);
    const before = await row(record.id);
    const cases: Array<
      [
        string,
        Promise<{
          statusCode: number;
          json: () => { message: string; errors?: Array<{ field: string; message: string }> };
        }>,
        number,
        RegExp | string,
      ]
    > = [
      ['wrong type of step', save(candidate.token, record, first, good, { step: 'two' }), 400, 'Invalid request'],
      [
        'answers not an object',
        save(candidate.token, record, first, good, { answers: 'all of them' }),
        400,
        'Invalid request',
      ],
      [
        'over-long text',
        save(candidate.token, record, first, { ...good, firstName: 'A'.repeat(256) }),
        400,
        'There is a problem with your answers',
      ],
      [
        'missing required answers',
        save(candidate.token, record, first, { ...good, firstName: undefined, permitType: undefined }),
        400,
        'There is a problem with your answers',
      ],
      [
        'wrong answer type',
        save(candidate.token, record, first, { ...good, mobile: 7700900982 }),
        400,
        'There is a problem with your answers',
      ],
      [
        'unknown step',
        save(candidate.token, record, 'nope', good, { stepId: 'nope' }),
        400,
        'There is a problem with your answers',
      ],
      [
        'another candidate’s application',
        save(candidate.token, otherRecord, first, good),
        404,
        `No application with id '${otherRecord.id}'.`,
      ],
      [
        'another organisation’s role',
        save(candidate.token, record, first, good, { role: { id: hartleyRole } }),
        404,
        `No role with id '${hartleyRole}'.`,
      ],
      [
        'another organisation',
        save(candidate.token, record, first, good, { organization: { id: '00000000-0000-0000-0000-000000000000' } }),
        404,
        /^No organisation/,
      ],
      ['a stale version', save(candidate.token, record, first, good, { version: 7 }), 409, /changed in another window/],
      ['a form that changed', save(candidate.token, record, first, good, {}, '?maxSteps=2'), 409, /form has changed/],
      [
        'a file that was never uploaded',
        save(candidate.token, record, 'documents', { cv: { id: 'made-up', name: 'cv.pdf' } }),
        400,
        'There is a problem with your answers',
      ],
    ];
    for (const [what, call, status, message] of cases) {
      const res = await call;
      expect(res.statusCode, what).toBe(status);
      if (typeof message === 'string') expect(res.json().message, what).toBe(message);
      else expect(res.json().message, what).toMatch(message);
      expect(await row(record.id), what).toEqual(before);
    }
    const missing = await save(candidate.token, record, first, {
      ...good,
      firstName: undefined,
      permitType: undefined,
    });
    expect(missing.json().errors).toEqual([
      { field: 'firstName', message: 'Enter first name' },
      { field: 'permitType', message: 'Select your right to work in the UK' },
    ]);
    expect(
      (await save(candidate.token, record, 'documents', { cv: { id: 'made-up', name: 'cv.pdf' } })).json().errors,
    ).toEqual([
      {
        field: 'cv',
        message: 'The selected file was not uploaded to this application: choose it again',
        code: 'fileNotUploaded',
      },
    ]);
    // Nor can another candidate read it.
    expect((await v1(t.app, other.token, 'GET', `/candidate/${record.id}`)).statusCode).toBe(404);
    expect((await v1(t.app, other.token, 'GET', '/candidate/not-an-id')).statusCode).toBe(404);
  });

  it("keeps another organisation's candidates and hiring side out (404), whatever the subdomain", async () => {
    const candidate = await newCandidate(t.app, t.db, 'acme');
    const record = expectRecord(await start(candidate.token, strategy), 201);
    const before = await row(record.id);
    const hartley = await newCandidate(t.app, t.db, 'hartley');
    const first = form.steps[0]!.id;
    const body = {
      step: 1,
      stepId: first,
      answers: stepAnswers(form, first, completeAcmeAnswers),
      version: 1,
      role: { id: strategy },
    };
    expect((await v1(t.app, hartley.token, 'GET', `/candidate/${record.id}?subdomain=hartley`)).statusCode).toBe(404);
    expect((await v1(t.app, hartley.token, 'PUT', `/candidate/${record.id}?subdomain=hartley`, body)).statusCode).toBe(
      404,
    );
    expect((await v1(t.app, hartley.token, 'PUT', `/candidate/${record.id}?subdomain=acme`, body)).statusCode).toBe(
      404,
    );
    expect((await v1(t.app, hartley.token, 'PUT', `/candidate/${record.id}/submit?subdomain=hartley`)).statusCode).toBe(
      404,
    );
    expect(await row(record.id)).toEqual(before);
  });

  it('two browsers saving from the same version end in one consistent state', async () => {
    const candidate = await newCandidate(t.app, t.db, 'acme');
    const record = expectRecord(await start(candidate.token, strategy), 201);
    const first = form.steps[0]!.id;
    const answers = stepAnswers(form, first, completeAcmeAnswers);
    const results = await Promise.all([
      save(candidate.token, record, first, answers),
      save(candidate.token, record, first, { ...answers, firstName: 'Augusta' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await row(record.id))!.version).toBe(2);
  });
});

describe('submitting (PUT /candidate/:id/submit)', () => {
  it('refuses an incomplete application with every missing answer, then accepts it whole: stage 1, history, email', async () => {
    const candidate = await newCandidate(t.app, t.db, 'acme');
    const record = expectRecord(await start(candidate.token, strategy), 201);
    const before = await row(record.id);
    const early = await v1(t.app, candidate.token, 'PUT', `/candidate/${record.id}/submit`);
    expect(early.statusCode).toBe(400);
    expect(early.json().errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['mobile', 'permitType', 'universities', 'cv', 'acceptTermAndConditions']),
    );
    expect(await row(record.id)).toEqual(before);

    const filled = await fillEverything(candidate.token, record);
    expect(filled).toMatchObject({ step: form.steps.length, completedSteps: form.steps.map((s) => s.id) });
    const submitted = expectRecord(await v1(t.app, candidate.token, 'PUT', `/candidate/${record.id}/submit`));
    expect(submitted).toMatchObject({
      state: 'SUBMITTED',
      progress: 'SUBMITTED',
      candidateStatus: 'ACTIVE',
      stage: null,
    });
    expect(submitted.appliedAt).not.toBeNull();
    const stored = (await row(record.id))!;
    expect(stored).toMatchObject({
      stage_id: 1,
      stage_status: 'PENDING',
      state: 'SUBMITTED',
      university_name: 'University of Leeds',
      university_groups: ['RUSSELL'],
      degree_class: 'First-class honours',
      graduation_year: 2025,
    });
    const history = await t.db
      .selectFrom('stage_history')
      .selectAll()
      .where('application_id', '=', record.id)
      .execute();
    expect(history).toMatchObject([{ from_stage_id: null, to_stage_id: 1, actor_id: candidate.id }]);
    const email = messageTo(await deliverEmails(t.db), candidate.email);
    expect(email.subject).toBe('Application received: Graduate Consultant, Strategy');
    expect(email.link).toMatch(/\/applications$/);

    // The hiring side sees the stage; the candidate sees the status meant for them.
    const manager = (await signIn(t.app, 'recruiter@acme.example', DEMO_PASSWORD)).access_token;
    expect(expectRecord(await v1(t.app, manager, 'GET', `/candidate/${record.id}`)).stage).toEqual({
      id: 1,
      name: 'Applied',
      substageId: '1-new',
    });
    const hartleyManager = (await signIn(t.app, 'recruiter@hartley.example', DEMO_PASSWORD, 'hartley')).access_token;
    expect((await v1(t.app, hartleyManager, 'GET', `/candidate/${record.id}?subdomain=hartley`)).statusCode).toBe(404);

    // Submitted: no more changes, no second submit.
    const afterSubmit = await row(record.id);
    expect((await v1(t.app, candidate.token, 'PUT', `/candidate/${record.id}/submit`)).json()).toEqual({
      message: 'This application has been submitted and can no longer be changed.',
      code: 'applicationSubmitted',
    });
    expect(
      (
        await save(
          candidate.token,
          submitted,
          form.steps[0]!.id,
          stepAnswers(form, form.steps[0]!.id, completeAcmeAnswers),
        )
      ).statusCode,
    ).toBe(400);
    expect(await row(record.id)).toEqual(afterSubmit);

    // The list, and GET /user for the sign-in landing page.
    const list = (await v1(t.app, candidate.token, 'GET', '/candidate/applications')).json<ApplicationListItem[]>();
    expect(list).toMatchObject([
      {
        id: record.id,
        state: 'SUBMITTED',
        progress: 'SUBMITTED',
        role: { name: 'Graduate Consultant, Strategy', closed: false },
      },
    ]);
    const user = (await v1(t.app, candidate.token, 'GET', '/user')).json<User>();
    expect(user.applications).toEqual([
      {
        role: { id: strategy, name: 'Graduate Consultant, Strategy' },
        roleType: 'Graduate programme',
        appliedAt: submitted.appliedAt,
      },
    ]);
  });

  it("a submit from a Welsh page: the confirmation email is Welsh, and Welsh becomes the candidate's language", async () => {
    const candidate = await newCandidate(t.app, t.db, 'acme');
    const record = await fillEverything(candidate.token, expectRecord(await start(candidate.token, strategy), 201));
    expectRecord(await v1(t.app, candidate.token, 'PUT', `/candidate/${record.id}/submit?language=cy`));
    const email = messageTo(await deliverEmails(t.db), candidate.email);
    expect(email.subject).toBe('Cais wedi dod i law: Graduate Consultant, Strategy');
    expect(email.text).toContain('Diolch am wneud cais am Graduate Consultant, Strategy yn Acme Consulting.');
    expect(email.link).toMatch(/\/applications\?language=cy$/);
    expect(
      (await t.db.selectFrom('users').select('language').where('id', '=', candidate.id).executeTakeFirstOrThrow())
        .language,
    ).toBe('cy');
  });

  it('withdraws a submitted application (stage 15) and deletes a draft', async () => {
    const candidate = await newCandidate(t.app, t.db, 'acme');
    const record = await fillEverything(candidate.token, expectRecord(await start(candidate.token, strategy), 201));
    expect((await v1(t.app, candidate.token, 'PUT', `/candidate/${record.id}/withdraw`)).json().message).toMatch(
      /delete the draft/,
    );
    expectRecord(await v1(t.app, candidate.token, 'PUT', `/candidate/${record.id}/submit`));
    const manager = (await signIn(t.app, 'recruiter@acme.example', DEMO_PASSWORD)).access_token;
    expect((await v1(t.app, manager, 'PUT', `/candidate/${record.id}/withdraw`)).statusCode).toBe(403);
    const withdrawn = expectRecord(await v1(t.app, candidate.token, 'PUT', `/candidate/${record.id}/withdraw`));
    expect(withdrawn).toMatchObject({ state: 'WITHDRAWN', progress: 'WITHDRAWN' });
    expect((await row(record.id))!.stage_id).toBe(15);
    expect((await v1(t.app, candidate.token, 'PUT', `/candidate/${record.id}/withdraw`)).statusCode).toBe(400);
    expect((await v1(t.app, candidate.token, 'DELETE', `/candidate/${record.id}`)).statusCode).toBe(400);

    const draft = expectRecord(
      await start(candidate.token, await roleIdByName(t.db, 'acme', 'Graduate Data Analyst')),
      201,
    );
    const other = await newCandidate(t.app, t.db, 'acme');
    expect((await v1(t.app, other.token, 'DELETE', `/candidate/${draft.id}`)).statusCode).toBe(404);
    expect((await v1(t.app, candidate.token, 'DELETE', `/candidate/${draft.id}`)).json()).toEqual({
      message: 'Your draft application has been deleted',
      code: 'draftDeleted',
    });
    expect(await row(draft.id)).toBeUndefined();
  });
});

describe('answers shared across applications to one organisation', () => {
  it('starts the next application with the profile questions already answered, and their steps completed', async () => {
    const candidate = await newCandidate(t.app, t.db, 'acme');
    await fillEverything(candidate.token, expectRecord(await start(candidate.token, strategy), 201));
    const next = expectRecord(
      await start(candidate.token, await roleIdByName(t.db, 'acme', 'Graduate Data Analyst')),
      201,
    );
    expect(next.answers).toMatchObject({
      secondarySchool: 'Camden School for Girls',
      universities: completeAcmeAnswers.universities,
      acceptTermAndConditions: true,
    });
    expect(next.answers.cv).toBeUndefined();
    expect(next.answers.gender).toBeUndefined();
    expect(next.completedSteps).toEqual(['education', 'declaration']);
    expect(next.step).toBe(0);
    // /applications counts the sections done as the task list does (engine sectionProgress): the profile's two.
    const list = (await v1(t.app, candidate.token, 'GET', '/candidate/applications')).json<ApplicationListItem[]>();
    expect(list.find((item) => item.id === next.id)?.sections).toEqual({ completed: 2, total: next.maxSteps });
    expect(list.find((item) => item.id !== next.id)?.sections).toEqual({
      completed: next.maxSteps,
      total: next.maxSteps,
    });
    const profile = (await v1(t.app, candidate.token, 'GET', '/user/profile')).json();
    expect(profile.answers).toMatchObject({ firstName: 'Ada', secondarySchool: 'Camden School for Girls' });
    expect(profile.answers.gender).toBeUndefined();
  });
});

describe('every candidate call needs a signed-in user of the organisation', () => {
  it.each([
    ['POST', '/candidate/applyc/00000000-0000-0000-0000-000000000000'],
    ['GET', '/candidate/applications'],
    ['GET', '/candidate/00000000-0000-0000-0000-000000000000'],
    ['PUT', '/candidate/00000000-0000-0000-0000-000000000000'],
    ['PUT', '/candidate/00000000-0000-0000-0000-000000000000/submit'],
    ['PUT', '/candidate/00000000-0000-0000-0000-000000000000/withdraw'],
    ['DELETE', '/candidate/00000000-0000-0000-0000-000000000000'],
    ['GET', '/user/profile'],
    ['PUT', '/user/profile?section=personalInformation'],
  ] as const)('%s %s answers 401 without a token', async (method, path) => {
    const res = await t.app.inject({
      method,
      url: `/api/v1${path}`,
      payload: method === 'GET' || method === 'DELETE' ? undefined : {},
    });
    expect(res.statusCode).toBe(401);
  });
});
