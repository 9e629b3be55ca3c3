import {
  AliasNode,
  InsertQueryNode,
  RawNode,
  sql,
  UpdateQueryNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  TableNode,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledForm } from '#engine/forms/types';
import { buildApp } from '#server/app';
import type { App } from '#server/app-types';
import type { Db } from '#server/db/client';
import { isConnectionLost, RETRY_AFTER_SECONDS } from '#server/db/connection-lost';
import { findOrganizationByKey } from '#server/modules/organizations/organization.repository';
import { createUser } from '#server/seed/factories';
import { completeAcmeAnswers } from '../factories/answers';
import {
  expectRecord,
  formOfRole,
  insertApplications,
  newCandidate,
  roleIdByName,
  stepAnswers,
  uploadCv,
} from '../helpers/applications';
import { demoTokens, v1 } from '../helpers/auth';
import { insightDayInAWeek } from '../helpers/events';
import { createTestDb, type TestDb } from '../helpers/test-db';

/*
 * Faults (issue 19, decision 0069): the database connection dropped in the middle of a write leaves nothing half
 * written and answers 503 with a Retry-After hint; sent again, the same request succeeds.
 */

describe('isConnectionLost', () => {
  it.each([
    ['an administrator ended the session', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    ['the socket closed', new Error('Connection terminated unexpectedly')],
    ['the server refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a connection exception class 08', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['wrapped in a cause', new Error('rollback failed', { cause: new Error('Connection terminated') })],
  ])('%s: lost', (_name, error) => expect(isConnectionLost(error)).toBe(true));

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a programming error', new TypeError('x is undefined')],
    ['not an error', 'Connection terminated'],
  ])('%s: not lost', (_name, error) => expect(isConnectionLost(error)).toBe(false));
});

/** The tables an insert or update writes to: built with Kysely's query builder, or written as SQL (the bulk move). */
function writtenTables(node: RootOperationNode): string[] {
  if (RawNode.is(node))
    return [...node.sqlFragments.join(' ').matchAll(/\b(?:update|insert\s+into)\s+"?(\w+)"?/gi)].map((m) => m[1]!);
  const table = InsertQueryNode.is(node) ? node.into : UpdateQueryNode.is(node) ? node.table : undefined;
  if (!table) return [];
  const named = AliasNode.is(table) ? table.node : table;
  return TableNode.is(named) ? [named.table.identifier.name] : [];
}

/**
 * Drops the connection of the transaction in flight right after its first write to the armed table. On PostgreSQL the
 * backend is terminated from another connection while it sits "idle in transaction", so the next statement of the
 * transaction (or its COMMIT) finds the connection gone, as after a failover. PGlite runs in the process and has no
 * backend to end: there the write answers the error PostgreSQL sends a terminated session (57P01), and the transaction
 * is left to roll back.
 */
class DropConnectionMidWrite implements KyselyPlugin {
  #table: string | null = null;
  readonly #writes = new Set<unknown>();

  constructor(
    private readonly admin: Db,
    private readonly kind: TestDb['kind'],
  ) {}

  /** The next transaction writing to `table` loses its connection. */
  arm(table: string): void {
    this.#table = table;
  }

  get armed(): boolean {
    return this.#table !== null;
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (this.#table && writtenTables(node).includes(this.#table)) this.#writes.add(queryId);
    return node;
  }

  async transformResult({ queryId, result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (!this.#writes.delete(queryId) || !this.#table) return result;
    if (this.kind === 'pglite') {
      this.#table = null;
      throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    }
    // A write outside a transaction (none of these routes makes one first) leaves the plugin armed for the next.
    const { rows } = await sql<{ ended: number }>`
      select count(pg_terminate_backend(pid))::int as ended from pg_stat_activity
      where datname = current_database() and state = 'idle in transaction' and pid <> pg_backend_pid()`.execute(
      this.admin,
    );
    if (rows[0]!.ended > 0) this.#table = null;
    return result;
  }
}

describe(`a connection dropped mid-write (${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'})`, () => {
  let testDb: TestDb;
  let app: App;
  let fault: DropConnectionMidWrite;
  let recruiter: string;
  let roleId: string;
  let form: CompiledForm;

  beforeAll(async () => {
    testDb = await createTestDb();
    fault = new DropConnectionMidWrite(testDb.db, testDb.kind);
    app = await buildApp({ db: testDb.db.withPlugin(fault), logLevel: false, clientDir: null });
    await app.ready();
    ({ recruiter } = await demoTokens(app));
    roleId = await roleIdByName(testDb.db, 'acme', 'Graduate Consultant, Strategy');
    form = await formOfRole(testDb.db, 'acme', roleId);
  });
  afterAll(async () => {
    // Every armed fault fired: a test whose write never reached the table would prove nothing.
    expect(fault?.armed).toBe(false);
    await app?.close();
    await testDb?.close();
  });

  /** A submitted application in stage 1 of acme's pipeline. */
  async function application(): Promise<string> {
    const acme = (await findOrganizationByKey(testDb.db, 'acme'))!;
    const user = await createUser(testDb.db, { organizationId: acme.id, firstName: 'Ada', lastName: 'Fault' });
    const [id] = await insertApplications(testDb.db, [
      { organization: acme, roleId, userId: user.id, answers: { firstName: 'Ada', lastName: 'Fault' } },
    ]);
    return id!;
  }

  /** What a move writes: the application's place and its history. */
  async function pipelineState(ids: string[]) {
    const applications = await testDb.db
      .selectFrom('applications')
      .select(['id', 'stage_id', 'substage_id', 'stage_status', 'last_change_at'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    const history = await testDb.db
      .selectFrom('stage_history')
      .select('id')
      .where('application_id', 'in', ids)
      .execute();
    return { applications, history: history.length };
  }

  function expectRetryLater(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) {
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(res.json()).toMatchObject({ code: 'databaseUnavailable', message: expect.stringContaining('Try again') });
  }

  it('a single move: 503, nothing moved, and the same move succeeds when sent again', async () => {
    const id = await application();
    const before = await pipelineState([id]);
    fault.arm('applications');
    const res = await v1(app, recruiter, 'POST', `/candidate/${id}/ostage/3`);
    expectRetryLater(res);
    expect(await pipelineState([id])).toEqual(before);

    const again = await v1(app, recruiter, 'POST', `/candidate/${id}/ostage/3`);
    expect(again.statusCode).toBe(200);
    expect((await pipelineState([id])).applications[0]!.stage_id).toBe(3);
  });

  it('a bulk move: 503 and none of the applications moved', async () => {
    const ids = [await application(), await application(), await application()];
    const before = await pipelineState(ids);
    fault.arm('applications');
    const res = await v1(app, recruiter, 'POST', `/candidate/bulkstage/3/${roleId}`, { ids });
    expectRetryLater(res);
    expect(await pipelineState(ids)).toEqual(before);

    const again = await v1(app, recruiter, 'POST', `/candidate/bulkstage/3/${roleId}`, { ids });
    expect(again.statusCode).toBe(200);
    expect((await pipelineState(ids)).applications.map((a) => a.stage_id)).toEqual([3, 3, 3]);
  });
  /** What saving or submitting writes: the application, its history, the candidate's profile and queued email. */
  async function candidateState(applicationId: string, userId: string) {
    const [application, history, profile, jobs] = await Promise.all([
      testDb.db.selectFrom('applications').selectAll().where('id', '=', applicationId).executeTakeFirstOrThrow(),
      testDb.db.selectFrom('stage_history').select('id').where('application_id', '=', applicationId).execute(),
      testDb.db.selectFrom('candidate_profiles').selectAll().where('user_id', '=', userId).execute(),
      testDb.db.selectFrom('jobs').select(['id', 'kind']).where('user_id', '=', userId).execute(),
    ]);
    return { application, history, profile, jobs };
  }

  it('an application step saved: 503, neither the application nor the profile changed, and it saves when sent again', async () => {
    const candidate = await newCandidate(app, testDb.db, 'acme');
    const record = expectRecord(await v1(app, candidate.token, 'POST', `/candidate/applyc/${roleId}`), 201);
    const step = form.steps[0]!;
    const body = {
      step: 1,
      stepId: step.id,
      answers: stepAnswers(form, step.id, { ...completeAcmeAnswers, firstName: 'Augusta' }),
      version: record.version,
      role: { id: roleId },
      organization: { id: record.organization!.id },
    };
    const before = await candidateState(record.id, candidate.id);
    fault.arm('applications');
    const res = await v1(app, candidate.token, 'PUT', `/candidate/${record.id}?maxSteps=${form.steps.length}`, body);
    expectRetryLater(res);
    expect(await candidateState(record.id, candidate.id)).toEqual(before);

    const again = expectRecord(
      await v1(app, candidate.token, 'PUT', `/candidate/${record.id}?maxSteps=${form.steps.length}`, body),
    );
    expect(again).toMatchObject({
      version: record.version + 1,
      answers: expect.objectContaining({ firstName: 'Augusta' }),
    });
  });

  it('an application submitted: 503, still a draft with no history or email, and it submits when sent again', async () => {
    const candidate = await newCandidate(app, testDb.db, 'acme');
    const record = expectRecord(await v1(app, candidate.token, 'POST', `/candidate/applyc/${roleId}`), 201);
    const uploaded = await uploadCv(app, candidate.token, record.id);
    const answers = { ...completeAcmeAnswers, cv: { id: uploaded.cv.id, name: uploaded.cv.name } };
    let current = uploaded.record;
    for (const step of form.steps)
      current = expectRecord(
        await v1(app, candidate.token, 'PUT', `/candidate/${record.id}?maxSteps=${form.steps.length}`, {
          step: form.steps.indexOf(step) + 1,
          stepId: step.id,
          answers: stepAnswers(form, step.id, answers),
          version: current.version,
          role: { id: roleId },
          organization: { id: record.organization!.id },
        }),
      );
    const before = await candidateState(record.id, candidate.id);
    fault.arm('applications');
    expectRetryLater(await v1(app, candidate.token, 'PUT', `/candidate/${record.id}/submit`));
    const after = await candidateState(record.id, candidate.id);
    expect(after).toEqual(before);
    expect(after.application.state).toBe('DRAFT');

    expect(expectRecord(await v1(app, candidate.token, 'PUT', `/candidate/${record.id}/submit`)).state).toBe(
      'SUBMITTED',
    );
    const submitted = await candidateState(record.id, candidate.id);
    expect(submitted.history).toHaveLength(1);
    expect(submitted.jobs.map((job) => job.kind)).toEqual(['email']);
  });

  it('an event registration: 503, no place taken and no email queued, and it registers when sent again', async () => {
    const event = await v1(app, recruiter, 'POST', '/events', insightDayInAWeek({ capacity: 1 }));
    expect(event.statusCode, event.body).toBe(201);
    const eventId = event.json<{ id: string }>().id;
    const candidate = await newCandidate(app, testDb.db, 'acme');
    const registrations = () =>
      testDb.db
        .selectFrom('event_registrations')
        .select(['user_id', 'status'])
        .where('event_id', '=', eventId)
        .execute();
    const emails = () => testDb.db.selectFrom('jobs').select('kind').where('user_id', '=', candidate.id).execute();
    const register = () =>
      v1(app, candidate.token, 'POST', `/event/${eventId}`, { answers: { eventHeardFrom: 'Social media' } });

    fault.arm('event_registrations');
    expectRetryLater(await register());
    expect(await registrations()).toEqual([]);
    expect(await emails()).toEqual([]);

    const again = await register();
    expect(again.statusCode, again.body).toBe(201);
    // The one place went to the candidate: the failed try had not taken it.
    expect(await registrations()).toEqual([{ user_id: candidate.id, status: 'REGISTERED' }]);
    expect(await emails()).toHaveLength(1);
  });
});
