import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePosition } from '#engine/pipeline/organization-stages';
import type { ContactPage } from '#schemas/candidate-items';
import type { BatchProgress, Preview, Template, TemplateBody } from '#schemas/communications';
import type { Db } from '#server/db/client';
import type { OrganizationRecord } from '#server/db/types';
import { emailJobHandlers } from '#server/email/email.service';
import { memoryTransport, type OutgoingEmail } from '#server/email/mail-transport';
import { requeueStaleJobs } from '#server/jobs/job.repository';
import { runDueJobs } from '#server/jobs/worker';
import { messageJobHandlers, type MessageTransports } from '#server/modules/communications/delivery';
import {
  createSmsTransport,
  memorySmsTransport,
  providerSmsTransport,
} from '#server/modules/communications/sms-transport';
import { findOrganizationByKey } from '#server/modules/organizations/organization.repository';
import { sha256 } from '#server/lib/secrets';
import { insertInvitation, insertSchedule } from '#server/modules/scheduling/scheduling.repository';
import { createUser } from '#server/seed/factories';
import { insertApplications, roleIdByName } from '../helpers/applications';
import { demoTokens, signIn, v1 } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let db: Db;
let acme: OrganizationRecord;
let recruiter: string; // recruiter@acme.example: HIRING_MANAGER
let hr: string; // hr@acme.example: HIRING_MANAGER_ADMIN
let candidateToken: string;
let hartley: string;
let strategy: string;

beforeAll(async () => {
  t = await createTestApp();
  db = t.db;
  acme = (await findOrganizationByKey(db, 'acme'))!;
  ({ recruiter, hr, candidate: candidateToken, hartley } = await demoTokens(t.app));
  strategy = await roleIdByName(db, 'acme', 'Graduate Consultant, Strategy');
});
afterAll(() => t?.close());

interface Person {
  email?: string;
  language?: string | null;
  mobile?: string;
  firstName?: string;
  stageId?: number;
  roleId?: string;
}

/** A candidate of acme with an application in the pipeline (stage 1 unless told). */
async function candidate(person: Person = {}): Promise<{ applicationId: string; userId: string; email: string }> {
  const firstName = person.firstName ?? 'Ada';
  const user = await createUser(db, {
    organizationId: acme.id,
    firstName,
    lastName: 'Lovelace',
    ...(person.email && { email: person.email }),
  });
  if (person.language !== undefined)
    await db.updateTable('users').set({ language: person.language }).where('id', '=', user.id).execute();
  const [applicationId] = await insertApplications(db, [
    {
      organization: acme,
      roleId: person.roleId ?? strategy,
      userId: user.id,
      stageId: person.stageId,
      answers: { firstName, lastName: 'Lovelace', ...(person.mobile && { mobile: person.mobile }) },
      copied: { first_name: firstName, last_name: 'Lovelace', email: user.email },
    },
  ]);
  return { applicationId: applicationId!, userId: user.id, email: user.email };
}

const emailTemplate = (overrides: Partial<TemplateBody> = {}): TemplateBody => ({
  name: `Update ${Math.random().toString(36).slice(2, 8)}`,
  channel: 'EMAIL',
  kind: 'GENERAL',
  texts: {
    en: {
      subject: 'Your application for {{roleName}}',
      body: '<p>Dear {{candidateName}},</p><p>News from {{organisationName}}.</p><p>{{senderName}}</p>',
    },
  },
  trigger: null,
  ...overrides,
});

async function createTemplate(body: TemplateBody, token = recruiter): Promise<Template> {
  const res = await v1(t.app, token, 'POST', '/communications/templates', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Template>();
}

function transports(): MessageTransports & { mail: ReturnType<typeof memoryTransport> } & {
  sms: ReturnType<typeof memorySmsTransport>;
} {
  return { mail: memoryTransport(), sms: memorySmsTransport() };
}

/** Runs the queue until it is empty, with these transports for messages. */
async function deliver(with_ = transports()) {
  const handlers = { ...emailJobHandlers(memoryTransport()), ...messageJobHandlers(db, with_) };
  while ((await runDueJobs(db, handlers)) > 0);
  return with_;
}

async function send(body: object, token = recruiter) {
  const res = await v1(t.app, token, 'POST', '/communications/send', body);
  expect(res.statusCode, res.body).toBe(202);
  return res.json<BatchProgress>();
}

const contactsOf = async (applicationId: string) =>
  (await v1(t.app, recruiter, 'GET', `/organization/acme/candidate/${applicationId}/contact/0`)).json<ContactPage>();

describe('templates', () => {
  it('are saved with their HTML sanitised, listed, read, replaced and deleted', async () => {
    const created = await createTemplate(
      emailTemplate({
        texts: {
          en: {
            subject: 'Hello {{candidateName}}',
            body: '<p onclick="steal()">Hi {{candidateName}}<script>alert(1)</script></p><a href="javascript:x()">x</a>',
          },
          cy: { subject: 'Helo {{candidateName}}', body: '<p>Helo {{candidateName}}</p>' },
        },
      }),
    );
    expect(created.texts.en!.body).toBe('<p>Hi {{candidateName}}</p><a>x</a>');
    expect(created.texts.cy!.subject).toBe('Helo {{candidateName}}');
    const list = (await v1(t.app, hr, 'GET', '/communications/templates')).json<Template[]>();
    expect(list.map((x) => x.id)).toContain(created.id);
    const replaced = await v1(t.app, recruiter, 'PUT', `/communications/templates/${created.id}`, {
      ...emailTemplate(),
      name: 'Renamed',
    });
    expect(replaced.json<Template>()).toMatchObject({ id: created.id, name: 'Renamed' });
    expect((await v1(t.app, recruiter, 'GET', `/communications/templates/${created.id}`)).json<Template>().name).toBe(
      'Renamed',
    );
    expect((await v1(t.app, recruiter, 'DELETE', `/communications/templates/${created.id}`)).statusCode).toBe(200);
    expect((await v1(t.app, recruiter, 'GET', `/communications/templates/${created.id}`)).statusCode).toBe(404);
  });

  it.each([
    [
      'a placeholder its kind cannot fill',
      emailTemplate({ texts: { en: { subject: 'Hi', body: '<p>At {{interviewTime}}</p>' } } }),
      'The placeholder {{interviewTime}} cannot be filled in a general message.',
    ],
    [
      'a booking link in a general message (only an interview message has an invitation to link to)',
      emailTemplate({ texts: { en: { subject: 'Hi', body: '<p>Book: {{bookingLink}}</p>' } } }),
      'The placeholder {{bookingLink}} cannot be filled in a general message.',
    ],
    [
      'an unknown placeholder',
      emailTemplate({ texts: { en: { subject: 'Hi {{nickname}}', body: '<p>Hi</p>' } } }),
      'There is no placeholder {{nickname}}.',
    ],
    [
      'an SMS over 3 messages',
      { ...emailTemplate(), channel: 'SMS', texts: { en: { body: 'a'.repeat(460) } } },
      'The SMS takes 4 messages; the organisation allows at most 3.',
    ],
    [
      'an SMS of UCS-2 text over 3 messages',
      { ...emailTemplate(), channel: 'SMS', texts: { en: { body: '😀'.repeat(101) } } },
      'The SMS takes 4 messages; the organisation allows at most 3.',
    ],
    [
      'no English',
      emailTemplate({ texts: { cy: { subject: 'Helo', body: '<p>Helo</p>' } } }),
      'Write the message in English.',
    ],
    [
      'a language the organisation does not offer',
      emailTemplate({
        texts: { en: { subject: 'Hi', body: '<p>Hi</p>' }, fr: { subject: 'Salut', body: '<p>Salut</p>' } },
      }),
      "The organisation does not offer the language 'fr'.",
    ],
    [
      'an email without a subject',
      emailTemplate({ texts: { en: { subject: ' ', body: '<p>Hi</p>' } } }),
      'Write the subject of the email.',
    ],
    [
      'an email whose body is only markup',
      emailTemplate({ texts: { en: { subject: 'Hi', body: '<script>alert(1)</script>' } } }),
      'Write the message.',
    ],
    [
      'an interview message on a stage move',
      emailTemplate({ kind: 'INTERVIEW', trigger: { stageId: 3, substageId: null } }),
      'Only a general message can be sent on a stage move.',
    ],
  ])('refuse %s (400 naming it)', async (_, body, message) => {
    const res = await v1(t.app, recruiter, 'POST', '/communications/templates', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
  });

  it('refuse unknown fields, a second template of a channel for one stage (409) and a stage not in the pipeline', async () => {
    const unknown = await v1(t.app, recruiter, 'POST', '/communications/templates', { ...emailTemplate(), extra: 1 });
    expect(unknown.statusCode).toBe(400);
    await createTemplate(emailTemplate({ trigger: { stageId: 11, substageId: null } }));
    const twice = await v1(
      t.app,
      recruiter,
      'POST',
      '/communications/templates',
      emailTemplate({ trigger: { stageId: 11, substageId: null } }),
    );
    expect(twice.statusCode).toBe(409);
    const notAStage = await v1(
      t.app,
      recruiter,
      'POST',
      '/communications/templates',
      emailTemplate({ trigger: { stageId: 12, substageId: null } }),
    );
    expect(notAStage.statusCode).toBe(400);
  });

  it("another organisation's templates answer 404; a candidate gets 403", async () => {
    const created = await createTemplate(emailTemplate());
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', emailTemplate()],
      ['DELETE', undefined],
    ] as const) {
      const res = await v1(t.app, hartley, method, `/communications/templates/${created.id}?subdomain=hartley`, body);
      expect(res.statusCode, `${method} ${res.body}`).toBe(404);
    }
    expect(
      (await v1(t.app, hartley, 'GET', '/communications/templates?subdomain=hartley')).json<Template[]>(),
    ).not.toContainEqual(expect.objectContaining({ id: created.id }));
    expect((await v1(t.app, candidateToken, 'GET', '/communications/templates')).statusCode).toBe(403);
    expect(
      (await v1(t.app, candidateToken, 'POST', '/communications/send', { templateId: created.id, ids: ['x'] }))
        .statusCode,
    ).toBe(403);
  });
});

describe('preview', () => {
  it("renders a template with a real candidate's data, in their language, and counts an SMS", async () => {
    const welsh = await candidate({ language: 'cy', firstName: 'Bethan' });
    const template = emailTemplate({
      texts: {
        en: { subject: 'About {{roleName}}', body: '<p>Dear {{candidateName}}, you are at {{stageName}}.</p>' },
        cy: { subject: 'Ynglŷn â {{roleName}}', body: '<p>Annwyl {{candidateName}}</p>' },
      },
    });
    const res = await v1(t.app, recruiter, 'POST', '/communications/preview', {
      template,
      applicationId: welsh.applicationId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Preview>()).toMatchObject({
      language: 'cy',
      subject: 'Ynglŷn â Graduate Consultant, Strategy',
      html: '<p>Annwyl Bethan Lovelace</p>',
      text: 'Annwyl Bethan Lovelace',
      skipped: null,
    });
    const english = await v1(t.app, recruiter, 'POST', '/communications/preview', {
      template,
      applicationId: welsh.applicationId,
      language: 'en',
    });
    expect(english.json<Preview>().text).toMatch(/^Dear Bethan Lovelace, you are at .+\.$/);

    const sms = await v1(t.app, recruiter, 'POST', '/communications/preview', {
      template: { ...template, channel: 'SMS', texts: { en: { body: 'Hi {{candidateName}} €' } } },
      applicationId: welsh.applicationId,
    });
    expect(sms.json<Preview>()).toMatchObject({
      text: 'Hi Bethan Lovelace €',
      sms: { encoding: 'GSM', units: 21, segments: 1 },
      skipped: 'NO_ADDRESS',
    });
  });

  it("another organisation's application answers 404; a bad template 400", async () => {
    const someone = await candidate();
    const other = await v1(t.app, hartley, 'POST', '/communications/preview?subdomain=hartley', {
      template: emailTemplate(),
      applicationId: someone.applicationId,
    });
    expect(other.statusCode).toBe(404);
    const bad = await v1(t.app, recruiter, 'POST', '/communications/preview', {
      template: emailTemplate({ texts: { en: { subject: 'x', body: '{{eventName}}' } } }),
      applicationId: someone.applicationId,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('sending', () => {
  it('to one candidate: queued at once, sent by the worker with List-Unsubscribe, seen in the contact history', async () => {
    const template = await createTemplate(emailTemplate());
    const one = await candidate({ firstName: 'Alan' });
    const accepted = await send({ templateId: template.id, ids: [one.applicationId] });
    expect(accepted).toMatchObject({ total: 1, queued: 1, sent: 0, done: false });
    expect((await contactsOf(one.applicationId)).content[0]).toMatchObject({ status: 'QUEUED', channel: 'EMAIL' });

    const { mail } = await deliver();
    expect(mail.sent).toHaveLength(1);
    const [email] = mail.sent as [OutgoingEmail];
    expect(email).toMatchObject({ to: one.email, subject: 'Your application for Graduate Consultant, Strategy' });
    expect(email.text).toContain('Dear Alan Lovelace,');
    expect(email.headers!['List-Unsubscribe']).toMatch(
      /^<https?:\/\/.+\/api\/public\/communications\/unsubscribe\/.{43}>$/,
    );
    expect(email.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    const progress = await v1(t.app, recruiter, 'GET', `/communications/batches/${accepted.id}`);
    expect(progress.json<BatchProgress>()).toMatchObject({ total: 1, sent: 1, queued: 0, done: true });
    const [contact] = (await contactsOf(one.applicationId)).content;
    expect(contact).toMatchObject({ status: 'SENT', channel: 'EMAIL', sender: expect.any(String) });
    expect(contact!.text).toContain('Dear Alan Lovelace,');
    expect(contact!.sentAt).not.toBeNull();

    const otherBatch = await v1(t.app, hartley, 'GET', `/communications/batches/${accepted.id}?subdomain=hartley`);
    expect(otherBatch.statusCode).toBe(404);
    const otherIds = await v1(t.app, hartley, 'POST', '/communications/send?subdomain=hartley', {
      templateId: template.id,
      ids: [one.applicationId],
    });
    expect(otherIds.statusCode).toBe(404);
  });

  it('never messages the opted out, the REJECTED-marked or the anonymised; tells the sender how many', async () => {
    const template = await createTemplate(emailTemplate());
    const willing = await candidate();
    const unwilling = await candidate();
    await db.updateTable('users').set({ accept_email_messages: false }).where('id', '=', unwilling.userId).execute();
    const rejected = await candidate({ email: `someone-REJECTED-${Date.now()}@example.test` });
    const erased = await candidate();
    await db.updateTable('users').set({ anonymised_at: new Date() }).where('id', '=', erased.userId).execute();
    const ids = [willing, unwilling, rejected, erased].map((c) => c.applicationId);
    const accepted = await send({ templateId: template.id, ids });
    expect(accepted).toMatchObject({ total: 4, queued: 1, skipped: 3, optedOut: 2 });
    const { mail } = await deliver();
    expect(mail.sent.map((m) => m.to)).toEqual([willing.email]);
    expect((await contactsOf(unwilling.applicationId)).content[0]).toMatchObject({
      status: 'SKIPPED',
      detail: 'OPTED_OUT',
    });
  });

  it('SMS through the SMS transport; someone with no mobile number is skipped', async () => {
    const template = await createTemplate({
      ...emailTemplate(),
      channel: 'SMS',
      texts: { en: { body: 'Hi {{candidateName}}, news about {{roleName}}.' } },
    });
    const withMobile = await candidate({ mobile: '07700 900123', firstName: 'Mo' });
    const without = await candidate();
    const accepted = await send({ templateId: template.id, ids: [withMobile.applicationId, without.applicationId] });
    expect(accepted).toMatchObject({ total: 2, queued: 1, skipped: 1 });
    const { sms, mail } = await deliver();
    expect(mail.sent).toHaveLength(0);
    expect(sms.sent).toEqual([
      { to: '07700 900123', text: 'Hi Mo Lovelace, news about Graduate Consultant, Strategy.' },
    ]);
    expect((await contactsOf(withMobile.applicationId)).content[0]).toMatchObject({ channel: 'SMS', status: 'SENT' });
  });

  it('refuses ids and filters together, or neither (400)', async () => {
    const template = await createTemplate(emailTemplate());
    for (const body of [{ templateId: template.id }, { templateId: template.id, ids: ['a'], filters: {} }]) {
      const res = await v1(t.app, recruiter, 'POST', '/communications/send', body);
      expect(res.statusCode).toBe(400);
    }
  });

  it('to all matching a search filter: 10,000 candidates queued by the request, none sent in it', async () => {
    await sql`insert into users (organization_id, email, user_type, first_name, last_name)
      select ${acme.id}, 'bulk-' || n || '@example.test', 'CANDIDATE', 'Zyxbulk', 'Person ' || n
      from generate_series(1, 10000) n`.execute(db);
    const first = resolvePosition(acme.stages, 1)!;
    await sql`insert into applications (organization_id, role_id, user_id, state, candidate_status, answers,
        first_name, last_name, email, stage_id, substage_id, stage_status, applied_at)
      select ${acme.id}, ${strategy}, u.id, 'SUBMITTED', 'ACTIVE', '{}'::jsonb, u.first_name, u.last_name, u.email,
        ${first.stageId}, ${first.substageId}, ${first.stageStatus}, now()
      from users u where u.email like 'bulk-%@example.test'`.execute(db);
    const template = await createTemplate(emailTemplate());

    // How fast it queues is measured by the benchmark (npm run bench), not here.
    const accepted = await send({ templateId: template.id, filters: { roleId: strategy, searchTerm: 'zyxbulk' } });
    try {
      expect(accepted).toMatchObject({ total: 10_000, queued: 10_000, sent: 0 });
      const job = await db
        .selectFrom('jobs')
        .select(['status', 'payload'])
        .where('kind', '=', 'message_batch')
        .where(sql<boolean>`payload->>'batchId' = ${accepted.id}`)
        .executeTakeFirstOrThrow();
      expect(job.status).toBe('queued');
    } finally {
      // Not sent here: the next tests' queue runs skip it.
      await db.deleteFrom('message_batches').where('id', '=', accepted.id).execute();
      await db
        .deleteFrom('jobs')
        .where(sql<boolean>`payload->>'batchId' = ${accepted.id}`)
        .execute();
    }
  }, 60_000);
});

describe('delivery', () => {
  it('a worker killed between two messages: the run after sends the rest and nobody twice', async () => {
    const template = await createTemplate(emailTemplate());
    const people = [await candidate(), await candidate(), await candidate()];
    await send({ templateId: template.id, ids: people.map((p) => p.applicationId) });
    const received: string[] = [];
    // The first worker hands the second message to the mail server, then dies before recording it.
    let calls = 0;
    const dying: MessageTransports = {
      sms: memorySmsTransport(),
      mail: {
        kind: 'memory',
        send: (message) => {
          received.push(message.to);
          return ++calls === 2 ? new Promise<void>(() => undefined) : Promise.resolve();
        },
      },
    };
    void runDueJobs(db, messageJobHandlers(db, dying));
    await expect.poll(() => calls, { timeout: 10_000 }).toBe(2);
    // Its job is found stale and runs again on another worker.
    await requeueStaleJobs(db, 0);
    const after = await deliver();
    received.push(...after.mail.sent.map((m) => m.to));
    expect(received.toSorted()).toEqual(people.map((p) => p.email).toSorted());
    const statuses = await Promise.all(people.map(async (p) => (await contactsOf(p.applicationId)).content[0]!.status));
    expect(statuses.toSorted()).toEqual(['FAILED', 'SENT', 'SENT']);
  });

  it('a message the transport refuses is tried again with backoff, then fails visibly', async () => {
    const template = await createTemplate(emailTemplate());
    const person = await candidate();
    const accepted = await send({ templateId: template.id, ids: [person.applicationId] });
    const failing: MessageTransports = {
      sms: memorySmsTransport(),
      mail: {
        kind: 'memory',
        send: () => Promise.reject(new Error('SMTP 451 try later')),
      },
    };
    const runAgainNow = () =>
      db
        .updateTable('jobs')
        .set({ run_at: new Date() })
        .where('kind', '=', 'message_batch')
        .where('status', '=', 'queued')
        .execute();
    await runDueJobs(db, messageJobHandlers(db, failing));
    const job = await db
      .selectFrom('jobs')
      .select(['status', 'run_at', 'attempts'])
      .where(sql<boolean>`payload->>'batchId' = ${accepted.id}`)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job.run_at.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect((await contactsOf(person.applicationId)).content[0]).toMatchObject({
      status: 'QUEUED',
      detail: 'SMTP 451 try later',
    });
    for (let i = 0; i < 3; i++) {
      await runAgainNow();
      await runDueJobs(db, messageJobHandlers(db, failing));
    }
    expect((await contactsOf(person.applicationId)).content[0]).toMatchObject({
      status: 'FAILED',
      detail: 'SMTP 451 try later',
    });
    const progress = (
      await v1(t.app, recruiter, 'GET', `/communications/batches/${accepted.id}`)
    ).json<BatchProgress>();
    expect(progress).toMatchObject({ failed: 1, done: true });
  });

  it('without a provider, each SMS is a file in the outbox', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'candid-sms-'));
    try {
      await createSmsTransport({ sms: null, outboxDir: dir }).send({ to: '07700 900123', text: 'Hi Mo €' });
      const files = await readdir(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.sms$/);
      expect(await readFile(path.join(dir, files[0]!), 'utf8')).toBe('To: 07700 900123\n\nHi Mo €\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('the provider adapter posts To, From and Body with Basic credentials; a refusal throws', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fake = (status: number) =>
      (async (url: string | URL | Request, init?: RequestInit) => {
        calls.push({ url: String(url), init: init! });
        return new Response(status === 201 ? '{}' : 'invalid number', { status });
      }) as typeof fetch;
    const settings = {
      apiUrl: 'https://sms.example/2010-04-01',
      accountSid: 'AC1',
      authToken: 'secret',
      from: '+447700900000',
    };
    await providerSmsTransport(settings, fake(201)).send({ to: '+447700900123', text: 'Hi €' });
    expect(calls[0]!.url).toBe('https://sms.example/2010-04-01/Accounts/AC1/Messages.json');
    expect(new Headers(calls[0]!.init.headers).get('authorization')).toBe(`Basic ${btoa('AC1:secret')}`);
    expect(Object.fromEntries(new URLSearchParams(String(calls[0]!.init.body)))).toEqual({
      To: '+447700900123',
      From: '+447700900000',
      Body: 'Hi €',
    });
    await expect(providerSmsTransport(settings, fake(400)).send({ to: 'x', text: 'y' })).rejects.toThrow(
      'The SMS provider answered 400: invalid number',
    );
  });
});

describe('stage-triggered messages', () => {
  it('fire once per move, in the candidate language, never for an undo, and not when skipped', async () => {
    await createTemplate(
      emailTemplate({
        texts: {
          en: { subject: 'Moved on', body: '<p>Dear {{candidateName}}, you are now at {{stageName}}.</p>' },
          cy: { subject: 'Symud ymlaen', body: '<p>Annwyl {{candidateName}}</p>' },
        },
        trigger: { stageId: 3, substageId: null },
      }),
    );
    const welsh = await candidate({ language: 'cy', firstName: 'Cerys' });
    const moved = await v1(t.app, recruiter, 'POST', `/candidate/${welsh.applicationId}/ostage/3`);
    expect(moved.statusCode, moved.body).toBe(200);
    let { mail } = await deliver();
    expect(mail.sent.map((m) => [m.to, m.subject])).toEqual([[welsh.email, 'Symud ymlaen']]);

    expect((await v1(t.app, recruiter, 'POST', `/candidate/${welsh.applicationId}/undo`)).statusCode).toBe(200);
    ({ mail } = await deliver());
    expect(mail.sent).toHaveLength(0);

    const skipped = await v1(t.app, recruiter, 'POST', `/candidate/${welsh.applicationId}/ostage/3?skipMessage=true`);
    expect(skipped.statusCode).toBe(200);
    ({ mail } = await deliver());
    expect(mail.sent).toHaveLength(0);

    const two = [await candidate({ firstName: 'Dai' }), await candidate({ firstName: 'Elin' })];
    const bulk = await v1(t.app, recruiter, 'POST', `/candidate/bulkstage/3/${strategy}`, {
      ids: two.map((c) => c.applicationId),
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    ({ mail } = await deliver());
    expect(mail.sent.map((m) => m.to).toSorted()).toEqual(two.map((c) => c.email).toSorted());
    expect(mail.sent[0]!.text).toMatch(/^Dear (Dai|Elin) Lovelace, you are now at .+\./);
    const history = await contactsOf(two[0]!.applicationId);
    expect(history.content).toHaveLength(1);
  });
});

describe('unsubscribe (public, one click)', () => {
  it("turns the channel off for the message's recipient; later sends skip them", async () => {
    const template = await createTemplate(emailTemplate());
    const person = await candidate();
    await send({ templateId: template.id, ids: [person.applicationId] });
    const { mail } = await deliver();
    const url = /<(.+)>/.exec(mail.sent[0]!.headers!['List-Unsubscribe']!)![1]!;
    const res = await t.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ channel: 'EMAIL', unsubscribed: true });
    const again = await send({ templateId: template.id, ids: [person.applicationId] });
    expect(again).toMatchObject({ skipped: 1, optedOut: 1 });

    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/public/communications/unsubscribe/${'x'.repeat(43)}`,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("the organisation's SMS limit", () => {
  const sms = (parts: number): TemplateBody => ({
    ...emailTemplate(),
    channel: 'SMS',
    texts: { en: { body: 'a'.repeat(parts === 1 ? 160 : 153 * parts) } },
  });
  const setLimit = (admin: string, smsSegmentLimit: number | null) =>
    v1(t.app, admin, 'PUT', `/organization/${acme.id}`, { settings: { smsSegmentLimit } });
  const saving = (body: TemplateBody) => v1(t.app, recruiter, 'POST', '/communications/templates', body);

  it('is 3 parts unless a platform admin sets another (1 to 10); templates are refused over it with their count', async () => {
    const admin = (await signIn(t.app, 'admin@candid.example')).access_token;
    expect((await saving(sms(3))).statusCode).toBe(201);
    expect((await saving(sms(4))).json<{ message: string }>().message).toContain(
      'The SMS takes 4 messages; the organisation allows at most 3.',
    );
    try {
      const set = await setLimit(admin, 5);
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json<{ settings: { smsSegmentLimit: number } }>().settings.smsSegmentLimit).toBe(5);
      const site = await t.app.inject({ method: 'GET', url: '/api/public/organization/acme/' });
      expect(site.json<{ settings: { smsSegmentLimit?: number } }>().settings.smsSegmentLimit).toBe(5);
      expect((await saving(sms(5))).statusCode).toBe(201);
      const over = await saving(sms(6));
      expect(over.statusCode).toBe(400);
      expect(over.json<{ message: string }>().message).toContain(
        'The SMS takes 6 messages; the organisation allows at most 5.',
      );
      for (const wrong of [0, 11]) expect((await setLimit(admin, wrong)).statusCode).toBe(400);
      expect(
        (await v1(t.app, hr, 'PUT', `/organization/${acme.id}`, { settings: { smsSegmentLimit: 9 } })).statusCode,
      ).toBe(403);
    } finally {
      expect(
        (await setLimit(admin, null)).json<{ settings: { smsSegmentLimit: null } }>().settings.smsSegmentLimit,
      ).toBe(null);
    }
    expect((await saving(sms(4))).statusCode).toBe(400);
  });
});

describe('{{bookingLink}}', () => {
  /** An interview invitation of the application, open until tomorrow, whose link is `token`; cancelled when told. */
  async function invite(applicationId: string, token: string, { cancelled = false } = {}) {
    const manager = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'recruiter@acme.example')
      .executeTakeFirstOrThrow();
    const startsAt = new Date(Date.now() + 7 * 86_400_000);
    const scheduleId = await insertSchedule(
      db,
      {
        organizationId: acme.id,
        roleId: strategy,
        stageId: 3,
        title: 'First interview',
        timeZone: 'Europe/London',
        createdBy: manager.id,
      },
      [
        {
          parentStartsAt: startsAt,
          parentEndsAt: new Date(startsAt.getTime() + 3_600_000),
          startsAt,
          endsAt: new Date(startsAt.getTime() + 3_600_000),
          location: 'Room 1',
          capacity: 1,
          interviewerIds: [manager.id],
        },
      ],
    );
    const id = await insertInvitation(db, {
      organizationId: acme.id,
      scheduleId,
      applicationId,
      tokenHash: sha256(token),
      dueAt: new Date(Date.now() + 86_400_000),
    });
    if (cancelled)
      await db.updateTable('interview_invitations').set({ cancelled_at: new Date() }).where('id', '=', id).execute();
  }
  const bookingPage = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/public/interview/${token}`, headers: { host: 'acme.localhost' } });

  it("is the candidate's own booking page, a new link sent (the old one stops), never shown in the history", async () => {
    const template = await createTemplate(
      emailTemplate({
        kind: 'INTERVIEW',
        texts: { en: { subject: 'Choose a time', body: '<p>Choose your interview time: {{bookingLink}}</p>' } },
      }),
    );
    const [invited, cancelled, uninvited] = [
      await candidate({ firstName: 'Gwen' }),
      await candidate({ firstName: 'Huw' }),
      await candidate({ firstName: 'Iolo' }),
    ];
    const oldToken = 'o'.repeat(43);
    await invite(invited.applicationId, oldToken);
    await invite(cancelled.applicationId, 'c'.repeat(43), { cancelled: true });
    expect((await bookingPage(oldToken)).statusCode).toBe(200);

    const preview = await v1(t.app, recruiter, 'POST', '/communications/preview', {
      template: emailTemplate({ kind: 'INTERVIEW', texts: template.texts }),
      applicationId: invited.applicationId,
    });
    expect(preview.json<Preview>()).toMatchObject({ skipped: null, text: expect.stringMatching(/\/interview\/…$/) });

    const accepted = await send({
      templateId: template.id,
      ids: [invited, cancelled, uninvited].map((c) => c.applicationId),
    });
    expect(accepted).toMatchObject({ total: 3, queued: 1, skipped: 2 });
    const { mail } = await deliver();
    expect(mail.sent.map((m) => m.to)).toEqual([invited.email]);
    const link = /(https?:\/\/\S+\/interview\/([A-Za-z0-9_-]{43}))/.exec(mail.sent[0]!.text)!;
    expect(link, mail.sent[0]!.text).not.toBeNull();
    expect(mail.sent[0]!.html).toContain(link[1]);
    expect((await bookingPage(link[2]!)).statusCode).toBe(200);
    expect((await bookingPage(oldToken)).statusCode).toBe(404);

    const [contact] = (await contactsOf(invited.applicationId)).content;
    expect(contact!.text).toContain('/interview/…');
    expect(contact!.text).not.toContain(link[2]);
    for (const other of [cancelled, uninvited])
      expect((await contactsOf(other.applicationId)).content[0]).toMatchObject({
        status: 'SKIPPED',
        detail: 'NOTHING_TO_FILL',
      });
  });
});
