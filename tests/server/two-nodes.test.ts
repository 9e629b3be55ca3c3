import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '#schemas/role';
import type { App } from '#server/app-types';
import { buildApp } from '#server/app';
import type { Db } from '#server/db/client';
import * as jobsOfA from '#server/jobs/job.repository';
import * as workerOfA from '#server/jobs/worker';
import * as cacheOfA from '#server/lib/public-cache';
import { findOrganizationIds } from '#server/modules/organizations/organization.repository';
import { findActiveRoleNames } from '#server/modules/roles/role.repository';
import { DEMO_PASSWORD, type Tokens } from '../helpers/auth';
import { appRoleUrl, createTestDb, TEST_PASSWORD_HASHING, type TestDb } from '../helpers/test-db';

/*
 * Issue 19, decision 0073: two API nodes on one PostgreSQL database behind a round-robin proxy. Node B is built
 * from a second load of the server's modules (vi.resetModules), so it shares no module state with node A: what
 * one node must learn from the other goes through the database, as between two processes.
 */
const postgres = process.env.TEST_DB === 'postgres';

interface Node {
  name: 'a' | 'b';
  app: App;
  db: Db;
  url: string;
}

let t: TestDb;
let a: Node;
let b: Node;
let closeB: () => Promise<void>;
let proxy: http.Server;
let proxyUrl: string;
let acmeId: string;
let workerOfB: typeof workerOfA;
let jobsOfB: typeof jobsOfA;
let cacheOfB: typeof cacheOfA;

async function listen(app: App): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Sends each request to the next node in turn, and says which one answered (`x-node`). */
function roundRobin(nodes: readonly Node[]): http.Server {
  let next = 0;
  return http.createServer((request, response) => {
    const node = nodes[next++ % nodes.length]!;
    const target = new URL(request.url ?? '/', node.url);
    const forwarded = http.request(
      target,
      { method: request.method, headers: { ...request.headers, host: target.host } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-node': node.name });
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.writeHead(502).end());
    request.pipe(forwarded);
  });
}

beforeAll(async () => {
  if (!postgres) return;
  t = await createTestDb();
  acmeId = (await findOrganizationIds(t.db, ['acme'])).get('acme')!;
  a = { name: 'a', app: await buildApp({ db: t.db, logLevel: false }), db: t.db, url: '' };
  a.url = await listen(a.app);

  // Node B: the same database, reached through a fresh copy of every server module.
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
  // Signed in as node A is: the app role, bound by row-level security (decision 0068).
  const url = appRoleUrl(process.env.TEST_DATABASE_URL!, rows[0]!.name);
  vi.resetModules();
  const [client, app, password] = await Promise.all([
    import('#server/db/client'),
    import('#server/app'),
    import('#server/lib/password'),
  ]);
  [workerOfB, jobsOfB, cacheOfB] = await Promise.all([
    import('#server/jobs/worker'),
    import('#server/jobs/job.repository'),
    import('#server/lib/public-cache'),
  ]);
  password.configurePasswordHashing(TEST_PASSWORD_HASHING);
  const dbOfB = await client.openDatabase({ kind: 'postgres', url, poolSize: 4 });
  b = { name: 'b', app: await app.buildApp({ db: dbOfB, logLevel: false }), db: dbOfB, url: '' };
  b.url = await listen(b.app);
  closeB = async () => {
    await b.app.close();
    await dbOfB.destroy();
  };

  proxy = roundRobin([a, b]);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  if (!postgres) return;
  await new Promise((resolve) => proxy?.close(resolve));
  await closeB?.();
  await a?.app.close();
  await t?.close();
});

/** A form-encoded token request through the proxy. */
const token = (fields: Record<string, string>) =>
  fetch(`${proxyUrl}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: 'web', scope: 'write', ...fields }),
  });

const me = (base: string, accessToken: string) =>
  fetch(`${base}/api/v1/user`, { headers: { authorization: `Bearer ${accessToken}` } });

describe.runIf(postgres)('two API nodes on one PostgreSQL database', () => {
  it('share no module state: node B runs its own copy of the public cache', () => {
    expect(cacheOfB).not.toBe(cacheOfA);
    expect(cacheOfB.organizationChanged).not.toBe(cacheOfA.organizationChanged);
  });

  it('a token issued or refreshed on one node is honoured on the other, and a replay is refused on both', async () => {
    const signIn = await token({ grant_type: 'password', username: 'hr@acme.example', password: DEMO_PASSWORD });
    expect(signIn.status).toBe(200);
    const first = (await signIn.json()) as Tokens;
    const issuedBy = signIn.headers.get('x-node');

    const elsewhere = await fetch(`${proxyUrl}/api/v1/user`, {
      headers: { authorization: `Bearer ${first.access_token}` },
    });
    expect(elsewhere.headers.get('x-node')).not.toBe(issuedBy);
    expect(elsewhere.status).toBe(200);

    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token! });
    expect(refreshed.status).toBe(200);
    const second = (await refreshed.json()) as Tokens;
    const refreshedBy = refreshed.headers.get('x-node') === 'a' ? a : b;
    const other = refreshedBy === a ? b : a;
    expect((await me(other.url, second.access_token)).status).toBe(200);

    // The old refresh token replayed on the node that did not rotate it: refused, and the family ends everywhere.
    const replay = await fetch(`${other.url}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: 'web',
        scope: 'write',
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token!,
      }),
    });
    expect(replay.status).toBe(400);
    expect((await me(refreshedBy.url, second.access_token)).status).toBe(401);
    expect((await me(other.url, second.access_token)).status).toBe(401);
  });

  it("a role edited through one node is seen by the other on its next request, not after the cache's lifetime", async () => {
    const id = (await findActiveRoleNames(t.db, acmeId)).find((role) => role.name === 'Sustainability Analyst')!.id;
    const nameAt = async (node: Node) =>
      ((await (await fetch(`${node.url}/api/public/acme/roles/${id}`)).json()) as Role).name;
    expect(await nameAt(a)).toBe('Sustainability Analyst');
    expect(await nameAt(b)).toBe('Sustainability Analyst');

    // A change nobody announces (SQL by hand) is not seen: both nodes answer from their caches.
    await sql`update roles set name = 'Unannounced' where id = ${id}`.execute(t.db);
    expect(await nameAt(a)).toBe('Sustainability Analyst');
    expect(await nameAt(b)).toBe('Sustainability Analyst');

    const signIn = await fetch(`${a.url}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: 'web',
        scope: 'write',
        grant_type: 'password',
        username: 'recruiter@acme.example',
        password: DEMO_PASSWORD,
      }),
    });
    const { access_token } = (await signIn.json()) as Tokens;
    const edit = await fetch(`${a.url}/api/v1/role/${id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Sustainability Analyst (Leeds)' }),
    });
    expect(edit.status, await edit.text()).toBe(200);
    expect(await nameAt(a)).toBe('Sustainability Analyst (Leeds)');
    // B hears of it when the write commits (NOTIFY); the notice crosses a socket, so allow it a moment, far
    // below the 30 s lifetime after which B would have read the database anyway.
    const seenAfter = Date.now();
    await vi.waitFor(async () => expect(await nameAt(b)).toBe('Sustainability Analyst (Leeds)'), {
      timeout: 2_000,
      interval: 20,
    });
    expect(Date.now() - seenAfter).toBeLessThan(2_000);
  });

  it('a node that lost its listening connection serves changes it could not hear of, and caches again once back', async () => {
    const id = (await findActiveRoleNames(t.db, acmeId)).find((role) => role.name === 'Graduate Data Analyst')!.id;
    const nameAt = async (node: Node) =>
      ((await (await fetch(`${node.url}/api/public/acme/roles/${id}`)).json()) as Role).name;
    const rename = (name: string) => sql`update roles set name = ${name} where id = ${id}`.execute(t.db);
    const listeners = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and query like 'listen %'`.execute(t.db)
      ).rows[0]!.n;
    expect(await nameAt(b)).toBe('Graduate Data Analyst');
    // Each node opens its listening connection in the background after it starts.
    await vi.waitFor(async () => expect(await listeners()).toBe(2), { timeout: 10_000, interval: 100 });

    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query like 'listen %'`.execute(t.db);
    await rename('Graduate Data Analyst (missed notice)');
    await vi.waitFor(async () => expect(await nameAt(b)).toBe('Graduate Data Analyst (missed notice)'), {
      timeout: 5_000,
      interval: 50,
    });

    // Both nodes listen again within seconds, and B answers from its cache again: a change by hand is not seen.
    await vi.waitFor(async () => expect(await listeners()).toBe(2), { timeout: 10_000, interval: 100 });
    let attempt = 0;
    await vi.waitFor(
      async () => {
        const before = await nameAt(b);
        await rename(`Graduate Data Analyst (by hand ${++attempt})`);
        expect(await nameAt(b)).toBe(before);
      },
      { timeout: 5_000, interval: 100 },
    );
  });

  it('two job workers, one per node, run each of 60 queued jobs exactly once', async () => {
    const runs: { node: string; n: number }[] = [];
    const handler = (node: string) => async (payload: unknown) => {
      runs.push({ node, n: (payload as { n: number }).n });
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const total = 60;
    // Queued from both nodes, as requests on either would.
    for (let n = 0; n < total; n++) {
      const job = { organizationId: acmeId, userId: null, kind: 'two-nodes-count', payload: { n } };
      await (n % 2 ? jobsOfB.enqueueJob(b.db, job) : jobsOfA.enqueueJob(a.db, job));
    }
    const workers = [
      workerOfA.startJobWorker(a.db, { 'two-nodes-count': handler('a') }, { intervalMs: 10 }),
      workerOfB.startJobWorker(b.db, { 'two-nodes-count': handler('b') }, { intervalMs: 10 }),
    ];
    try {
      await vi.waitFor(
        async () => {
          const { rows } = await sql<{ done: number }>`
            select count(*)::int as done from jobs where kind = 'two-nodes-count' and status = 'done'`.execute(t.db);
          expect(rows[0]!.done).toBe(total);
        },
        { timeout: 20_000, interval: 50 },
      );
    } finally {
      for (const worker of workers) await worker.stop();
    }
    expect(runs.map((run) => run.n).sort((x, y) => x - y)).toEqual(Array.from({ length: total }, (_, n) => n));
    expect(new Set(runs.map((run) => run.node))).toEqual(new Set(['a', 'b']));
  });
});
