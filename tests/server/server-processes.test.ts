import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '#schemas/role';
import { json } from '#server/db/json';
import { emailJobHandlers } from '#server/email/email.service';
import { memoryTransport } from '#server/email/mail-transport';
import { runDueJobs } from '#server/jobs/worker';
import { findActiveRoleNames } from '#server/modules/roles/role.repository';
import { seedDemoEvents } from '#server/seed/demo-events';
import { seedDemoPipeline } from '#server/seed/demo-pipeline';
import { createUser } from '#server/seed/factories';
import { DEMO_PASSWORD, type Tokens } from '../helpers/auth';
import { connectionRefused, startServerProcess, type ServerProcess } from '../helpers/server-process';
import { appRoleUrl, createTestDb, type TestDb } from '../helpers/test-db';

/*
 * Issue 19: two API processes (src/server/main.ts, as `npm start` runs it) on one PostgreSQL database behind a
 * round-robin proxy (decision 0073), and a graceful stop on SIGTERM (decision 0077). What one process must learn from
 * the other goes through the database. Each process sends its email to an SMTP server of its own, so the test knows
 * which process ran which job.
 */
const postgres = process.env.TEST_DB === 'postgres';

/** An SMTP server that takes each message after `delayMs`, or holds it while `hold()` is in force. */
function smtpPeer(delayMs: number) {
  let gate: { promise: Promise<void>; open: () => void } | null = null;
  const peer = {
    /** Subjects of the messages that have arrived, accepted or still held. */
    arrived: [] as string[],
    /** Subjects of the messages accepted. */
    accepted: [] as string[],
    url: '',
    hold: () => {
      let open = () => undefined as void;
      const promise = new Promise<void>((resolve) => (open = resolve));
      gate = { promise, open };
    },
    release: () => {
      gate?.open();
      gate = null;
    },
    server: new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      disableReverseLookup: true,
      logger: false,
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          const subject = /^Subject: (.*)$/m.exec(data)?.[1]?.trim() ?? '';
          peer.arrived.push(subject);
          const wait = gate?.promise ?? new Promise((resolve) => setTimeout(resolve, delayMs));
          void wait.then(() => {
            peer.accepted.push(subject);
            callback();
          });
        });
      },
    }),
  };
  return peer;
}
type SmtpPeer = ReturnType<typeof smtpPeer>;

interface Node {
  name: 'a' | 'b';
  process: ServerProcess;
  smtp: SmtpPeer;
}

let t: TestDb;
let databaseName: string;
let acmeId: string;
let a: Node;
let b: Node;
let proxy: http.Server;
let proxyUrl: string;

/** Sends each request to the next node in turn, and says which one answered (`x-node`). */
function roundRobin(nodes: readonly Node[]): http.Server {
  let next = 0;
  return http.createServer((request, response) => {
    const node = nodes[next++ % nodes.length]!;
    const target = new URL(request.url ?? '/', node.process.url);
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
  ({ name: databaseName } = (await sql<{ name: string }>`select current_database() as name`.execute(t.db)).rows[0]!);
  acmeId = (
    await t.db.selectFrom('organizations').select('id').where('subdomain', '=', 'acme').executeTakeFirstOrThrow()
  ).id;
  // What each process would seed on its first start, done once here: two first starts at once would both seed.
  const subdomains = (await t.db.selectFrom('organizations').select('subdomain').execute()).map((o) => o.subdomain);
  await seedDemoPipeline(t.db, subdomains);
  await seedDemoEvents(t.db, subdomains);

  const smtp = [smtpPeer(0), smtpPeer(0)] as const;
  for (const peer of smtp) {
    await new Promise<void>((resolve) => peer.server.listen(0, '127.0.0.1', resolve));
    peer.url = `smtp://127.0.0.1:${(peer.server.server.address() as AddressInfo).port}`;
  }
  // Signed in as the app role, bound by row-level security (decision 0068), as a deployment is.
  const databaseUrl = appRoleUrl(process.env.TEST_DATABASE_URL!, databaseName);
  const [processA, processB] = await Promise.all(
    smtp.map((peer) => startServerProcess({ DATABASE_URL: databaseUrl, SMTP_URL: peer.url })),
  );
  a = { name: 'a', process: processA!, smtp: smtp[0] };
  b = { name: 'b', process: processB!, smtp: smtp[1] };

  proxy = roundRobin([a, b]);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  if (!postgres) return;
  await new Promise((resolve) => proxy?.close(resolve));
  await Promise.all([a?.process.dispose(), b?.process.dispose()]);
  for (const node of [a, b]) {
    node?.smtp.release();
    await new Promise<void>((resolve) => node?.smtp.server.close(() => resolve()) ?? resolve());
  }
  await t?.close();
});

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ client_id: 'web', scope: 'write', ...fields }),
});

/** A token request through the proxy, or straight to one node. */
const token = (fields: Record<string, string>, base = proxyUrl) => fetch(`${base}/api/oauth/token`, form(fields));

const signIn = async (base: string, username: string): Promise<Tokens> => {
  const res = await token({ grant_type: 'password', username, password: DEMO_PASSWORD }, base);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Tokens;
};

const me = (base: string, accessToken: string) =>
  fetch(`${base}/api/v1/user`, { headers: { authorization: `Bearer ${accessToken}` } });

/** Email jobs queued in one statement, so both workers find them due at once. */
async function queueEmails(subjects: readonly string[]): Promise<string[]> {
  const rows = await t.db
    .insertInto('jobs')
    .values(
      subjects.map((subject) => ({
        organization_id: acmeId,
        user_id: null,
        kind: 'email',
        payload: json({ to: 'processes@example.test', subject, text: subject, html: `<p>${subject}</p>` }),
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

describe.runIf(postgres)('two server processes on one PostgreSQL database', () => {
  it('a token issued or refreshed on one process is honoured on the other, and a replay is refused on both', async () => {
    const signedIn = await token({ grant_type: 'password', username: 'hr@acme.example', password: DEMO_PASSWORD });
    expect(signedIn.status).toBe(200);
    const first = (await signedIn.json()) as Tokens;
    const issuedBy = signedIn.headers.get('x-node');

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
    expect((await me(other.process.url, second.access_token)).status).toBe(200);

    // The old refresh token replayed on the process that did not rotate it: refused, and the family ends everywhere.
    const replay = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token! }, other.process.url);
    expect(replay.status).toBe(400);
    expect((await me(refreshedBy.process.url, second.access_token)).status).toBe(401);
    expect((await me(other.process.url, second.access_token)).status).toBe(401);
  });

  it("a role edited through one process is served by the other at once, not after the cache's lifetime", async () => {
    const id = (await findActiveRoleNames(t.db, acmeId)).find((role) => role.name === 'Sustainability Analyst')!.id;
    const nameAt = async (node: Node) =>
      ((await (await fetch(`${node.process.url}/api/public/acme/roles/${id}`)).json()) as Role).name;
    expect(await nameAt(a)).toBe('Sustainability Analyst');
    expect(await nameAt(b)).toBe('Sustainability Analyst');

    // A change nobody announces (SQL by hand) is not seen: both processes answer from their caches.
    await sql`update roles set name = 'Unannounced' where id = ${id}`.execute(t.db);
    expect(await nameAt(a)).toBe('Sustainability Analyst');
    expect(await nameAt(b)).toBe('Sustainability Analyst');

    const { access_token } = await signIn(a.process.url, 'recruiter@acme.example');
    const edit = await fetch(`${a.process.url}/api/v1/role/${id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Sustainability Analyst (Leeds)' }),
    });
    expect(edit.status, await edit.text()).toBe(200);
    expect(await nameAt(a)).toBe('Sustainability Analyst (Leeds)');
    // B hears of it when the write commits (NOTIFY); the notice crosses a socket, so allow it a moment, far below the
    // 30 s lifetime after which B would have read the database anyway.
    await vi.waitFor(async () => expect(await nameAt(b)).toBe('Sustainability Analyst (Leeds)'), {
      timeout: 2_000,
      interval: 20,
    });
  });

  it('a process that lost its listening connection serves changes it could not hear of, and caches again once back', async () => {
    const id = (await findActiveRoleNames(t.db, acmeId)).find((role) => role.name === 'Graduate Data Analyst')!.id;
    const nameAt = async (node: Node) =>
      ((await (await fetch(`${node.process.url}/api/public/acme/roles/${id}`)).json()) as Role).name;
    const rename = (name: string) => sql`update roles set name = ${name} where id = ${id}`.execute(t.db);
    // Each process listens on two channels (organisation changes, session changes: decision 0087), each on a named
    // connection of its own.
    const listeners = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and application_name like 'candid: listen %'`.execute(t.db)
      ).rows[0]!.n;
    expect(await nameAt(b)).toBe('Graduate Data Analyst');
    await vi.waitFor(async () => expect(await listeners()).toBe(4), { timeout: 10_000, interval: 100 });

    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and application_name like 'candid: listen %'`.execute(t.db);
    await rename('Graduate Data Analyst (missed notice)');
    await vi.waitFor(async () => expect(await nameAt(b)).toBe('Graduate Data Analyst (missed notice)'), {
      timeout: 5_000,
      interval: 50,
    });

    // Both listen again within seconds, and B answers from its cache again: a change by hand is not seen.
    await vi.waitFor(async () => expect(await listeners()).toBe(4), { timeout: 10_000, interval: 100 });
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

  it('both workers send 40 queued emails between them, each exactly once', async () => {
    const subjects = Array.from({ length: 40 }, (_, n) => `Contention ${n}`);
    await queueEmails(subjects);
    const sent = () => [...a.smtp.accepted, ...b.smtp.accepted].filter((s) => s.startsWith('Contention '));
    await vi.waitFor(() => expect(sent().length).toBeGreaterThanOrEqual(subjects.length), {
      timeout: 20_000,
      interval: 50,
    });
    // Nothing more arrives late: each job ran once.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent().sort()).toEqual([...subjects].sort());
    expect(a.smtp.accepted.filter((s) => s.startsWith('Contention ')).length).toBeGreaterThan(0);
    expect(b.smtp.accepted.filter((s) => s.startsWith('Contention ')).length).toBeGreaterThan(0);
  });

  it('SIGTERM: new connections refused, the request in flight answered, the job running finished, the others released, exit 0', async () => {
    // A stops first, with nothing in flight, so that B alone works on what follows.
    a.process.kill('SIGTERM');
    expect(await a.process.exited).toBe(0);

    const email = `sigterm-${Date.now()}@example.test`;
    const user = await createUser(t.db, { organizationId: acmeId, email, password: DEMO_PASSWORD });
    const { access_token } = await signIn(b.process.url, email);
    const eventId = (
      await t.db
        .selectFrom('events')
        .select('id')
        .where('organization_id', '=', acmeId)
        .where('title', '=', 'Graduate insight day')
        .executeTakeFirstOrThrow()
    ).id;
    const jobsDue = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from jobs
          where status in ('queued', 'running') and run_at <= now()`.execute(t.db)
      ).rows[0]!.n;
    await vi.waitFor(async () => expect(await jobsDue()).toBe(0), { timeout: 10_000, interval: 50 });

    // A job running: B's worker claims the three emails and the SMTP server holds the first one it sends.
    b.smtp.hold();
    const ids = await queueEmails(['Shutdown 1', 'Shutdown 2', 'Shutdown 3']);
    await vi.waitFor(() => expect(b.smtp.arrived.filter((s) => s.startsWith('Shutdown '))).toHaveLength(1), {
      timeout: 5_000,
      interval: 20,
    });
    const running = b.smtp.arrived.find((s) => s.startsWith('Shutdown '))!;

    // A slow request in flight: a registration waiting for the event's row, which the test keeps locked.
    const admin = new URL(process.env.TEST_DATABASE_URL!);
    admin.pathname = `/${databaseName}`;
    const locker = new pg.Client({ connectionString: admin.toString() });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('select id from events where id = $1 for update', [eventId]);
      let answered = false;
      const registration = fetch(`${b.process.url}/api/v1/event/${eventId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ answers: { eventHeardFrom: 'Social media' } }),
      }).finally(() => (answered = true));
      await vi.waitFor(
        async () => {
          const { rows } = await locker.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          expect(rows[0]!.n).toBe(1);
        },
        { timeout: 5_000, interval: 20 },
      );

      b.process.kill('SIGTERM');
      await vi.waitFor(async () => expect(await connectionRefused(b.process.port)).toBe(true), {
        timeout: 5_000,
        interval: 20,
      });
      expect(answered).toBe(false);

      await locker.query('commit');
      const res = await registration;
      expect(res.status, await res.clone().text()).toBe(201);
    } finally {
      await locker.end();
    }

    // Still running until its job is done.
    let ended = false;
    void b.process.exited.then(() => (ended = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ended).toBe(false);
    b.smtp.release();
    expect(await b.process.exited).toBe(0);
    expect(b.process.output()).toContain('SIGTERM: shutting down');

    // The job it was running finished once; the two it had claimed are queued again, their claim not counted.
    expect(b.smtp.accepted.filter((s) => s.startsWith('Shutdown '))).toEqual([running]);
    const jobs = await t.db
      .selectFrom('jobs')
      .select(['status', 'locked_at', 'attempts'])
      .where('id', 'in', ids)
      .execute();
    expect(jobs.map((job) => job.status).sort()).toEqual(['done', 'queued', 'queued']);
    expect(jobs.filter((job) => job.status === 'queued')).toEqual([
      { status: 'queued', locked_at: null, attempts: 0 },
      { status: 'queued', locked_at: null, attempts: 0 },
    ]);
    expect(
      await t.db
        .selectFrom('event_registrations')
        .select('status')
        .where('event_id', '=', eventId)
        .where('user_id', '=', user.id)
        .execute(),
    ).toEqual([{ status: 'REGISTERED' }]);

    // Another worker takes what B left: the two released emails and the registration's confirmation, once each.
    const transport = memoryTransport();
    while ((await runDueJobs(t.db, emailJobHandlers(transport))) > 0);
    expect(
      transport.sent
        .filter((m) => m.subject.startsWith('Shutdown '))
        .map((m) => m.subject)
        .sort(),
    ).toEqual(['Shutdown 1', 'Shutdown 2', 'Shutdown 3'].filter((s) => s !== running));
    expect(transport.sent.filter((m) => m.to === email)).toHaveLength(1);
  });
});
