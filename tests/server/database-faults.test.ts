import {
  InsertQueryNode,
  sql,
  UpdateQueryNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePosition } from '#engine/pipeline/organization-stages';
import { buildApp } from '#server/app';
import type { App } from '#server/app-types';
import type { Db } from '#server/db/client';
import { json } from '#server/db/json';
import { isConnectionLost, RETRY_AFTER_SECONDS } from '#server/db/connection-lost';
import { findOrganizationByKey } from '#server/modules/organizations/organization.repository';
import { createUser } from '#server/seed/factories';
import { roleIdByName } from '../helpers/applications';
import { demoTokens, v1 } from '../helpers/auth';
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

/**
 * Drops the connection of the transaction in flight right after its first write: the backend is terminated from
 * another connection while it sits "idle in transaction", so the next statement of the transaction finds the
 * connection gone, as after a failover.
 */
class DropConnectionAfterFirstWrite implements KyselyPlugin {
  #armed = false;
  readonly #writes = new Set<unknown>();

  constructor(private readonly admin: Db) {}

  arm(): void {
    this.#armed = true;
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (this.#armed && (InsertQueryNode.is(node) || UpdateQueryNode.is(node))) this.#writes.add(queryId);
    return node;
  }

  async transformResult({ queryId, result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (!this.#writes.delete(queryId) || !this.#armed) return result;
    // A write outside a transaction (none of these routes makes one first) leaves the plugin armed for the next.
    const { rows } = await sql<{ ended: number }>`
      select count(pg_terminate_backend(pid))::int as ended from pg_stat_activity
      where datname = current_database() and state = 'idle in transaction' and pid <> pg_backend_pid()`.execute(
      this.admin,
    );
    if (rows[0]!.ended > 0) this.#armed = false;
    return result;
  }
}

describe.runIf(process.env.TEST_DB === 'postgres')('a connection dropped mid-write (PostgreSQL)', () => {
  let testDb: TestDb;
  let app: App;
  let fault: DropConnectionAfterFirstWrite;
  let recruiter: string;
  let roleId: string;

  beforeAll(async () => {
    testDb = await createTestDb();
    fault = new DropConnectionAfterFirstWrite(testDb.db);
    app = await buildApp({ db: testDb.db.withPlugin(fault), logLevel: false, clientDir: null });
    await app.ready();
    ({ recruiter } = await demoTokens(app));
    roleId = await roleIdByName(testDb.db, 'acme', 'Graduate Consultant, Strategy');
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.close();
  });

  /** A submitted application in stage 1 of acme's pipeline. */
  async function application(): Promise<string> {
    const acme = (await findOrganizationByKey(testDb.db, 'acme'))!;
    const user = await createUser(testDb.db, { organizationId: acme.id, firstName: 'Ada', lastName: 'Fault' });
    const position = resolvePosition(acme.stages, 1)!;
    const row = await testDb.db
      .insertInto('applications')
      .values({
        organization_id: acme.id,
        role_id: roleId,
        user_id: user.id,
        state: 'SUBMITTED',
        candidate_status: 'ACTIVE',
        answers: json({ firstName: 'Ada', lastName: 'Fault' }),
        stage_id: position.stageId,
        substage_id: position.substageId,
        stage_status: position.stageStatus,
        applied_at: new Date(Date.now() - 60_000),
        last_change_at: new Date(Date.now() - 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
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
    fault.arm();
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
    fault.arm();
    const res = await v1(app, recruiter, 'POST', `/candidate/bulkstage/3/${roleId}`, { ids });
    expectRetryLater(res);
    expect(await pipelineState(ids)).toEqual(before);

    const again = await v1(app, recruiter, 'POST', `/candidate/bulkstage/3/${roleId}`, { ids });
    expect(again.statusCode).toBe(200);
    expect((await pipelineState(ids)).applications.map((a) => a.stage_id)).toEqual([3, 3, 3]);
  });
});
