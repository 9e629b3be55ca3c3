import type { Socket } from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import type { App } from '#server/app-types';
import { openDatabase, postgresUrlOf, type Db } from '#server/db/client';
import { findOrganizationIds } from '#server/modules/organizations/organization.repository';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { signIn, v1 } from '../helpers/auth';

/*
 * Access tokens are held in the process (decision 0087): a change to the token, its session or its user, made by SQL
 * directly or by another app on the same database, must still refuse (or change) the very next call.
 */

let t: TestApp;
let acmeId: string;

beforeAll(async () => {
  t = await createTestApp();
  acmeId = (await findOrganizationIds(t.db, ['acme'])).get('acme')!;
});
afterAll(() => t?.close());

const me = (app: App, token: string) => v1(app, token, 'GET', '/user');
const userIdOf = async (email: string): Promise<string> =>
  (await sql<{ id: string }>`select id from users where email = ${email}`.execute(t.db)).rows[0]!.id;

/** A fresh session of the acme recruiter, already used once (so held by the app). */
async function heldSession(app: App = t.app): Promise<string> {
  const token = (await signIn(app, 'recruiter@acme.example')).access_token;
  expect((await me(app, token)).statusCode).toBe(200);
  expect((await me(app, token)).statusCode).toBe(200);
  return token;
}

async function expectRefused(app: App, token: string, description = 'Invalid access token'): Promise<void> {
  const res = await me(app, token);
  expect(res.statusCode, res.body).toBe(401);
  expect(res.json()).toMatchObject({ error_description: description });
}

describe('a change made by SQL directly is seen on the very next call', () => {
  it('the session revoked (as a password change does)', async () => {
    const token = await heldSession();
    await sql`update session_families set revoked_at = now(), revoked_reason = 'by hand'
      where user_id = ${await userIdOf('recruiter@acme.example')} and revoked_at is null`.execute(t.db);
    await expectRefused(t.app, token);
  });

  it('the token deleted (signed out)', async () => {
    const token = await heldSession();
    await sql`delete from session_tokens where user_id = ${await userIdOf('recruiter@acme.example')}`.execute(t.db);
    await expectRefused(t.app, token);
  });

  it('the user deactivated, then active again (a new session works)', async () => {
    const token = await heldSession();
    const userId = await userIdOf('recruiter@acme.example');
    await sql`update users set deactivated_at = now() where id = ${userId}`.execute(t.db);
    await expectRefused(t.app, token);
    await sql`update users set deactivated_at = null where id = ${userId}`.execute(t.db);
    await heldSession();
  });

  it('the user type changed: the next call has the new permissions', async () => {
    const token = await heldSession();
    const users = () => v1(t.app, token, 'GET', `/organization/${acmeId}/users`);
    expect((await users()).statusCode).toBe(403);
    const userId = await userIdOf('recruiter@acme.example');
    await sql`update users set user_type = 'HIRING_MANAGER_ADMIN' where id = ${userId}`.execute(t.db);
    expect((await users()).statusCode).toBe(200);
    await sql`update users set user_type = 'HIRING_MANAGER' where id = ${userId}`.execute(t.db);
    expect((await users()).statusCode).toBe(403);
  });

  it('the expiry brought forward; an expiry moved later (the sliding timeout) is found when the held one passes', async () => {
    const token = await heldSession();
    const userId = await userIdOf('recruiter@acme.example');
    await sql`update session_tokens set expires_at = now() - interval '1 second' where user_id = ${userId}`.execute(
      t.db,
    );
    await expectRefused(t.app, token, 'Access token expired');

    const other = await heldSession();
    await sql`update session_tokens set expires_at = now() + interval '1 second' where user_id = ${userId}`.execute(
      t.db,
    );
    expect((await me(t.app, other)).statusCode).toBe(200);
    // Moved later without a notice, as every call under a session timeout does: the app holds the earlier expiry.
    await sql`update session_tokens set expires_at = now() + interval '1 hour' where user_id = ${userId}`.execute(t.db);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await me(t.app, other)).statusCode).toBe(200);
  });

  it("the session's absolute expiry passed", async () => {
    const token = await heldSession();
    await sql`update session_families set absolute_expires_at = now() + interval '300 milliseconds'
      where user_id = ${await userIdOf('recruiter@acme.example')} and revoked_at is null`.execute(t.db);
    expect((await me(t.app, token)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await expectRefused(t.app, token);
  });
});

/*
 * A search changes nothing, so its held token is confirmed while it runs and its answer waits for that (decision
 * 0091). Whether the change below has been heard when the search authenticates or only while it runs, the answer is
 * the same; the PostgreSQL case further down makes the second order certain.
 */
describe('a read-only call answered from a held token waits for its confirmation', () => {
  const search = (token: string, filters: Record<string, unknown> = {}) =>
    v1(t.app, token, 'POST', '/search/candidate/acme?resultsPerPage=5', { filters });
  const heldSearch = async (): Promise<string> => {
    const token = await heldSession();
    expect((await search(token)).statusCode).toBe(200);
    return token;
  };
  const revokeByHand = async () =>
    sql`update session_families set revoked_at = now(), revoked_reason = 'by hand'
      where user_id = ${await userIdOf('recruiter@acme.example')} and revoked_at is null`.execute(t.db);

  it('a session revoked just before the search: 401, not the page', async () => {
    const token = await heldSearch();
    await revokeByHand();
    const res = await search(token);
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toMatchObject({ error_description: 'Invalid access token' });
  });

  it("the search's own error answer waits too: a revoked session gets 401, not 400 or 404", async () => {
    const token = await heldSearch();
    await revokeByHand();
    expect((await search(token, { stageId: 'not a number' })).statusCode).toBe(401);
    const other = await heldSearch();
    await revokeByHand();
    const res = await v1(t.app, other, 'POST', '/search/candidate/northbridge', { filters: {} });
    expect(res.statusCode, res.body).toBe(401);
  });

  it('a user no longer on the hiring side: 403; back on it: the very next search answers', async () => {
    const token = await heldSearch();
    const userId = await userIdOf('recruiter@acme.example');
    await sql`update users set user_type = 'CANDIDATE' where id = ${userId}`.execute(t.db);
    try {
      const res = await search(token);
      expect(res.statusCode, res.body).toBe(403);
    } finally {
      await sql`update users set user_type = 'HIRING_MANAGER' where id = ${userId}`.execute(t.db);
    }
    expect((await search(token)).statusCode).toBe(200);
  });

  it("another of the user's sessions signed out: the search still answers, from the session read again", async () => {
    const token = await heldSearch();
    const elsewhere = (await signIn(t.app, 'recruiter@acme.example')).access_token;
    const signOut = await t.app.inject({
      method: 'DELETE',
      url: '/api/oauth/access-token',
      headers: { authorization: `Bearer ${elsewhere}` },
    });
    expect(signOut.statusCode).toBe(200);
    const res = await search(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toHaveProperty('content');
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('a change heard only while a search runs', () => {
  let db: Db;
  let app: App;
  let listening: Socket;

  beforeAll(async () => {
    // The app's connection listening to session changes, caught as it connects, so that the test can hold back what
    // it hears: with its socket paused, notices and the answer of the confirming round trip wait in the buffer.
    const connect = pg.Client.prototype.connect as (this: pg.Client) => Promise<pg.Client>;
    const clients: pg.Client[] = [];
    pg.Client.prototype.connect = function (this: pg.Client) {
      clients.push(this);
      return connect.call(this);
    } as unknown as pg.Client['connect'];
    try {
      db = await openDatabase({ kind: 'postgres', url: postgresUrlOf(t.db)! });
      app = await buildApp({ db, logLevel: false, clientDir: null });
      await app.ready();
    } finally {
      pg.Client.prototype.connect = connect as unknown as pg.Client['connect'];
    }
    const listener = clients.find(
      (client) =>
        (client as unknown as { connectionParameters: { application_name?: string } }).connectionParameters
          .application_name === 'candid: listen session_changed',
    );
    listening = (listener as unknown as { connection: { stream: Socket } }).connection.stream;
  });
  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  const searchOf = (token: string) => () =>
    v1(app, token, 'POST', '/search/candidate/acme?resultsPerPage=5', { filters: {} });

  /**
   * `change` made while the app cannot hear it, then `call` begun: its answer must wait (none within 300 ms) until the
   * listening connection reads again, hears the change and confirms the token.
   */
  async function heardWhileItRuns<T>(change: () => Promise<unknown>, call: () => Promise<T>): Promise<T> {
    let answered = false;
    let answer: Promise<T>;
    listening.pause();
    try {
      await change();
      answer = call().finally(() => {
        answered = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(answered).toBe(false);
    } finally {
      listening.resume();
    }
    return answer;
  }

  it('revoked before the search, heard while it runs: the page is held back, then 401', async () => {
    const search = searchOf((await signIn(app, 'recruiter@acme.example')).access_token);
    expect((await search()).statusCode).toBe(200);
    expect((await search()).statusCode).toBe(200);
    const userId = await userIdOf('recruiter@acme.example');
    const res = await heardWhileItRuns(
      () =>
        sql`update session_families set revoked_at = now(), revoked_reason = 'by hand'
          where user_id = ${userId} and revoked_at is null`.execute(t.db),
      search,
    );
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toMatchObject({ error_description: 'Invalid access token' });
  });

  it('a public call sent with a token asks nothing of the listening connection; a signed-in call confirms it', async () => {
    const token = (await signIn(app, 'recruiter@acme.example')).access_token;
    const write = listening.write;
    let writes = 0;
    listening.write = function (this: Socket, ...args: Parameters<Socket['write']>) {
      writes += 1;
      return write.apply(this, args);
    } as Socket['write'];
    try {
      const organization = await app.inject({
        method: 'GET',
        url: '/api/public/organization/acme/',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(organization.statusCode, organization.body).toBe(200);
      expect(writes).toBe(0);
      expect((await v1(app, token, 'GET', '/user')).statusCode).toBe(200);
      expect(writes).toBeGreaterThan(0);
    } finally {
      listening.write = write;
    }
  });

  it('moved back onto the hiring side before the search, heard while it runs: refused only once confirmed, then 200', async () => {
    const userId = await userIdOf('recruiter@acme.example');
    const search = searchOf((await signIn(app, 'recruiter@acme.example')).access_token);
    const typeOf = (type: string) => () => sql`update users set user_type = ${type} where id = ${userId}`.execute(t.db);
    await typeOf('CANDIDATE')();
    try {
      expect((await search()).statusCode).toBe(403);
      expect((await search()).statusCode).toBe(403);
      // The held token still says candidate: the refusal waits for the confirmation.
      const res = await heardWhileItRuns(typeOf('HIRING_MANAGER'), search);
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await typeOf('HIRING_MANAGER')();
    }
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two apps on one PostgreSQL database', () => {
  let otherDb: Db;
  let other: App;
  let hr: string;

  beforeAll(async () => {
    otherDb = await openDatabase({ kind: 'postgres', url: postgresUrlOf(t.db)! });
    other = await buildApp({ db: otherDb, logLevel: false, clientDir: null });
    await other.ready();
    hr = (await signIn(other, 'hr@acme.example')).access_token;
  });
  afterAll(async () => {
    await other?.close();
    await otherDb?.destroy();
  });

  it('signed out through the other app: refused on the next call to this one', async () => {
    const token = await heldSession();
    const signOut = await other.inject({
      method: 'DELETE',
      url: '/api/oauth/access-token',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(signOut.statusCode, signOut.body).toBe(200);
    await expectRefused(t.app, token);
  });

  it('deactivated and promoted through the other app: seen on the next call to this one', async () => {
    const userId = await userIdOf('recruiter@acme.example');
    const token = await heldSession();
    expect((await v1(t.app, token, 'GET', `/organization/${acmeId}/users`)).statusCode).toBe(403);
    const promote = await v1(other, hr, 'POST', `/organization/${acmeId}/user/${userId}`, {
      userType: 'HIRING_MANAGER_ADMIN',
    });
    expect(promote.json()).toMatchObject({ userType: 'HIRING_MANAGER_ADMIN' });
    expect((await v1(t.app, token, 'GET', `/organization/${acmeId}/users`)).statusCode).toBe(200);
    const demote = await v1(other, hr, 'POST', `/organization/${acmeId}/user/${userId}`, {
      userType: 'HIRING_MANAGER',
    });
    expect(demote.json()).toMatchObject({ userType: 'HIRING_MANAGER' });

    const off = await v1(other, hr, 'POST', `/organization/${acmeId}/user/${userId}`, { active: false });
    expect(off.json()).toMatchObject({ active: false });
    await expectRefused(t.app, token);
    await v1(other, hr, 'POST', `/organization/${acmeId}/user/${userId}`, { active: true });
  });

  it('while its listening connection is down an app reads every token, and holds them again once it is back', async () => {
    const token = await heldSession();
    const listening = () =>
      sql<{ pid: number }>`select pid from pg_stat_activity
        where datname = current_database() and application_name = 'candid: listen session_changed'`.execute(t.db);
    // Both apps listen; ending every listening connection ends this one's.
    for (const { pid } of (await listening()).rows) await sql`select pg_terminate_backend(${pid})`.execute(t.db);
    await expect.poll(async () => (await listening()).rows.length, { timeout: 5_000 }).toBe(0);
    // It cannot know what it missed, so it holds nothing: a revocation nobody is told of is still seen.
    const userId = await userIdOf('recruiter@acme.example');
    await sql`alter table session_families disable trigger session_changed_update`.execute(t.db);
    try {
      await sql`update session_families set revoked_at = now() where user_id = ${userId}`.execute(t.db);
    } finally {
      await sql`alter table session_families enable trigger session_changed_update`.execute(t.db);
    }
    await expectRefused(t.app, token);
    await expect.poll(async () => (await listening()).rows.length, { timeout: 5_000 }).toBe(2);
    await heldSession();
  });
});
