import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailJobHandlers, queueEmail } from '#server/email/email.service';
import { memoryTransport, outboxTransport, smtpTransport } from '#server/email/mail-transport';
import { enqueueJob } from '#server/jobs/job.repository';
import { retryDelaySeconds, runDueJobs, startJobWorker } from '#server/jobs/worker';
import { findOrganizationIds } from '#server/modules/organizations/organization.repository';
import { createTestDb, type TestDb } from '../helpers/test-db';

let t: TestDb;
let acmeId: string;

beforeAll(async () => {
  t = await createTestDb();
  acmeId = (await findOrganizationIds(t.db, ['acme'])).get('acme')!;
});
afterAll(() => t?.close());

const queue = (to: string) =>
  queueEmail(t.db, {
    organizationId: acmeId,
    userId: null,
    to,
    template: {
      kind: 'magic_link',
      organizationName: 'Acme Consulting',
      link: `http://acme.localhost/oauth?token=${'x'.repeat(43)}`,
    },
  });

describe('jobs table', () => {
  it('runs each job once, even with two workers claiming at the same time (FOR UPDATE SKIP LOCKED)', async () => {
    for (let i = 0; i < 12; i++) await queue(`many${i}@example.test`);
    const transport = memoryTransport();
    const handlers = emailJobHandlers(transport);
    const counts = await Promise.all([
      runDueJobs(t.db, handlers, { limit: 5 }),
      runDueJobs(t.db, handlers, { limit: 5 }),
    ]);
    while ((await runDueJobs(t.db, handlers)) > 0);
    expect(counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(10);
    expect(transport.sent.map((m) => m.to).sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => `many${i}@example.test`).sort(),
    );
    const left = await sql<{ status: string; payload: unknown }>`select status, payload from jobs`.execute(t.db);
    expect(left.rows.every((r) => r.status === 'done')).toBe(true);
    // A sent message's content is not kept.
    expect(left.rows.every((r) => JSON.stringify(r.payload) === '{}')).toBe(true);
  });

  it('retries a failing job later with back-off, then gives up after max attempts', async () => {
    const id = await enqueueJob(t.db, { organizationId: acmeId, userId: null, kind: 'flaky', payload: {} });
    let calls = 0;
    const handlers = {
      flaky: async () => {
        calls++;
        throw new Error('SMTP down');
      },
    };
    expect(await runDueJobs(t.db, handlers)).toBe(1);
    const after = await sql<{ status: string; attempts: number; last_error: string; wait: number }>`
      select status, attempts, last_error, extract(epoch from run_at - now())::int as wait from jobs where id = ${id}`.execute(
      t.db,
    );
    expect(after.rows[0]).toMatchObject({ status: 'queued', attempts: 1, last_error: 'SMTP down' });
    expect(after.rows[0]!.wait).toBeGreaterThan(20);
    expect(retryDelaySeconds(1)).toBe(30);
    expect(retryDelaySeconds(3)).toBe(480);
    for (let i = 0; i < 6; i++) {
      await sql`update jobs set run_at = now() where id = ${id}`.execute(t.db);
      await runDueJobs(t.db, handlers);
    }
    expect(calls).toBe(5);
    expect(
      (await sql<{ status: string }>`select status from jobs where id = ${id}`.execute(t.db)).rows[0]!.status,
    ).toBe('failed');
  });

  it('the worker picks up new jobs on its own and stops cleanly', async () => {
    const transport = memoryTransport();
    const worker = startJobWorker(t.db, emailJobHandlers(transport), { intervalMs: 50 });
    await queue('worker@example.test');
    await expect.poll(() => transport.sent.map((m) => m.to), { timeout: 5000 }).toContain('worker@example.test');
    await worker.stop();
  });

  it('a worker told to stop finishes the job it is running and releases the ones it claimed, untried', async () => {
    const ids = [];
    for (const n of [1, 2, 3])
      ids.push(await enqueueJob(t.db, { organizationId: acmeId, userId: null, kind: 'stop-test', payload: { n } }));
    const ran: number[] = [];
    let release = () => undefined as void;
    const running = new Promise<void>((resolve) => (release = resolve));
    let start = () => undefined as void;
    const started = new Promise<void>((resolve) => (start = resolve));
    const worker = startJobWorker(
      t.db,
      {
        'stop-test': async (payload) => {
          ran.push((payload as { n: number }).n);
          start();
          await running;
        },
      },
      { intervalMs: 10 },
    );
    await started;
    const stopped = worker.stop();
    release();
    await stopped;
    expect(ran).toHaveLength(1);
    const rows = await t.db
      .selectFrom('jobs')
      .select(['id', 'status', 'attempts', 'locked_at'])
      .where('id', 'in', ids)
      .execute();
    expect(rows.map((row) => row.status).sort()).toEqual(['done', 'queued', 'queued']);
    expect(
      rows.filter((row) => row.status === 'queued').map(({ attempts, locked_at }) => ({ attempts, locked_at })),
    ).toEqual([
      { attempts: 0, locked_at: null },
      { attempts: 0, locked_at: null },
    ]);
    // Another worker takes them at once.
    const handlers = { 'stop-test': async (payload: unknown) => void ran.push((payload as { n: number }).n) };
    expect(await runDueJobs(t.db, handlers)).toBe(2);
    expect(ran.sort()).toEqual([1, 2, 3]);
  });
});

describe('mail transports', () => {
  it('without SMTP, writes an .eml file to the outbox and logs the link', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'candid-outbox-'));
    const lines: Array<{ object: Record<string, unknown>; message: string }> = [];
    const transport = outboxTransport(dir, 'Candid <no-reply@candid.example>', {
      info: (object, message) => lines.push({ object: object as Record<string, unknown>, message }),
    });
    await transport.send({
      to: 'reader@example.test',
      subject: 'Sign in to Acme',
      text: 'Open this link\n\nhttp://acme.localhost/oauth?token=abc\n',
      html: '<p>x</p>',
      link: 'http://acme.localhost/oauth?token=abc',
    });
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await readFile(path.join(dir, files[0]!), 'utf8');
    expect(eml).toMatch(/^From: Candid <no-reply@candid\.example>$/m);
    expect(eml).toMatch(/^To: reader@example\.test$/m);
    expect(eml).toMatch(/^Subject: Sign in to Acme$/m);
    expect(eml).toContain('http://acme.localhost/oauth?token=abc');
    expect(lines[0]).toMatchObject({
      object: { to: 'reader@example.test', link: 'http://acme.localhost/oauth?token=abc' },
    });
    await rm(dir, { recursive: true, force: true });
  });

  it('with SMTP_URL, sends through nodemailer to a real SMTP server', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`, 'Candid <no-reply@candid.example>');
    await transport.send({
      to: 'smtp@example.test',
      subject: 'Your code',
      text: 'Your sign-in code is 123456\n',
      html: '<p>123456</p>',
    });
    transport.close?.();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(received).toHaveLength(1);
    expect(received[0]).toMatch(/^To: smtp@example\.test/m);
    expect(received[0]).toContain('123456');
  });
});
