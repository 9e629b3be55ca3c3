import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledForm } from '#engine/forms/types';
import type {
  Adjustment,
  CandidatePanel,
  ContactPage,
  Note,
  PanelApplication,
  StageScores,
} from '#schemas/candidate-items';
import { createUser } from '#server/seed/factories';
import { findExportBatch, type ExportCursor } from '#server/modules/candidate-items/candidate-items.repository';
import { findOrganizationByKey } from '#server/modules/organizations/organization.repository';
import { matchingApplications } from '#server/modules/search/candidate-filter';
import { completeAcmeAnswers } from '../factories/answers';
import { DEMO_PASSWORD, deliverEmails, signIn, v1 } from '../helpers/auth';
import {
  expectRecord,
  formOfRole,
  newCandidate,
  PDF,
  PNG,
  roleIdByName,
  stepAnswers,
  upload,
  uploadCv,
} from '../helpers/applications';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let acmeId: string;
let strategy: string;
let form: CompiledForm;
/** recruiter@acme: HIRING_MANAGER. */
let recruiter: string;
/** hr@acme: HIRING_MANAGER_ADMIN. */
let admin: string;
/** Another standard manager of acme, made for these tests. */
let colleague: string;
let hartley: string;
let acmeCandidate: string;

beforeAll(async () => {
  t = await createTestApp();
  acmeId = (
    await t.db.selectFrom('organizations').select('id').where('subdomain', '=', 'acme').executeTakeFirstOrThrow()
  ).id;
  strategy = await roleIdByName(t.db, 'acme', 'Graduate Consultant, Strategy');
  form = await formOfRole(t.db, 'acme', strategy);
  recruiter = (await signIn(t.app, 'recruiter@acme.example', DEMO_PASSWORD)).access_token;
  admin = (await signIn(t.app, 'hr@acme.example', DEMO_PASSWORD)).access_token;
  await createUser(t.db, {
    organizationId: acmeId,
    email: 'colleague@acme.example',
    password: DEMO_PASSWORD,
    userType: 'HIRING_MANAGER',
    firstName: 'Grace',
    lastName: 'Hopper',
  });
  colleague = (await signIn(t.app, 'colleague@acme.example', DEMO_PASSWORD)).access_token;
  hartley = (await signIn(t.app, 'recruiter@hartley.example', DEMO_PASSWORD, 'hartley')).access_token;
  acmeCandidate = (await signIn(t.app, 'candidate@acme.example', DEMO_PASSWORD)).access_token;
}, 60_000);
afterAll(() => t?.close());

/** A complete application (by a new candidate unless given) to the role, submitted (stage 1 'Applied'). */
async function submitted(roleId = strategy, existing?: { id: string; email: string; token: string }) {
  const candidate = existing ?? (await newCandidate(t.app, t.db, 'acme'));
  const roleForm = roleId === strategy ? form : await formOfRole(t.db, 'acme', roleId);
  const started = expectRecord(await v1(t.app, candidate.token, 'POST', `/candidate/applyc/${roleId}`), 201);
  const { cv, record: withCv } = await uploadCv(t.app, candidate.token, started.id);
  let record = withCv;
  const answers = { ...completeAcmeAnswers, cv: { id: cv.id, name: cv.name } };
  for (const [index, step] of roleForm.steps.entries()) {
    record = expectRecord(
      await v1(t.app, candidate.token, 'PUT', `/candidate/${record.id}`, {
        step: index + 1,
        stepId: step.id,
        answers: stepAnswers(roleForm, step.id, answers),
        version: record.version,
        role: { id: roleId },
      }),
    );
  }
  expectRecord(await v1(t.app, candidate.token, 'PUT', `/candidate/${record.id}/submit`));
  return { candidate, id: record.id, cv };
}

const item = (id: string, path = '', org = 'acme') => `/organization/${org}/candidate/${id}${path}`;
const panelOf = async (id: string, token = recruiter) => {
  const res = await v1(t.app, token, 'GET', item(id));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CandidatePanel>();
};
const rowOf = (id: string) =>
  sql<Record<string, unknown>>`select * from applications where id = ${id}`.execute(t.db).then((r) => r.rows[0]!);
const notesOf = (id: string) =>
  t.db
    .selectFrom('candidate_notes')
    .select(['id', 'kind', 'body', 'author_id', 'updated_at'])
    .where('application_id', '=', id)
    .orderBy('created_at')
    .execute();
const scoresOf = (id: string) =>
  t.db
    .selectFrom('candidate_scores')
    .select(['stage_id', 'key', 'value', 'score'])
    .where('application_id', '=', id)
    .orderBy('stage_id')
    .orderBy('key')
    .execute();

type Case = [
  what: string,
  call: Promise<LightMyRequestResponse>,
  status: number,
  message: string | RegExp,
  field?: string,
];
/** Runs refused calls and checks each one's status, message and (when given) the field named first. */
async function expectRefused(cases: Case[]): Promise<void> {
  for (const [what, call, status, message, field] of cases) {
    const res = await call;
    expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
    const body = res.json<{ message: string; errors?: Array<{ field: string; message: string }> }>();
    expect(body.message, what).toMatch(message);
    if (field)
      expect(
        body.errors?.map((e) => e.field),
        what,
      ).toContain(field);
  }
}

describe('GET /organization/:orgId/candidate/:id (the candidate panel)', () => {
  it("shows the application, the role's listFields as the form words them, documents and every scorable stage", async () => {
    const { candidate, id, cv } = await submitted();
    const panel = await panelOf(id);
    expect(panel.application).toMatchObject({
      id,
      roleId: strategy,
      roleName: 'Graduate Consultant, Strategy',
      state: 'SUBMITTED',
      stageId: 1,
      stageName: 'Applied',
      substageId: '1-new',
      substageName: 'New',
      stageStatus: 'PENDING',
      matched: false,
      adjustment: null,
      assignee: null,
      totalScore: null,
    });
    expect(panel.candidate).toEqual({ id: candidate.id, name: 'Ada Lovelace', email: candidate.email });
    // The role's listFields, in their order, with the form's labels and display formats.
    expect(panel.panel).toEqual([
      { id: 'firstName', label: 'First name', value: 'Ada', source: 'profile' },
      { id: 'lastName', label: 'Last name', value: 'Lovelace', source: 'profile' },
      { id: 'email', label: 'Email address', value: 'ada@example.com', source: 'profile' },
      {
        id: 'universities',
        label: 'Universities',
        value: 'Undergraduate, University of Leeds, 2022, 2025, BSc, Mathematics, First-class honours, 72.5%',
        source: 'application',
      },
      { id: 'permitType', label: 'Right to work in the UK', value: 'British or Irish citizen', source: 'application' },
      { id: 'cv', label: 'CV', value: 'ada-cv.pdf', source: 'application' },
      {
        id: 'whyAcme',
        label: 'Why do you want to join Acme Consulting?',
        value: 'Because I like solving problems with people.',
        source: 'application',
      },
      { id: 'preferredOffice', label: 'Which office would you prefer?', value: 'Manchester', source: 'application' },
    ]);
    expect(panel.documents).toEqual([
      {
        id: cv.id,
        fieldId: 'cv',
        fileName: 'ada-cv.pdf',
        contentType: 'application/pdf',
        size: PDF.length,
        createdAt: cv.createdAt,
      },
    ]);
    expect(panel.notes).toEqual([]);
    expect(panel.comments).toEqual([]);
    // acme's pipeline order (1, 28, 2, 3, 9, 10, 11, …): the stages with metrics, §5 ranges filled in.
    expect(panel.scores.map((s) => s.stageId)).toEqual([28, 2, 3, 9, 10, 11]);
    expect(panel.scores.find((s) => s.stageId === 3)!.metrics).toEqual([
      { key: 'communication', label: 'Communication', metricType: 'NUMBER', min: 0, max: 5 },
      { key: 'motivation', label: 'Motivation', metricType: 'NUMBER', min: 0, max: 5 },
      { key: 'recommend', label: 'Recommend for the next stage', metricType: 'BOOLEAN' },
      { key: 'interviewNotes', label: 'Interview notes', metricType: 'TEXT' },
    ]);
    expect(panel.scores.find((s) => s.stageId === 2)!.metrics[0]).toMatchObject({
      metricType: 'PERCENT',
      min: 0,
      max: 100,
    });
    expect(panel.scores.find((s) => s.stageId === 9)!.metrics[0]).toMatchObject({
      key: 'groupExercise',
      min: 0,
      max: 10,
    });
    // The organisation may be named by its id too; an admin sees the same.
    expect((await panelOf(id, admin)).application.id).toBe(id);
    const byId = await v1(t.app, recruiter, 'GET', item(id, '', acmeId));
    expect(byId.json<CandidatePanel>().panel).toEqual(panel.panel);
  });

  it('answers 404 for other organisations, drafts and unknown ids, 403 for candidates and 401 without a token', async () => {
    const { candidate, id } = await submitted();
    const draft = await newCandidate(t.app, t.db, 'acme');
    const draftId = expectRecord(await v1(t.app, draft.token, 'POST', `/candidate/applyc/${strategy}`), 201).id;
    await expectRefused([
      [
        "another organisation's manager, in their organisation",
        v1(t.app, hartley, 'GET', `${item(id, '', 'hartley')}?subdomain=hartley`),
        404,
        `No application with id '${id}'.`,
      ],
      [
        "another organisation's manager, naming acme",
        v1(t.app, hartley, 'GET', item(id)),
        404,
        "No organisation with subdomain 'acme'.",
      ],
      [
        'a draft (not in the pipeline)',
        v1(t.app, recruiter, 'GET', item(draftId)),
        404,
        `No application with id '${draftId}'.`,
      ],
      [
        'an unknown id',
        v1(t.app, recruiter, 'GET', item('00000000-0000-4000-8000-000000000000')),
        404,
        "No application with id '00000000-0000-4000-8000-000000000000'.",
      ],
      [
        'a malformed id',
        v1(t.app, recruiter, 'GET', item('12; drop table')),
        404,
        "No application with id '12; drop table'.",
      ],
      [
        'the candidate themself',
        v1(t.app, candidate.token, 'GET', item(id)),
        403,
        'You do not have permission to do this.',
      ],
      ['another candidate', v1(t.app, acmeCandidate, 'GET', item(id)), 403, 'You do not have permission to do this.'],
    ]);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1${item(id)}` })).statusCode).toBe(401);
  });
});

describe('notes and comments (PUT …/note, …/note/:noteId, …/comment)', () => {
  it('adds trimmed notes and comments with their author, shown newest first and as a thread', async () => {
    const { id } = await submitted();
    const first = await v1(t.app, recruiter, 'PUT', item(id, '/note'), { comment: '  Strong case study.  ' });
    expect(first.statusCode, first.body).toBe(201);
    const note = first.json<Note>();
    expect(note).toMatchObject({ kind: 'NOTE', body: 'Strong case study.', author: { name: 'Ravi Recruiter' } });
    expect(note.createdAt).toBe(note.updatedAt);
    const second = (await v1(t.app, admin, 'PUT', item(id, '/note'), { comment: 'Check references.' })).json<Note>();
    const c1 = await v1(t.app, recruiter, 'PUT', item(id, '/comment'), { comment: 'Shall we invite?' });
    expect(c1.statusCode).toBe(201);
    expect(c1.json<Note>()).toMatchObject({ kind: 'COMMENT', body: 'Shall we invite?' });
    const c2 = (await v1(t.app, colleague, 'PUT', item(id, '/comment'), { comment: 'Yes.' })).json<Note>();
    expect(c2.author).toMatchObject({ name: 'Grace Hopper' });

    const panel = await panelOf(id);
    expect(panel.notes.map((n) => n.id)).toEqual([second.id, note.id]);
    expect(panel.comments.map((n) => n.body)).toEqual(['Shall we invite?', 'Yes.']);
    // 4096 characters is the limit, counted as characters (an emoji is one), like the database's.
    const longest = '😀'.repeat(4096);
    const long = await v1(t.app, recruiter, 'PUT', item(id, '/note'), { comment: longest });
    expect(long.statusCode, long.body).toBe(201);
    expect(long.json<Note>().body).toBe(longest);
  });

  it('lets the author and an admin edit a note, and nobody else', async () => {
    const { id } = await submitted();
    const note = (await v1(t.app, recruiter, 'PUT', item(id, '/note'), { comment: 'First thoughts' })).json<Note>();
    const edited = await v1(t.app, recruiter, 'PUT', item(id, `/note/${note.id}`), { comment: ' Second thoughts ' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Note>()).toMatchObject({
      id: note.id,
      body: 'Second thoughts',
      createdAt: note.createdAt,
      author: note.author,
    });
    expect(Date.parse(edited.json<Note>().updatedAt)).toBeGreaterThanOrEqual(Date.parse(note.updatedAt));

    const before = await notesOf(id);
    await expectRefused([
      [
        'another standard manager',
        v1(t.app, colleague, 'PUT', item(id, `/note/${note.id}`), { comment: 'Mine now' }),
        403,
        'Only the author of a note or an admin can change it.',
      ],
    ]);
    expect(await notesOf(id)).toEqual(before);

    const byAdmin = await v1(t.app, admin, 'PUT', item(id, `/note/${note.id}`), { comment: 'Tidied by HR' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json<Note>()).toMatchObject({ body: 'Tidied by HR', author: note.author });
    expect((await panelOf(id)).notes.map((n) => n.body)).toEqual(['Tidied by HR']);
  });

  it('refuses empty, over-long and mistyped text, comments edited as notes, and strangers, storing nothing', async () => {
    const { candidate, id } = await submitted();
    const other = await submitted();
    const note = (await v1(t.app, recruiter, 'PUT', item(id, '/note'), { comment: 'Keep me' })).json<Note>();
    const comment = (await v1(t.app, recruiter, 'PUT', item(id, '/comment'), { comment: 'A comment' })).json<Note>();
    const before = await notesOf(id);
    await expectRefused([
      [
        'a blank note',
        v1(t.app, recruiter, 'PUT', item(id, '/note'), { comment: ' \n\t ' }),
        400,
        'Enter a note',
        'comment',
      ],
      [
        'a blank comment',
        v1(t.app, recruiter, 'PUT', item(id, '/comment'), { comment: '' }),
        400,
        'Enter a comment',
        'comment',
      ],
      [
        '4097 characters',
        v1(t.app, recruiter, 'PUT', item(id, '/note'), { comment: 'x'.repeat(4097) }),
        400,
        'Invalid request',
        'comment',
      ],
      ['a number', v1(t.app, recruiter, 'PUT', item(id, '/note'), { comment: 123 }), 400, 'Invalid request', 'comment'],
      ['no text', v1(t.app, recruiter, 'PUT', item(id, '/comment'), {}), 400, 'Invalid request', 'comment'],
      [
        'an unknown property',
        v1(t.app, recruiter, 'PUT', item(id, '/note'), { comment: 'ok', pinned: true }),
        400,
        'Invalid request',
        'pinned',
      ],
      [
        'a blank edit',
        v1(t.app, recruiter, 'PUT', item(id, `/note/${note.id}`), { comment: '   ' }),
        400,
        'Enter a note',
        'comment',
      ],
      [
        'an over-long edit',
        v1(t.app, recruiter, 'PUT', item(id, `/note/${note.id}`), { comment: 'y'.repeat(5000) }),
        400,
        'Invalid request',
        'comment',
      ],
      [
        'a comment edited as a note',
        v1(t.app, recruiter, 'PUT', item(id, `/note/${comment.id}`), { comment: 'Changed' }),
        404,
        `No note with id '${comment.id}'.`,
      ],
      [
        'a note through another application',
        v1(t.app, recruiter, 'PUT', item(other.id, `/note/${note.id}`), { comment: 'Changed' }),
        404,
        `No note with id '${note.id}'.`,
      ],
      [
        'a malformed note id',
        v1(t.app, recruiter, 'PUT', item(id, '/note/nope'), { comment: 'Changed' }),
        404,
        "No note with id 'nope'.",
      ],
      [
        "another organisation's manager",
        v1(t.app, hartley, 'PUT', `${item(id, '/note', 'hartley')}?subdomain=hartley`, { comment: 'Hi' }),
        404,
        `No application with id '${id}'.`,
      ],
      [
        "another organisation's manager editing",
        v1(t.app, hartley, 'PUT', `${item(id, `/note/${note.id}`, 'hartley')}?subdomain=hartley`, { comment: 'Hi' }),
        404,
        `No application with id '${id}'.`,
      ],
      [
        'the candidate',
        v1(t.app, candidate.token, 'PUT', item(id, '/note'), { comment: 'Hire me' }),
        403,
        'You do not have permission to do this.',
      ],
      [
        'the candidate, with a bad body',
        v1(t.app, candidate.token, 'PUT', item(id, '/comment'), { comment: 5 }),
        403,
        'You do not have permission to do this.',
      ],
    ]);
    expect(await notesOf(id)).toEqual(before);
    expect(await notesOf(other.id)).toEqual([]);
  });
});

describe('scores (PUT and GET …/score)', () => {
  const score = (id: string, body: unknown, token = recruiter) => v1(t.app, token, 'PUT', item(id, '/score'), body);

  it("stores a stage's values, totals them (sum for NUMBER, mean for PERCENT) and copies the latest total to the application", async () => {
    const { id } = await submitted();
    const interview = await score(id, {
      stageId: 3,
      scores: { communication: 4, motivation: 3.5, recommend: true, interviewNotes: '  Clear and calm.  ' },
    });
    expect(interview.statusCode, interview.body).toBe(200);
    expect(interview.json<StageScores>()).toMatchObject({
      stageId: 3,
      stageName: 'At interview',
      values: { communication: 4, motivation: 3.5, recommend: true, interviewNotes: 'Clear and calm.' },
      totalScore: 7.5,
    });
    expect((await panelOf(id)).application.totalScore).toBe(7.5);
    expect(await scoresOf(id)).toEqual([
      { stage_id: 3, key: 'communication', value: 4, score: '4' },
      { stage_id: 3, key: 'interviewNotes', value: 'Clear and calm.', score: null },
      { stage_id: 3, key: 'motivation', value: 3.5, score: '3.5' },
      { stage_id: 3, key: 'recommend', value: true, score: '1' },
    ]);

    // PERCENT: the mean; a BOOLEAN does not count. The application shows the latest stage's total.
    const final = (await score(id, { stageId: 10, scores: { finalScore: 64, recommend: false } })).json<StageScores>();
    expect(final.totalScore).toBe(64);
    expect(Number((await rowOf(id)).total_score)).toBe(64);
    // A given total wins; DATE values are epoch seconds; the range is the metric's own (0..10).
    const centre = await score(id, {
      stageId: 9,
      scores: { groupExercise: 10, presentation: 0, assessedOn: 1_767_225_600 },
      totalScore: 9.5,
    });
    expect(centre.statusCode, centre.body).toBe(200);
    expect(centre.json<StageScores>()).toMatchObject({
      values: { groupExercise: 10, presentation: 0, assessedOn: 1_767_225_600 },
      totalScore: 9.5,
    });
    // Only the keys sent change; null removes one and the total follows.
    const again = (await score(id, { stageId: 3, scores: { motivation: null } })).json<StageScores>();
    expect(again).toMatchObject({
      values: { communication: 4, recommend: true, interviewNotes: 'Clear and calm.' },
      totalScore: 4,
    });
    expect(again.values).not.toHaveProperty('motivation');

    const list = await v1(t.app, admin, 'GET', item(id, '/score'));
    expect(list.statusCode).toBe(200);
    const stages = list.json<StageScores[]>();
    expect(stages.map((s) => [s.stageId, s.totalScore])).toEqual([
      [28, null],
      [2, null],
      [3, 4],
      [9, 9.5],
      [10, 64],
      [11, null],
    ]);
    expect(stages.find((s) => s.stageId === 3)!.updatedAt).not.toBeNull();
    expect((await panelOf(id)).application.totalScore).toBe(4);
    expect((await panelOf(id)).scores).toEqual(stages);
  });

  it('refuses values outside their metric, unknown keys and stages, and wrong types, naming each, changing nothing', async () => {
    const { candidate, id } = await submitted();
    expect((await score(id, { stageId: 3, scores: { communication: 2 } })).statusCode).toBe(200);
    const before = { scores: await scoresOf(id), total: (await rowOf(id)).total_score };
    await expectRefused([
      [
        'a NUMBER above its max',
        score(id, { stageId: 3, scores: { communication: 6 } }),
        400,
        'There is a problem with the scores',
        'scores.communication',
      ],
      [
        'a NUMBER below its min',
        score(id, { stageId: 3, scores: { motivation: -1 } }),
        400,
        'There is a problem with the scores',
        'scores.motivation',
      ],
      [
        "above the metric's own max",
        score(id, { stageId: 9, scores: { groupExercise: 10.5 } }),
        400,
        'There is a problem with the scores',
        'scores.groupExercise',
      ],
      [
        'a PERCENT over 100',
        score(id, { stageId: 2, scores: { testScore: 101 } }),
        400,
        'There is a problem with the scores',
        'scores.testScore',
      ],
      [
        'a number sent as text',
        score(id, { stageId: 3, scores: { communication: '4' } }),
        400,
        'There is a problem with the scores',
        'scores.communication',
      ],
      [
        'a BOOLEAN sent as 1',
        score(id, { stageId: 3, scores: { recommend: 1 } }),
        400,
        'There is a problem with the scores',
        'scores.recommend',
      ],
      [
        'a TEXT sent as a number',
        score(id, { stageId: 3, scores: { interviewNotes: 5 } }),
        400,
        'There is a problem with the scores',
        'scores.interviewNotes',
      ],
      [
        'TEXT over 4096 characters',
        score(id, { stageId: 3, scores: { interviewNotes: 'z'.repeat(4097) } }),
        400,
        'There is a problem with the scores',
        'scores.interviewNotes',
      ],
      [
        'a DATE with a fraction',
        score(id, { stageId: 9, scores: { assessedOn: 1.5 } }),
        400,
        'There is a problem with the scores',
        'scores.assessedOn',
      ],
      [
        'a DATE as ISO text',
        score(id, { stageId: 11, scores: { offerDeadline: '2027-01-01' } }),
        400,
        'There is a problem with the scores',
        'scores.offerDeadline',
      ],
      [
        'an object as a value',
        score(id, { stageId: 3, scores: { communication: { value: 3 } } }),
        400,
        'There is a problem with the scores',
        'scores.communication',
      ],
      [
        'a key the stage does not have',
        score(id, { stageId: 3, scores: { testScore: 50 } }),
        400,
        'There is a problem with the scores',
        'scores.testScore',
      ],
      [
        'a stage not in the pipeline',
        score(id, { stageId: 5, scores: { communication: 3 } }),
        400,
        'There is a problem with the scores',
        'stageId',
      ],
      ['a stage id out of range', score(id, { stageId: 100, scores: {} }), 400, 'Invalid request', 'stageId'],
      [
        'a stage id as text',
        score(id, { stageId: '3', scores: { communication: 3 } }),
        400,
        'Invalid request',
        'stageId',
      ],
      ['no scores', score(id, { stageId: 3 }), 400, 'Invalid request', 'scores'],
      ['nothing to score', score(id, { stageId: 3, scores: {} }), 400, 'There is a problem with the scores', 'scores'],
      [
        'a total as text',
        score(id, { stageId: 3, scores: {}, totalScore: 'high' }),
        400,
        'Invalid request',
        'totalScore',
      ],
      [
        "another organisation's manager",
        v1(t.app, hartley, 'PUT', `${item(id, '/score', 'hartley')}?subdomain=hartley`, {
          stageId: 3,
          scores: { communication: 5 },
        }),
        404,
        `No application with id '${id}'.`,
      ],
      [
        "another organisation's manager reading",
        v1(t.app, hartley, 'GET', `${item(id, '/score', 'hartley')}?subdomain=hartley`),
        404,
        `No application with id '${id}'.`,
      ],
      [
        'the candidate',
        score(id, { stageId: 3, scores: { communication: 5 } }, candidate.token),
        403,
        'You do not have permission to do this.',
      ],
      [
        'the candidate reading',
        v1(t.app, candidate.token, 'GET', item(id, '/score')),
        403,
        'You do not have permission to do this.',
      ],
    ]);
    // Every bad value is named at once, with its range.
    const many = await score(id, { stageId: 3, scores: { communication: 9, recommend: 'yes', unknown: 1 } });
    expect(many.json().errors).toEqual([
      { field: 'scores.communication', message: 'Communication must be a number from 0 to 5' },
      { field: 'scores.recommend', message: 'Recommend for the next stage must be yes or no (true or false)' },
      { field: 'scores.unknown', message: "'unknown' is not a metric of the stage 'At interview'" },
    ]);
    expect({ scores: await scoresOf(id), total: (await rowOf(id)).total_score }).toEqual(before);
  });

  it('keeps both of two managers’ scores given at the same moment, with a total over both', async () => {
    const { id } = await submitted();
    const [a, b] = await Promise.all([
      score(id, { stageId: 3, scores: { communication: 5 } }),
      score(id, { stageId: 3, scores: { motivation: 4 } }, colleague),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const stage = (await v1(t.app, recruiter, 'GET', item(id, '/score')))
      .json<StageScores[]>()
      .find((s) => s.stageId === 3)!;
    expect(stage).toMatchObject({ values: { communication: 5, motivation: 4 }, totalScore: 9 });
    expect(Number((await rowOf(id)).total_score)).toBe(9);
  });
});

describe("scores in the spec's shape (§7 PUT …/score: score, totalScore; decision 0020)", () => {
  const score = (id: string, body: unknown) => v1(t.app, recruiter, 'PUT', item(id, '/score'), body);

  it('takes `score` as one §3 Score or a list of them, with the total, as ours would', async () => {
    const { id } = await submitted();
    const one = await score(id, { score: { stageId: 3, key: 'communication', value: 4 }, totalScore: 6 });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<StageScores>()).toMatchObject({ stageId: 3, values: { communication: 4 }, totalScore: 6 });
    const list = await score(id, {
      score: [
        { stageId: 3, key: 'motivation', value: 3.5 },
        { stageId: 3, key: 'recommend', value: true },
      ],
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<StageScores>()).toMatchObject({
      values: { communication: 4, motivation: 3.5, recommend: true },
      totalScore: 7.5,
    });
    // Beside ours: the same stage, a metric named in both with the same value.
    const both = await score(id, {
      stageId: 3,
      scores: { communication: 5 },
      score: [
        { key: 'communication', value: 5 },
        { stageId: 3, key: 'motivation', value: null },
      ],
    });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json<StageScores>()).toMatchObject({ values: { communication: 5, recommend: true }, totalScore: 5 });
  });

  it('answers 400 naming the field when the stages or a value disagree, or no stage is given, writing nothing', async () => {
    const { id } = await submitted();
    const cases: Array<[unknown, string[]]> = [
      [{ stageId: 3, score: { stageId: 9, key: 'communication', value: 4 } }, ['score.stageId']],
      [
        {
          score: [
            { stageId: 3, key: 'communication', value: 4 },
            { stageId: 10, key: 'finalScore', value: 60 },
          ],
        },
        ['score.1.stageId'],
      ],
      [{ stageId: 3, scores: { communication: 4 }, score: [{ key: 'communication', value: 3 }] }, ['score.0.value']],
      [{ score: { key: 'communication', value: 4 } }, ['stageId']],
      [{ score: { stageId: 3, key: 'communication', value: 4, metrics: [] } }, ['score.metrics']],
    ];
    for (const [body, fields] of cases) {
      const res = await score(id, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(res.json<{ errors: Array<{ field: string }> }>().errors.map((e) => e.field)).toEqual(
        expect.arrayContaining(fields),
      );
    }
    expect(await scoresOf(id)).toEqual([]);
  });
});

describe('match and adjustment (PUT/DELETE …/match, PUT …/adjustment)', () => {
  it('marks and unmarks a match', async () => {
    const { candidate, id } = await submitted();
    // The client sends an empty JSON object; no body at all works too.
    const put = await v1(t.app, recruiter, 'PUT', item(id, '/match'), {});
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ matched: true });
    expect((await panelOf(id)).application.matched).toBe(true);
    await expectRefused([
      [
        "another organisation's manager",
        v1(t.app, hartley, 'DELETE', `${item(id, '/match', 'hartley')}?subdomain=hartley`),
        404,
        `No application with id '${id}'.`,
      ],
      [
        'the candidate',
        v1(t.app, candidate.token, 'DELETE', item(id, '/match')),
        403,
        'You do not have permission to do this.',
      ],
      ['a malformed id', v1(t.app, recruiter, 'DELETE', item('x/../y', '/match')), 404, /No application|Not found/],
    ]);
    expect((await rowOf(id)).matched).toBe(true);
    expect((await v1(t.app, admin, 'PUT', item(id, '/match'))).json()).toEqual({ matched: true });
    expect((await v1(t.app, colleague, 'DELETE', item(id, '/match'))).json()).toEqual({ matched: false });
    expect((await panelOf(id)).application.matched).toBe(false);
  });

  it('stores adjustments trimmed, refuses bad ones unchanged, and clears them with an empty body', async () => {
    const { candidate, id } = await submitted();
    const res = await v1(t.app, recruiter, 'PUT', item(id, '/adjustment'), {
      extraTimePercent: 25,
      notes: '  Large-print papers.  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Adjustment>()).toEqual({ extraTimePercent: 25, notes: 'Large-print papers.' });
    expect((await panelOf(id)).application.adjustment).toEqual({ extraTimePercent: 25, notes: 'Large-print papers.' });
    const before = (await rowOf(id)).adjustment;
    await expectRefused([
      [
        'more than 100 percent',
        v1(t.app, recruiter, 'PUT', item(id, '/adjustment'), { extraTimePercent: 101 }),
        400,
        'Invalid request',
        'extraTimePercent',
      ],
      [
        'a negative percent',
        v1(t.app, recruiter, 'PUT', item(id, '/adjustment'), { extraTimePercent: -5 }),
        400,
        'Invalid request',
        'extraTimePercent',
      ],
      [
        'a percent as text',
        v1(t.app, recruiter, 'PUT', item(id, '/adjustment'), { extraTimePercent: '50' }),
        400,
        'Invalid request',
        'extraTimePercent',
      ],
      [
        'notes over 4096 characters',
        v1(t.app, recruiter, 'PUT', item(id, '/adjustment'), { notes: 'n'.repeat(4097) }),
        400,
        'Invalid request',
        'notes',
      ],
      [
        'notes as a list',
        v1(t.app, recruiter, 'PUT', item(id, '/adjustment'), { notes: ['a'] }),
        400,
        'Invalid request',
        'notes',
      ],
      [
        'an unknown property',
        v1(t.app, recruiter, 'PUT', item(id, '/adjustment'), { extraTime: 10 }),
        400,
        'Invalid request',
        'extraTime',
      ],
      [
        "another organisation's manager",
        v1(t.app, hartley, 'PUT', `${item(id, '/adjustment', 'hartley')}?subdomain=hartley`, {}),
        404,
        `No application with id '${id}'.`,
      ],
      [
        'the candidate',
        v1(t.app, candidate.token, 'PUT', item(id, '/adjustment'), { extraTimePercent: 100 }),
        403,
        'You do not have permission to do this.',
      ],
    ]);
    expect((await rowOf(id)).adjustment).toEqual(before);
    const cleared = await v1(t.app, recruiter, 'PUT', item(id, '/adjustment'), { notes: '   ' });
    expect(cleared.json()).toEqual({});
    expect((await panelOf(id)).application.adjustment).toBeNull();
  });
});

describe('contacts (GET …/contact/:n)', () => {
  it('pages the messages sent to the candidate, newest first, never their sign-in or account emails', async () => {
    const { candidate, id } = await submitted();
    const queued = (await v1(t.app, recruiter, 'GET', item(id, '/contact/0'))).json<ContactPage>();
    expect(queued).toMatchObject({
      number: 0,
      size: 20,
      totalElements: 1,
      totalPages: 1,
      hasNext: false,
      hasPrevious: false,
      hasContent: true,
    });
    expect(queued.content).toMatchObject([
      { subject: 'Application received: Graduate Consultant, Strategy', status: 'QUEUED', sentAt: null },
    ]);

    // A password reset (a link) is sent, but is not a contact the hiring side may read.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/public/forgot?subdomain=acme',
          payload: { email: candidate.email },
        })
      ).statusCode,
    ).toBe(200);
    // Their second application: a second contact (the person's messages, whichever application), listed first.
    await submitted(await roleIdByName(t.db, 'acme', 'Graduate Data Analyst'), candidate);
    // Another candidate's messages are theirs.
    await submitted();
    const delivered = await deliverEmails(t.db);
    expect(delivered.filter((m) => m.to === candidate.email).map((m) => m.subject)).toEqual(
      expect.arrayContaining(['Reset your password', 'Application received: Graduate Data Analyst']),
    );
    const sent = (await v1(t.app, admin, 'GET', item(id, '/contact/0'))).json<ContactPage>();
    expect(sent.totalElements).toBe(2);
    expect(sent.content.map((c) => [c.subject, c.status])).toEqual([
      ['Application received: Graduate Data Analyst', 'SENT'],
      ['Application received: Graduate Consultant, Strategy', 'SENT'],
    ]);
    expect(sent.content[1]!.id).toBe(queued.content[0]!.id);
    expect(Date.parse(sent.content[1]!.sentAt!)).toBeGreaterThanOrEqual(Date.parse(sent.content[1]!.createdAt));
    const paged = (await v1(t.app, recruiter, 'GET', item(id, '/contact/1?resultsPerPage=1'))).json<ContactPage>();
    expect(paged).toMatchObject({
      number: 1,
      size: 1,
      totalElements: 2,
      totalPages: 2,
      hasPrevious: true,
      hasNext: false,
      last: true,
    });
    expect(paged.content.map((c) => c.subject)).toEqual(['Application received: Graduate Consultant, Strategy']);
    const beyond = (await v1(t.app, recruiter, 'GET', item(id, '/contact/3?resultsPerPage=5'))).json<ContactPage>();
    expect(beyond).toMatchObject({ number: 3, totalElements: 2, content: [], hasContent: false });

    await expectRefused([
      ['a negative page', v1(t.app, recruiter, 'GET', item(id, '/contact/-1')), 400, 'Invalid request', 'n'],
      [
        'a page that is not a number',
        v1(t.app, recruiter, 'GET', item(id, '/contact/first')),
        400,
        'Invalid request',
        'n',
      ],
      [
        '101 per page',
        v1(t.app, recruiter, 'GET', item(id, '/contact/0?resultsPerPage=101')),
        400,
        'Invalid request',
        'resultsPerPage',
      ],
      [
        "another organisation's manager",
        v1(t.app, hartley, 'GET', `${item(id, '/contact/0', 'hartley')}?subdomain=hartley`),
        404,
        `No application with id '${id}'.`,
      ],
      [
        'the candidate',
        v1(t.app, candidate.token, 'GET', item(id, '/contact/0')),
        403,
        'You do not have permission to do this.',
      ],
    ]);
  });
});

describe('PUT …/update (search columns copied from the answers again)', () => {
  it('re-reads a corrected answer into the searchable columns, with a new version', async () => {
    const { candidate, id } = await submitted();
    const before = await rowOf(id);
    expect(before).toMatchObject({ university_name: 'University of Leeds', university_groups: ['RUSSELL'] });
    // An answer corrected outside the form (say, by support): the columns still say Leeds.
    await sql`update applications set answers = jsonb_set(answers, '{universities,0,universityName}', '"University of Oxford"') where id = ${id}`.execute(
      t.db,
    );
    const res = await v1(t.app, recruiter, 'PUT', item(id, '/update'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PanelApplication>()).toMatchObject({
      id,
      stageId: 1,
      stageName: 'Applied',
      version: Number(before.version) + 1,
    });
    expect(await rowOf(id)).toMatchObject({
      university_name: 'University of Oxford',
      university_groups: ['OXBRIDGE', 'RUSSELL'],
      stage_id: 1,
    });

    const after = await rowOf(id);
    await expectRefused([
      [
        "another organisation's manager",
        v1(t.app, hartley, 'PUT', `${item(id, '/update', 'hartley')}?subdomain=hartley`),
        404,
        `No application with id '${id}'.`,
      ],
      [
        'the candidate',
        v1(t.app, candidate.token, 'PUT', item(id, '/update')),
        403,
        'You do not have permission to do this.',
      ],
    ]);
    expect(await rowOf(id)).toEqual(after);
  });
});

/** RFC 4180 records of a CSV text (quoted fields, doubled quotes, CRLF after every record). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (quoted && c === '"' && next === '"') {
      cell += '"';
      i += 2;
      continue;
    }
    if (quoted && c === '"') quoted = false;
    else if (quoted) cell += c;
    else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && next === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
    i += 1;
  }
  expect(cell, 'the file ends with CRLF').toBe('');
  return rows;
}

describe('POST /candidate/:roleId/export (CSV)', () => {
  const exportCsv = (roleId: string, body: unknown, token = recruiter) =>
    v1(t.app, token, 'POST', `/candidate/${roleId}/export`, body);
  const HEADER = [
    'Name',
    'Email',
    'Role',
    'Stage',
    'Substage',
    'Status',
    'Applied',
    'Last change',
    'University',
    'Degree class',
    'Average %',
    'Total score',
  ];
  const today = () => new Date().toISOString().slice(0, 10);
  const ddmmyyyy = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

  it('answers the selected applications as a CSV attachment, quoted and safe from spreadsheet formulas', async () => {
    const plain = await submitted();
    const tricky = await submitted();
    // Names are the candidates' own words: a formula, a comma, quotes and a line break.
    await sql`update users set first_name = ${'=HYPERLINK("http://evil.example","click")'}, last_name = ${'O"Neil, Jr.\nthe second'} where id = ${tricky.candidate.id}`.execute(
      t.db,
    );
    await sql`update applications set degree_class = '+44 1234', university_name = '@SUM(A1:A2)' where id = ${tricky.id}`.execute(
      t.db,
    );
    expect(
      (await v1(t.app, recruiter, 'PUT', item(plain.id, '/score'), { stageId: 3, scores: { communication: 4.5 } }))
        .statusCode,
    ).toBe(200);
    await sql`update applications set stage_id = 3, substage_id = '3-scheduled', stage_status = 'SCHEDULED', last_change_at = now() + interval '1 minute' where id = ${plain.id}`.execute(
      t.db,
    );

    const res = await exportCsv(strategy, { ids: [tricky.id, plain.id.toUpperCase()] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="candidates-graduate-consultant-strategy-${today()}.csv"; ` +
        `filename*=UTF-8''candidates-graduate-consultant-strategy-${today()}.csv`,
    );
    expect(res.headers['x-export-rows']).toBe('2');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual(HEADER);
    const plainRow = await rowOf(plain.id);
    // Newest change first: the moved application leads.
    expect(rows[1]).toEqual([
      'Ada Lovelace',
      plain.candidate.email,
      'Graduate Consultant, Strategy',
      'At interview',
      'Scheduled',
      'Scheduled',
      ddmmyyyy((plainRow.applied_at as Date).toISOString()),
      ddmmyyyy((plainRow.last_change_at as Date).toISOString()),
      'University of Leeds',
      'First-class honours',
      '72.5',
      '4.5',
    ]);
    expect(rows[2]!.slice(0, 1)).toEqual([`'=HYPERLINK("http://evil.example","click") O"Neil, Jr.\nthe second`]);
    expect(rows[2]!.slice(3, 6)).toEqual(['Applied', 'New', 'Pending']);
    expect(rows[2]!.slice(8, 12)).toEqual(["'@SUM(A1:A2)", "'+44 1234", '72.5', '']);
    expect(rows).toHaveLength(3);
    // unselectedIds leave some out.
    const fewer = parseCsv(
      (await exportCsv(strategy, { ids: [tricky.id, plain.id], unselectedIds: [tricky.id] })).body.slice(1),
    );
    expect(fewer.map((r) => r[1])).toEqual(['Email', plain.candidate.email]);
  });

  it('exports everything matching the filters of the role, less the unselected ones', async () => {
    const role = await roleIdByName(t.db, 'acme', 'Sustainability Analyst');
    const [a, b, c] = [await submitted(role), await submitted(role), await submitted(role)];
    await submitted(); // another role's application is never in this role's export
    await sql`update applications set stage_id = 9, substage_id = '9-completed', stage_status = 'COMPLETED' where id in (${a.id}, ${b.id})`.execute(
      t.db,
    );
    const atCentre = await exportCsv(role, { filters: { stageId: 9 } });
    expect(atCentre.statusCode, atCentre.body).toBe(200);
    expect(
      parseCsv(atCentre.body.slice(1))
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual([a.candidate.email, b.candidate.email].sort());
    const less = await exportCsv(role, { filters: { stageId: 9, unselectedIds: [a.id] }, unselectedIds: [] });
    expect(
      parseCsv(less.body.slice(1))
        .slice(1)
        .map((r) => r[1]),
    ).toEqual([b.candidate.email]);
    const lessToo = await exportCsv(role, { filters: {}, unselectedIds: [b.id] });
    expect(
      parseCsv(lessToo.body.slice(1))
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual([a.candidate.email, c.candidate.email].sort());
    // The role is the path's, whatever filters.roleId says.
    const other = await exportCsv(role, { filters: { roleId: strategy, stageId: 9 } });
    expect(
      parseCsv(other.body.slice(1))
        .slice(1)
        .map((r) => r[2]),
    ).toEqual(['Sustainability Analyst', 'Sustainability Analyst']);
    // Nothing matching: the header alone.
    expect(parseCsv((await exportCsv(role, { filters: { stageId: 16 } })).body.slice(1))).toEqual([HEADER]);
  });

  it('reads a large selection in keyset batches that neither skip nor repeat rows changed in the same microsecond', async () => {
    const role = await roleIdByName(t.db, 'acme', 'Graduate, People and Talent');
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await submitted(role)).id);
    // Three share one instant to the microsecond, two differ below the millisecond a JS Date keeps.
    await sql`update applications set last_change_at = '2026-03-01 10:00:00.123456+00' where id in (${ids[0]}, ${ids[1]}, ${ids[2]})`.execute(
      t.db,
    );
    await sql`update applications set last_change_at = '2026-03-01 10:00:00.123999+00' where id = ${ids[3]}`.execute(
      t.db,
    );
    await sql`update applications set last_change_at = '2026-03-01 10:00:00.123001+00' where id = ${ids[4]}`.execute(
      t.db,
    );
    const organization = (await findOrganizationByKey(t.db, 'acme'))!;
    const seen: string[] = [];
    let after: ExportCursor | null = null;
    for (let guard = 0; guard < 10; guard++) {
      const batch = await findExportBatch(
        matchingApplications(t.db, organization, { roleId: role }, new Date()),
        after,
        2,
      );
      seen.push(...batch.map((r) => r.id));
      if (batch.length < 2) break;
      after = { at: batch[1]!.cursor_at, id: batch[1]!.id };
    }
    const sameInstant = [ids[0]!, ids[1]!, ids[2]!].sort().reverse();
    expect(seen).toEqual([ids[3], ...sameInstant, ids[4]]);
    const csv = parseCsv((await exportCsv(role, { filters: {} })).body.slice(1));
    expect(csv).toHaveLength(6);
  });

  it('refuses an unclear selection, other organisations’, other roles’ and draft applications, and candidates', async () => {
    const { candidate, id } = await submitted();
    const draft = await newCandidate(t.app, t.db, 'acme');
    const draftId = expectRecord(await v1(t.app, draft.token, 'POST', `/candidate/applyc/${strategy}`), 201).id;
    const otherRole = await roleIdByName(t.db, 'acme', 'Graduate Data Analyst');
    const hartleyRole = await roleIdByName(t.db, 'hartley', 'Counsel, Corporate M&A');
    await expectRefused([
      [
        'both ids and filters',
        exportCsv(strategy, { ids: [id], filters: {} }),
        400,
        'Send either ids (the selected candidates) or filters (every candidate matching them), not both',
        'filters',
      ],
      ['neither', exportCsv(strategy, { unselectedIds: [id] }), 400, /^Send either ids/, 'ids'],
      ['an empty selection', exportCsv(strategy, { ids: [] }), 400, 'Invalid request', 'ids'],
      ['ids as text', exportCsv(strategy, { ids: id }), 400, 'Invalid request', 'ids'],
      [
        'an unknown filter',
        exportCsv(strategy, { filters: { colour: 'red' } }),
        400,
        'Invalid request',
        'filters.colour',
      ],
      [
        'a filter of the wrong type',
        exportCsv(strategy, { filters: { stageId: '3' } }),
        400,
        'Invalid request',
        'filters.stageId',
      ],
      ["another role's application", exportCsv(otherRole, { ids: [id] }), 404, `No application with id '${id}'.`],
      ['a draft', exportCsv(strategy, { ids: [id, draftId] }), 404, `No application with id '${draftId}'.`],
      ['a malformed id', exportCsv(strategy, { ids: ['nope'] }), 404, "No application with id 'nope'."],
      ["another organisation's role", exportCsv(hartleyRole, { ids: [id] }), 404, `No role with id '${hartleyRole}'.`],
      [
        "another organisation's manager",
        v1(t.app, hartley, 'POST', `/candidate/${hartleyRole}/export?subdomain=hartley`, { ids: [id] }),
        404,
        `No application with id '${id}'.`,
      ],
      [
        "another organisation's manager, naming acme",
        v1(t.app, hartley, 'POST', `/candidate/${strategy}/export?subdomain=acme`, { ids: [id] }),
        404,
        "No organisation with subdomain 'acme'.",
      ],
      [
        'a candidate',
        exportCsv(strategy, { ids: [id] }, candidate.token),
        403,
        'You do not have permission to do this.',
      ],
    ]);
  });
});

describe('documents for the hiring side (…/download/:docId, /candidate/:id/downloadPhoto)', () => {
  it('lets the organisation’s managers download a candidate’s documents, and nobody from elsewhere', async () => {
    const { cv, id } = await submitted();
    const path = `/organization/acme/candidate/${id}/download/${cv.id}`;
    for (const token of [recruiter, admin]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await v1(t.app, token, method, path);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['content-disposition']).toMatch(/^attachment; filename="ada-cv.pdf"/);
        expect(res.rawPayload.equals(PDF)).toBe(true);
      }
    }
    expect(
      (await v1(t.app, hartley, 'GET', `/organization/hartley/candidate/${id}/download/${cv.id}?subdomain=hartley`))
        .statusCode,
    ).toBe(404);
    expect((await v1(t.app, hartley, 'GET', path)).statusCode).toBe(404);
    expect((await v1(t.app, acmeCandidate, 'GET', path)).statusCode).toBe(404);
    // No photo on this application.
    const none = await v1(t.app, recruiter, 'GET', `/candidate/${id}/downloadPhoto`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: 'This application has no photo.', code: 'noPhoto' });
  });

  it("serves an application's photo to the organisation's managers as an image attachment", async () => {
    const candidate = await newCandidate(t.app, t.db, 'connect');
    const role = await roleIdByName(t.db, 'connect', 'Training Contract 2029');
    const record = expectRecord(
      await v1(t.app, candidate.token, 'POST', `/candidate/applyc/${role}?subdomain=connect`),
      201,
    );
    const photo = await upload(
      t.app,
      candidate.token,
      `/organization/connect/candidate/${record.id}/upload?type=photo&subdomain=connect`,
      { name: 'me.png', type: 'image/png', bytes: PNG },
    );
    expect(photo.statusCode, photo.body).toBe(201);
    const manager = (await signIn(t.app, 'recruiter@connect.example', DEMO_PASSWORD, 'connect')).access_token;
    const res = await v1(t.app, manager, 'GET', `/candidate/${record.id}/downloadPhoto?subdomain=connect`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="me.png"/);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(
      (await v1(t.app, hartley, 'GET', `/candidate/${record.id}/downloadPhoto?subdomain=hartley`)).statusCode,
    ).toBe(404);
    expect((await v1(t.app, recruiter, 'GET', `/candidate/${record.id}/downloadPhoto`)).statusCode).toBe(404);
    const stranger = await newCandidate(t.app, t.db, 'connect');
    expect(
      (await v1(t.app, stranger.token, 'GET', `/candidate/${record.id}/downloadPhoto?subdomain=connect`)).statusCode,
    ).toBe(404);
  });
});
