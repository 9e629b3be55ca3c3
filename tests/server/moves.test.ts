import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationListItem } from '#schemas/application';
import type { ApiError } from '#schemas/api';
import type { AssigneeResult, HistoryEntry, JobProgress, MoveResult, OrganizationStage } from '#schemas/pipeline';
import type { Db } from '#server/db/client';
import { createUser } from '#server/seed/factories';
import { json } from '#server/db/json';
import type { ApplicationState, OrganizationRecord } from '#server/db/types';
import { emailJobHandlers } from '#server/email/email.service';
import { memoryTransport } from '#server/email/mail-transport';
import { enqueueJob } from '#server/jobs/job.repository';
import { runDueJobs } from '#server/jobs/worker';
import { moveJobHandlers } from '#server/modules/moves/fast-track.service';
import { findOrganizationByKey } from '#server/modules/organizations/organization.repository';
import { insertApplications, newCandidate, PDF, roleIdByName, signInWithAnyCode } from '../helpers/applications';
import { demoTokens, v1 } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let db: Db;
let acme: OrganizationRecord;
let recruiter: string; // recruiter@acme.example: HIRING_MANAGER
let hr: string; // hr@acme.example: HIRING_MANAGER_ADMIN
let candidateToken: string;
let hartleyManager: string;
let strategy: string;
let technology: string;
let internship: string;
let template: string;
let hartleyRole: string;

beforeAll(async () => {
  t = await createTestApp();
  db = t.db;
  acme = (await findOrganizationByKey(db, 'acme'))!;
  ({ recruiter, hr, candidate: candidateToken, hartley: hartleyManager } = await demoTokens(t.app));
  strategy = await roleIdByName(db, 'acme', 'Graduate Consultant, Strategy');
  technology = await roleIdByName(db, 'acme', 'Technology Graduate Programme');
  internship = await roleIdByName(db, 'acme', 'Summer Internship, Consulting');
  template = await roleIdByName(db, 'acme', 'Graduate role (template)');
  hartleyRole = await roleIdByName(db, 'hartley', 'Associate, Banking and Finance (2 to 4 PQE)');
});
afterAll(() => t?.close());

interface AppOptions {
  subdomain?: string;
  roleId?: string;
  userId?: string;
  stageId?: number;
  substageId?: string;
  state?: ApplicationState;
  answers?: Record<string, unknown>;
}

/** An application already in the pipeline (submitted into stage 1 unless told otherwise), with its SUBMIT entry. */
async function application(options: AppOptions = {}): Promise<string> {
  const organization = (await findOrganizationByKey(db, options.subdomain ?? 'acme'))!;
  const userId =
    options.userId ??
    (
      await createUser(db, {
        organizationId: organization.id,
        firstName: 'Grace',
        lastName: `Hopper ${Math.random().toString(36).slice(2, 6)}`,
      })
    ).id;
  const [id] = await insertApplications(db, [
    {
      organization,
      roleId: options.roleId ?? strategy,
      userId,
      state: options.state ?? 'SUBMITTED',
      stageId: options.stageId,
      substageId: options.substageId,
      answers: options.answers ?? { firstName: 'Grace', lastName: 'Hopper' },
    },
  ]);
  return id!;
}

async function row(id: string) {
  return db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function historyCount(id: string): Promise<number> {
  const result = await db
    .selectFrom('stage_history')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('application_id', '=', id)
    .executeTakeFirstOrThrow();
  return result.n;
}

async function userId(email: string): Promise<string> {
  return (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

/**
 * The history chain of an application must match its state: oldest first, each entry's `from` is
 * the previous entry's `to`, and the newest `to` is where the application is.
 */
async function expectConsistentChain(id: string): Promise<HistoryEntry[]> {
  const history = (await v1(t.app, recruiter, 'GET', `/candidate/${id}/history`)).json<HistoryEntry[]>();
  const oldestFirst = [...history].reverse();
  for (let i = 1; i < oldestFirst.length; i++) {
    expect(oldestFirst[i]!.from, `entry ${i} (${oldestFirst[i]!.kind})`).toMatchObject({
      stageId: oldestFirst[i - 1]!.to.stageId,
      substageId: oldestFirst[i - 1]!.to.substageId,
      stageStatus: oldestFirst[i - 1]!.to.stageStatus,
    });
  }
  const current = await row(id);
  expect(history[0]!.to).toMatchObject({
    stageId: current.stage_id,
    substageId: current.substage_id,
    stageStatus: current.stage_status,
  });
  return history;
}

const stageUrl = (id: string, stageId: number | string, subId: string, orgId = 'acme') =>
  `/candidate/${id}/stage/${stageId}/${subId}/organization/${orgId}`;

describe('POST /candidate/:id/stage/:stageId/:subId/organization/:orgId and /ostage/:stageId', () => {
  it("moves an application to a stage and substage of the organisation's pipeline, with its history entry; the candidate sees the new stage", async () => {
    const candidate = await newCandidate(t.app, db, 'acme');
    const id = await application({ userId: candidate.id });
    const before = await row(id);
    const res = await v1(t.app, recruiter, 'POST', stageUrl(id, 3, '3-scheduled'));
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json<MoveResult>();
    expect(moved).toMatchObject({
      id,
      stageId: 3,
      stageName: 'At interview',
      substageId: '3-scheduled',
      substageName: 'Scheduled',
      stageStatus: 'SCHEDULED',
      version: before.version + 1,
    });
    expect(new Date(moved.lastChangeAt).getTime()).toBeGreaterThan(before.last_change_at.getTime());

    const history = await expectConsistentChain(id);
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({
      kind: 'MOVE',
      from: { stageId: 1, stageName: 'Applied', substageId: '1-new', stageStatus: 'PENDING' },
      to: { stageId: 3, stageName: 'At interview', substageId: '3-scheduled', stageStatus: 'SCHEDULED' },
      actor: { id: await userId('recruiter@acme.example'), name: 'Ravi Recruiter' },
      undone: false,
    });
    expect(history[1]).toMatchObject({ kind: 'SUBMIT', from: null });

    const mine = (await v1(t.app, candidate.token, 'GET', '/candidate/applications')).json<ApplicationListItem[]>();
    expect(mine.find((a) => a.id === id)?.progress).toBe('INTERVIEW');
  });

  it("lands on the stage's default substage without one, and either manager level may move", async () => {
    const id = await application();
    const res = await v1(t.app, hr, 'POST', `/candidate/${id}/ostage/11`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MoveResult>()).toMatchObject({ stageId: 11, stageName: 'Offer made', stageStatus: 'PENDING' });
    expect((await v1(t.app, recruiter, 'POST', `/candidate/${id}/ostage/16`)).json<MoveResult>()).toMatchObject({
      stageId: 16,
      stageName: 'Rejected',
    });
  });

  it('refuses a stage or substage the move cannot target: 400 naming it, 404 for a stage the organisation does not have', async () => {
    const id = await application();
    const notAStage = await v1(t.app, recruiter, 'POST', `/candidate/${id}/ostage/12`);
    expect(notAStage.statusCode).toBe(400);
    expect(notAStage.json<ApiError>().errors).toEqual([
      { field: 'stageId', message: '12 is not a pipeline stage id.' },
    ]);
    expect((await v1(t.app, recruiter, 'POST', `/candidate/${id}/ostage/abc`)).statusCode).toBe(400);
    const foreignSub = await v1(t.app, recruiter, 'POST', stageUrl(id, 3, '2-invited'));
    expect(foreignSub.statusCode).toBe(400);
    expect(foreignSub.json<ApiError>().errors?.[0]).toMatchObject({
      field: 'subId',
      message: "'2-invited' is not a substage of At interview.",
    });
    // Stage 29 'For application review' is connect's, not acme's.
    const absent = await v1(t.app, recruiter, 'POST', `/candidate/${id}/ostage/29`);
    expect(absent.statusCode).toBe(404);
    expect(absent.json<ApiError>().message).toBe("This organisation's pipeline has no stage 29.");
    expect(await historyCount(id)).toBe(1);
    // Where it already is: nothing to do.
    const same = await v1(t.app, recruiter, 'POST', stageUrl(id, 1, '1-new'));
    expect(same.statusCode).toBe(409);
    expect(same.json<ApiError>().message).toBe('The candidate is already at Applied / New.');
  });

  it("answers 404 for another organisation's application, a draft or a malformed id, and 409 for a withdrawn application", async () => {
    const theirs = await application({ subdomain: 'hartley', roleId: hartleyRole, stageId: 17 });
    expect((await v1(t.app, recruiter, 'POST', `/candidate/${theirs}/ostage/3`)).statusCode).toBe(404);
    expect((await v1(t.app, recruiter, 'POST', stageUrl(theirs, 3, '3-invited'))).statusCode).toBe(404);
    // An acme token naming hartley in the path: that organisation is not the token's.
    expect((await v1(t.app, recruiter, 'POST', stageUrl(theirs, 6, '6-to-invite', 'hartley'))).statusCode).toBe(404);
    expect((await row(theirs)).stage_id).toBe(17);
    const draft = await application({ state: 'DRAFT' });
    expect((await v1(t.app, recruiter, 'POST', `/candidate/${draft}/ostage/3`)).statusCode).toBe(404);
    expect((await row(draft)).stage_id).toBeNull();
    expect((await v1(t.app, recruiter, 'POST', '/candidate/not-a-uuid/ostage/3')).statusCode).toBe(404);

    const withdrawn = await application({ state: 'WITHDRAWN', stageId: 15 });
    const res = await v1(t.app, recruiter, 'POST', `/candidate/${withdrawn}/ostage/3`);
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiError>().message).toBe('The candidate has withdrawn this application: it cannot be moved.');
    expect((await row(withdrawn)).stage_id).toBe(15);
  });

  it('two managers moving the same candidate at once end in one consistent state, the history chain matching it', async () => {
    const id = await application();
    const version = (await row(id)).version;
    const targets: Array<[string, number, string]> = [
      [recruiter, 3, '3-invited'],
      [hr, 9, '9-to-invite'],
      [recruiter, 10, '10-to-invite'],
      [hr, 3, '3-scheduled'],
      [recruiter, 11, '11-to-send'],
      [hr, 28, '28-to-review'],
    ];
    const stages = acme.stages;
    for (const [, stageId, sub] of targets)
      expect(
        stages.find((s) => s.id === stageId)?.subStages.some((s) => s.id === sub),
        `${sub}`,
      ).toBe(true);
    const responses = await Promise.all(
      targets.map(([token, stageId, sub]) => v1(t.app, token, 'POST', stageUrl(id, stageId, sub))),
    );
    for (const res of responses) expect(res.statusCode, res.body).toBe(200);
    const versions = responses.map((r) => r.json<MoveResult>().version).sort((a, b) => a - b);
    // Each move started from the previous one's result: distinct versions, one after another.
    expect(versions).toEqual(targets.map((_, i) => version + i + 1));
    const final = await row(id);
    expect(final.version).toBe(version + targets.length);
    const last = responses.find((r) => r.json<MoveResult>().version === final.version)!.json<MoveResult>();
    expect({ stageId: final.stage_id, substageId: final.substage_id }).toEqual({
      stageId: last.stageId,
      substageId: last.substageId,
    });
    const history = await expectConsistentChain(id);
    expect(history.filter((h) => h.kind === 'MOVE')).toHaveLength(targets.length);
  });

  it('moves, undoes and bulk-moves racing on the same applications keep every history chain consistent', async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, () => application({ roleId: internship })));
    await Promise.all(ids.map((id) => v1(t.app, recruiter, 'POST', `/candidate/${id}/ostage/28`)));
    const calls = [
      v1(t.app, recruiter, 'POST', `/candidate/bulkstage/3/${internship}`, { ids }),
      v1(t.app, hr, 'POST', `/candidate/${ids[0]}/undo`),
      v1(t.app, hr, 'POST', `/candidate/bulkstage/9/${internship}`, { ids }),
      v1(t.app, recruiter, 'POST', `/candidate/${ids[1]}/ostage/10`),
      v1(t.app, hr, 'POST', `/candidate/${ids[2]}/undo`),
    ];
    for (const res of await Promise.all(calls)) expect([200, 409], res.body).toContain(res.statusCode);
    for (const id of ids) await expectConsistentChain(id);
  });
});

describe('assessment providers (spec §4 actionable rules and substage filtering)', () => {
  // northbridge attaches a psychometric test provider to stage 2, hiding 'Invited' and 'In progress'.
  let northbridge: string;
  let banking: string;
  beforeAll(async () => {
    northbridge = await signInWithAnyCode(t.app, db, 'recruiter@northbridge.example', 'northbridge');
    banking = await roleIdByName(db, 'northbridge', 'Graduate Program, Banking');
  });
  const nb = (path: string) => `${path}?subdomain=northbridge`;

  it('hides the substages the provider sets itself', async () => {
    // The client reads the provider with the pipeline, to offer the same choices.
    const stages = (await v1(t.app, northbridge, 'GET', '/organization/northbridge/stages')).json<
      OrganizationStage[]
    >();
    expect(stages.find((s) => s.id === 2)?.provider).toEqual({
      kind: 'psychometricTest',
      excluded: ['2-invited', '2-in-progress'],
    });
    const id = await application({ subdomain: 'northbridge', roleId: banking });
    const hidden = await v1(t.app, northbridge, 'POST', stageUrl(id, 2, '2-invited', 'northbridge'));
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json<ApiError>().errors?.[0]).toMatchObject({
      field: 'subId',
      message: "At online test / Invited is set by the stage's assessment provider and cannot be chosen.",
    });
    const res = await v1(t.app, northbridge, 'POST', nb(`/candidate/${id}/ostage/2`));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MoveResult>()).toMatchObject({ stageId: 2, substageId: '2-to-invite', stageStatus: 'PENDING' });
  });

  it('keeps a candidate whose assessment is under way where they are, and lets them move once it completes', async () => {
    const invited = await application({
      subdomain: 'northbridge',
      roleId: banking,
      stageId: 2,
      substageId: '2-invited',
    });
    const res = await v1(t.app, northbridge, 'POST', nb(`/candidate/${invited}/ostage/3`));
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiError>().message).toBe(
      'This candidate cannot be moved: they are invited at At online test, whose assessment is under way: they can move once it completes.',
    );
    const bulk = await v1(t.app, northbridge, 'POST', nb(`/candidate/bulkstage/3/${banking}`), { ids: [invited] });
    expect(bulk.statusCode).toBe(409);
    expect((await row(invited)).substage_id).toBe('2-invited');

    const completed = await application({
      subdomain: 'northbridge',
      roleId: banking,
      stageId: 2,
      substageId: '2-completed',
    });
    expect((await v1(t.app, northbridge, 'POST', nb(`/candidate/${completed}/ostage/3`))).statusCode).toBe(200);
  });
});

describe('POST /candidate/bulkstage/:stageId/:roleId', () => {
  it('moves the selected applications of the role at once, with a BULK entry each and the assignee set', async () => {
    const ids = await Promise.all([application(), application(), application()]);
    const ravi = await userId('recruiter@acme.example');
    const res = await v1(t.app, recruiter, 'POST', `/candidate/bulkstage/3/${strategy}?assignee=${ravi}`, {
      ids,
      substageId: '3-invited',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ moved: 3 });
    for (const id of ids) {
      expect(await row(id)).toMatchObject({
        stage_id: 3,
        substage_id: '3-invited',
        stage_status: 'INVITED',
        assignee_id: ravi,
      });
      const [latest] = await expectConsistentChain(id);
      expect(latest).toMatchObject({
        kind: 'BULK',
        to: { stageId: 3, substageId: '3-invited' },
        actor: { name: 'Ravi Recruiter' },
      });
    }
    // Already there: left alone, not counted.
    expect(
      (
        await v1(t.app, recruiter, 'POST', `/candidate/bulkstage/3/${strategy}`, { ids, substageId: '3-invited' })
      ).json(),
    ).toEqual({ moved: 0 });
    expect(await historyCount(ids[0]!)).toBe(2);
  });

  it('moves nothing when any selected application cannot move, saying how many and why', async () => {
    const fine = await Promise.all([application(), application()]);
    const withdrawn = await application({ state: 'WITHDRAWN', stageId: 15 });
    const otherRole = await application({ roleId: technology });
    const res = await v1(t.app, recruiter, 'POST', `/candidate/bulkstage/3/${strategy}`, {
      ids: [...fine, withdrawn, otherRole],
    });
    expect(res.statusCode).toBe(409);
    const body = res.json<ApiError>();
    expect(body.message).toBe(
      'Nothing was moved: 2 of the 4 selected candidates cannot be moved. 1 is not in the pipeline of Graduate Consultant, Strategy; 1 has withdrawn.',
    );
    expect(body.errors).toEqual([
      { field: 'ids', message: `1 is not in the pipeline of Graduate Consultant, Strategy (${otherRole})` },
      { field: 'ids', message: `1 has withdrawn (${withdrawn})` },
    ]);
    for (const id of [...fine, otherRole]) expect((await row(id)).stage_id).toBe(1);
    for (const id of fine) expect(await historyCount(id)).toBe(1);
  });

  it('moves every application of the role matching the filters, minus the unselected ones', async () => {
    const ids = await Promise.all(Array.from({ length: 4 }, () => application({ roleId: internship, stageId: 28 })));
    const elsewhere = await application({ roleId: internship, stageId: 1 });
    const otherRole = await application({ roleId: technology, stageId: 28 });
    const res = await v1(t.app, recruiter, 'POST', `/candidate/bulkstage/9/${internship}`, {
      filters: { stageId: 28 },
      unselectedIds: [ids[3]],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ moved: 3 });
    for (const id of ids.slice(0, 3)) expect((await row(id)).stage_id).toBe(9);
    expect((await row(ids[3]!)).stage_id).toBe(28);
    expect((await row(elsewhere)).stage_id).toBe(1);
    expect((await row(otherRole)).stage_id).toBe(28);
  });

  it('checks its input: one of ids and filters, the substage, the assignee, the role', async () => {
    const id = await application();
    const both = await v1(t.app, recruiter, 'POST', `/candidate/bulkstage/3/${strategy}`, {
      ids: [id],
      filters: { stageId: 1 },
    });
    expect(both.statusCode).toBe(400);
    expect((await v1(t.app, recruiter, 'POST', `/candidate/bulkstage/3/${strategy}`, {})).statusCode).toBe(400);
    const sub = await v1(t.app, recruiter, 'POST', `/candidate/bulkstage/3/${strategy}`, {
      ids: [id],
      substageId: '9-to-invite',
    });
    expect(sub.statusCode).toBe(400);
    expect(sub.json<ApiError>().errors?.[0]?.field).toBe('substageId');
    const badId = await v1(t.app, recruiter, 'POST', `/candidate/bulkstage/3/${strategy}`, { ids: ['nope'] });
    expect(badId.statusCode).toBe(400);
    expect(JSON.stringify(badId.json())).toContain('ids');
    const notManager = await v1(
      t.app,
      recruiter,
      'POST',
      `/candidate/bulkstage/3/${strategy}?assignee=${await userId('candidate@acme.example')}`,
      { ids: [id] },
    );
    expect(notManager.statusCode).toBe(400);
    expect(notManager.json<ApiError>().errors?.[0]?.field).toBe('assignee');
    expect(
      (await v1(t.app, recruiter, 'POST', `/candidate/bulkstage/3/${hartleyRole}`, { ids: [id] })).statusCode,
    ).toBe(404);
    expect((await v1(t.app, recruiter, 'POST', `/candidate/bulkstage/29/${strategy}`, { ids: [id] })).statusCode).toBe(
      404,
    );
    expect(
      (await v1(t.app, recruiter, 'POST', `/candidate/bulkstage/3/${strategy}`, { filters: { roleId: technology } }))
        .statusCode,
    ).toBe(400);
    expect((await row(id)).stage_id).toBe(1);
  });
});

describe("POST /candidate/bulkstage/:stageId/:roleId with the spec's body (§7, decision 0020)", () => {
  it('takes ids, substageId, stageId, roleId as the spec sends them, and resource as the filter payload', async () => {
    const ids = await Promise.all([application(), application()]);
    const res = await v1(t.app, recruiter, 'POST', `/candidate/bulkstage/3/${strategy}`, {
      ids,
      substageId: '3-invited',
      stageId: 3,
      roleId: strategy,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ moved: 2 });
    for (const id of ids) expect(await row(id)).toMatchObject({ stage_id: 3, substage_id: '3-invited' });

    const matching = await Promise.all([
      application({ roleId: internship, stageId: 28 }),
      application({ roleId: internship, stageId: 28 }),
    ]);
    const all = await v1(t.app, recruiter, 'POST', `/candidate/bulkstage/9/${internship}`, {
      stageId: 9,
      roleId: internship,
      resource: { stageId: 28, subdomain: 'acme' },
      unselectedIds: [matching[1]],
    });
    expect(all.statusCode, all.body).toBe(200);
    // Earlier tests may have left other applications of the role at stage 28: at least this one moved.
    expect(all.json<{ moved: number }>().moved).toBeGreaterThanOrEqual(1);
    expect((await row(matching[0]!)).stage_id).toBe(9);
    expect((await row(matching[1]!)).stage_id).toBe(28);
  });

  it('answers 400 naming the field when the body disagrees with the path, or resource with filters, moving nothing', async () => {
    const id = await application();
    const cases: Array<[unknown, string]> = [
      [{ ids: [id], stageId: 9 }, 'stageId'],
      [{ ids: [id], roleId: technology }, 'roleId'],
      [{ filters: { stageId: 1 }, resource: { stageId: 28 } }, 'resource'],
      [{ resource: { subdomain: 'hartley' } }, 'resource.subdomain'],
      [{ ids: [id], resource: { stageId: 1 } }, 'filters'],
    ];
    for (const [body, field] of cases) {
      const res = await v1(t.app, recruiter, 'POST', `/candidate/bulkstage/3/${strategy}`, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(res.json<ApiError>().errors?.map((e) => e.field)).toEqual([field]);
    }
    expect((await row(id)).stage_id).toBe(1);
  });
});

describe('POST /candidate/:id/undo', () => {
  it('reverts the last move that is not undone, one at a time, then has nothing to undo', async () => {
    const id = await application();
    await v1(t.app, recruiter, 'POST', stageUrl(id, 28, '28-to-review'));
    await v1(t.app, recruiter, 'POST', `/candidate/bulkstage/3/${strategy}`, { ids: [id], substageId: '3-invited' });

    const first = await v1(t.app, hr, 'POST', `/candidate/${id}/undo`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<MoveResult>()).toMatchObject({
      stageId: 28,
      substageId: '28-to-review',
      stageName: 'For review',
    });
    let history = await expectConsistentChain(id);
    expect(history.map((h) => [h.kind, h.undone])).toEqual([
      ['UNDO', false],
      ['BULK', true],
      ['MOVE', false],
      ['SUBMIT', false],
    ]);
    expect(history[0]!.actor?.name).toBe('Harriet Manager');

    expect((await v1(t.app, hr, 'POST', `/candidate/${id}/undo`)).json<MoveResult>()).toMatchObject({
      stageId: 1,
      substageId: '1-new',
      stageStatus: 'PENDING',
    });
    const none = await v1(t.app, hr, 'POST', `/candidate/${id}/undo`);
    expect(none.statusCode).toBe(409);
    expect(none.json<ApiError>().message).toBe('Nothing to undo');
    history = await expectConsistentChain(id);
    expect(history.filter((h) => h.undone).map((h) => h.kind)).toEqual(['BULK', 'MOVE']);
  });

  it("answers 404 for another organisation's application or a draft, and 409 once withdrawn", async () => {
    expect(
      (
        await v1(
          t.app,
          recruiter,
          'POST',
          `/candidate/${await application({ subdomain: 'hartley', roleId: hartleyRole, stageId: 17 })}/undo`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await v1(t.app, recruiter, 'POST', `/candidate/${await application({ state: 'DRAFT' })}/undo`)).statusCode,
    ).toBe(404);
    const id = await application();
    await v1(t.app, recruiter, 'POST', `/candidate/${id}/ostage/3`);
    await db.updateTable('applications').set({ state: 'WITHDRAWN' }).where('id', '=', id).execute();
    expect((await v1(t.app, recruiter, 'POST', `/candidate/${id}/undo`)).statusCode).toBe(409);
    expect((await row(id)).stage_id).toBe(3);
  });
});

describe('POST /candidate/:id/copy/:roleId', () => {
  it("makes a new application of the same candidate on another role with the answers and documents, at that pipeline's entry stage", async () => {
    const source = await application({ stageId: 3 });
    const sourceRow = await row(source);
    const document = await db
      .insertInto('documents')
      .values({
        organization_id: acme.id,
        application_id: source,
        user_id: sourceRow.user_id,
        field_id: 'cv',
        file_name: 'cv.pdf',
        content_type: 'application/pdf',
        size: PDF.byteLength,
        sha256: 'x',
        content: PDF,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const answers = {
      firstName: 'Grace',
      lastName: 'Hopper',
      cv: { id: document.id, name: 'cv.pdf', size: PDF.byteLength, contentType: 'application/pdf' },
    };
    await db
      .updateTable('applications')
      .set({ answers: json(answers) })
      .where('id', '=', source)
      .execute();

    const res = await v1(t.app, recruiter, 'POST', `/candidate/${source}/copy/${technology}`);
    expect(res.statusCode, res.body).toBe(201);
    const copy = await row(res.json<{ id: string }>().id);
    expect(copy).toMatchObject({
      user_id: sourceRow.user_id,
      role_id: technology,
      state: 'SUBMITTED',
      stage_id: 1,
      substage_id: '1-new',
      stage_status: 'PENDING',
      first_name: 'Grace',
    });
    const copiedCv = copy.answers.cv as { id: string; name: string };
    expect(copiedCv.name).toBe('cv.pdf');
    expect(copiedCv.id).not.toBe(document.id);
    const copiedDocument = await db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', copiedCv.id)
      .executeTakeFirstOrThrow();
    expect(copiedDocument.application_id).toBe(copy.id);
    expect(Buffer.from(copiedDocument.content).equals(PDF)).toBe(true);
    const [entry] = await expectConsistentChain(copy.id);
    expect(entry).toMatchObject({ kind: 'COPY', from: null, to: { stageId: 1, substageId: '1-new' } });
    expect((await row(source)).stage_id).toBe(3);

    // One application per candidate and role.
    expect((await v1(t.app, recruiter, 'POST', `/candidate/${source}/copy/${technology}`)).statusCode).toBe(409);
    expect((await v1(t.app, recruiter, 'POST', `/candidate/${source}/copy/${strategy}`)).statusCode).toBe(409);
  });

  it("refuses another organisation's role or application, a template, a draft and a withdrawn application", async () => {
    const id = await application();
    expect((await v1(t.app, recruiter, 'POST', `/candidate/${id}/copy/${hartleyRole}`)).statusCode).toBe(404);
    expect((await v1(t.app, recruiter, 'POST', `/candidate/${id}/copy/nope`)).statusCode).toBe(404);
    expect((await v1(t.app, recruiter, 'POST', `/candidate/${id}/copy/${template}`)).statusCode).toBe(409);
    expect(
      (await v1(t.app, hartleyManager, 'POST', `/candidate/${id}/copy/${hartleyRole}?subdomain=hartley`)).statusCode,
    ).toBe(404);
    expect(
      (await v1(t.app, recruiter, 'POST', `/candidate/${await application({ state: 'DRAFT' })}/copy/${technology}`))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await v1(
          t.app,
          recruiter,
          'POST',
          `/candidate/${await application({ state: 'WITHDRAWN', stageId: 15 })}/copy/${technology}`,
        )
      ).statusCode,
    ).toBe(409);
  });
});

describe('POST /candidate/:id/assignee/:userId', () => {
  it("assigns a hiring manager of the organisation, and 'none' clears it", async () => {
    const id = await application();
    const harriet = await userId('hr@acme.example');
    const res = await v1(t.app, recruiter, 'POST', `/candidate/${id}/assignee/${harriet}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AssigneeResult>()).toEqual({ id, assignee: { id: harriet, name: 'Harriet Manager' } });
    expect((await row(id)).assignee_id).toBe(harriet);
    expect((await v1(t.app, recruiter, 'POST', `/candidate/${id}/assignee/none`)).json<AssigneeResult>()).toEqual({
      id,
      assignee: null,
    });
    expect((await row(id)).assignee_id).toBeNull();
  });

  it("answers 404 for a candidate, another organisation's manager or application, and a draft", async () => {
    const id = await application();
    expect(
      (await v1(t.app, recruiter, 'POST', `/candidate/${id}/assignee/${await userId('candidate@acme.example')}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await v1(t.app, recruiter, 'POST', `/candidate/${id}/assignee/${await userId('hr@hartley.example')}`))
        .statusCode,
    ).toBe(404);
    const theirs = await application({ subdomain: 'hartley', roleId: hartleyRole, stageId: 17 });
    expect(
      (await v1(t.app, recruiter, 'POST', `/candidate/${theirs}/assignee/${await userId('hr@acme.example')}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await v1(t.app, recruiter, 'POST', `/candidate/${await application({ state: 'DRAFT' })}/assignee/none`))
        .statusCode,
    ).toBe(404);
    expect((await row(id)).assignee_id).toBeNull();
  });
});

describe('fast-track: POST /candidate/:id/fasttrackcandidates/:roleId/stage/:stageId and GET /jobs/:jobId', () => {
  const runJobs = async () => {
    const handlers = { ...emailJobHandlers(memoryTransport()), ...moveJobHandlers(db) };
    while ((await runDueJobs(db, handlers)) > 0);
  };

  it('queues a job that gives each candidate an application on the other role at that stage, with progress to poll', async () => {
    const ids = await Promise.all(Array.from({ length: 4 }, () => application({ stageId: 3 })));
    // This candidate already applied to the internship: left out, counted as skipped.
    const already = await row(ids[3]!);
    await application({ roleId: internship, userId: already.user_id });

    const res = await v1(t.app, recruiter, 'POST', `/candidate/${ids[0]}/fasttrackcandidates/${internship}/stage/9`, {
      ids: ids.slice(1),
    });
    expect(res.statusCode, res.body).toBe(202);
    const { jobId } = res.json<{ jobId: string }>();
    expect((await v1(t.app, recruiter, 'GET', `/jobs/${jobId}`)).json<JobProgress>()).toEqual({
      id: jobId,
      status: 'queued',
      total: 4,
      done: 0,
      skipped: 0,
    });

    await runJobs();
    expect((await v1(t.app, hr, 'GET', `/jobs/${jobId}`)).json<JobProgress>()).toEqual({
      id: jobId,
      status: 'done',
      total: 4,
      done: 4,
      skipped: 1,
    });
    for (const id of ids.slice(0, 3)) {
      const source = await row(id);
      expect(source.stage_id).toBe(3);
      const copy = await db
        .selectFrom('applications')
        .selectAll()
        .where('role_id', '=', internship)
        .where('user_id', '=', source.user_id)
        .executeTakeFirstOrThrow();
      expect(copy).toMatchObject({ state: 'SUBMITTED', stage_id: 9, substage_id: '9-to-invite' });
      const [entry] = await expectConsistentChain(copy.id);
      expect(entry).toMatchObject({
        kind: 'FAST_TRACK',
        from: null,
        to: { stageId: 9 },
        actor: { name: 'Ravi Recruiter' },
      });
    }
    const skipped = await db
      .selectFrom('applications')
      .select('stage_id')
      .where('role_id', '=', internship)
      .where('user_id', '=', already.user_id)
      .executeTakeFirstOrThrow();
    expect(skipped.stage_id).toBe(1);
  });

  it('queues nothing when a selected application cannot be fast-tracked, and checks the role and stage', async () => {
    const id = await application();
    const withdrawn = await application({ state: 'WITHDRAWN', stageId: 15 });
    const jobs = async () =>
      (
        await db
          .selectFrom('jobs')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('kind', '=', 'fast_track')
          .executeTakeFirstOrThrow()
      ).n;
    const before = await jobs();
    const res = await v1(t.app, recruiter, 'POST', `/candidate/${id}/fasttrackcandidates/${internship}/stage/9`, {
      ids: [withdrawn],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiError>().message).toBe(
      'Nothing was fast-tracked: 1 of the 2 selected candidates cannot be fast-tracked. 1 has withdrawn.',
    );
    expect(
      (await v1(t.app, recruiter, 'POST', `/candidate/${id}/fasttrackcandidates/${strategy}/stage/9`, { ids: [] }))
        .statusCode,
    ).toBe(409);
    expect(
      (await v1(t.app, recruiter, 'POST', `/candidate/${id}/fasttrackcandidates/${hartleyRole}/stage/9`, { ids: [] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await v1(t.app, recruiter, 'POST', `/candidate/${id}/fasttrackcandidates/${internship}/stage/29`, { ids: [] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await v1(t.app, recruiter, 'POST', `/candidate/${id}/fasttrackcandidates/${internship}/stage/9`, { ids: ['x'] }))
        .statusCode,
    ).toBe(400);
    const foreign = await application({ subdomain: 'hartley', roleId: hartleyRole, stageId: 17 });
    expect(
      (
        await v1(t.app, recruiter, 'POST', `/candidate/${foreign}/fasttrackcandidates/${internship}/stage/9`, {
          ids: [],
        })
      ).statusCode,
    ).toBe(404);
    expect(await jobs()).toBe(before);
  });

  it("reports only the organisation's own pipeline jobs", async () => {
    const id = await application();
    const { jobId } = (
      await v1(t.app, recruiter, 'POST', `/candidate/${id}/fasttrackcandidates/${internship}/stage/9`, { ids: [] })
    ).json<{ jobId: string }>();
    expect((await v1(t.app, hartleyManager, 'GET', `/jobs/${jobId}?subdomain=hartley`)).statusCode).toBe(404);
    const email = await enqueueJob(db, { organizationId: acme.id, userId: null, kind: 'email', payload: {} });
    expect((await v1(t.app, recruiter, 'GET', `/jobs/${email}`)).statusCode).toBe(404);
    expect((await v1(t.app, recruiter, 'GET', '/jobs/nope')).statusCode).toBe(404);
    await runJobs();
  });
});

describe('GET /candidate/:id/history', () => {
  it("answers 404 for a draft and another organisation's application", async () => {
    expect(
      (await v1(t.app, recruiter, 'GET', `/candidate/${await application({ state: 'DRAFT' })}/history`)).statusCode,
    ).toBe(404);
    expect(
      (
        await v1(
          t.app,
          recruiter,
          'GET',
          `/candidate/${await application({ subdomain: 'hartley', roleId: hartleyRole, stageId: 17 })}/history`,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('the hiring side only', () => {
  it('answers 403 to a candidate on every move call, and changes nothing', async () => {
    const id = await application();
    const calls: Array<['GET' | 'POST', string, unknown?]> = [
      ['POST', stageUrl(id, 3, '3-invited')],
      ['POST', `/candidate/${id}/ostage/3`],
      ['POST', `/candidate/bulkstage/3/${strategy}`, { ids: [id] }],
      ['POST', `/candidate/${id}/fasttrackcandidates/${internship}/stage/9`, { ids: [] }],
      ['GET', `/jobs/${id}`],
      ['POST', `/candidate/${id}/undo`],
      ['POST', `/candidate/${id}/copy/${technology}`],
      ['POST', `/candidate/${id}/assignee/none`],
      ['GET', `/candidate/${id}/history`],
    ];
    for (const [method, path, body] of calls)
      expect((await v1(t.app, candidateToken, method, path, body)).statusCode, path).toBe(403);
    expect(await historyCount(id)).toBe(1);
    expect((await row(id)).stage_id).toBe(1);
  });
});
