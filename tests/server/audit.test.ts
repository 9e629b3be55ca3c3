import { sql } from 'kysely';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePosition } from '#engine/pipeline/organization-stages';
import type { AuditPage, RetentionSettings } from '#schemas/audit';
import type { RouteContract } from '#schemas/contract';
import type { Db } from '#server/db/client';
import type { OrganizationRecord } from '#server/db/types';
import { recordAudit } from '#server/lib/audit-trail';
import { CREDENTIAL_TABLES, personTables } from '#server/modules/audit/data-export.service';
import { applyRetention } from '#server/modules/audit/retention.service';
import { findOrganizationByKey } from '#server/modules/organizations/organization.repository';
import { createUser } from '#server/seed/factories';
import { roleIdByName, signInWithAnyCode, uploadCv } from '../helpers/applications';
import { DEMO_PASSWORD, signIn, v1 } from '../helpers/auth';
import { insightDayInAWeek } from '../helpers/events';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let db: Db;
let acme: OrganizationRecord;
let recruiter: string; // recruiter@acme.example: Standard manager
let hr: string; // hr@acme.example: hiring-manager admin
let hartleyAdmin: string;
let strategy: string;

beforeAll(async () => {
  t = await createTestApp();
  db = t.db;
  acme = (await findOrganizationByKey(db, 'acme'))!;
  recruiter = (await signIn(t.app, 'recruiter@acme.example', DEMO_PASSWORD)).access_token;
  hr = (await signIn(t.app, 'hr@acme.example', DEMO_PASSWORD)).access_token;
  hartleyAdmin = (await signIn(t.app, 'hr@hartley.example', DEMO_PASSWORD, 'hartley')).access_token;
  strategy = await roleIdByName(db, 'acme', 'Graduate Consultant, Strategy');
});
afterAll(() => t?.close());

/** A candidate of acme with a name and address found nowhere else, signed in. */
async function uniqueCandidate(): Promise<{ id: string; email: string; first: string; last: string; token: string }> {
  const tag = Math.random().toString(36).slice(2, 10);
  const person = { email: `zed-${tag}@example.test`, first: `Zephyrine${tag}`, last: `Quillfeather${tag}` };
  const user = await createUser(db, {
    organizationId: acme.id,
    email: person.email,
    password: DEMO_PASSWORD,
    firstName: person.first,
    lastName: person.last,
  });
  return { ...person, id: user.id, token: await signInWithAnyCode(t.app, db, person.email, 'acme') };
}

type Candidate = Awaited<ReturnType<typeof uniqueCandidate>>;

/** An application the candidate started, with their CV, submitted into the pipeline's first stage. */
async function applicationOf(candidate: Candidate): Promise<string> {
  const res = await v1(t.app, candidate.token, 'POST', `/candidate/applyc/${strategy}`);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ id: string }>().id;
  await uploadCv(t.app, candidate.token, id);
  const position = resolvePosition(acme.stages, 1)!;
  await db
    .updateTable('applications')
    .set({
      state: 'SUBMITTED',
      candidate_status: 'ACTIVE',
      stage_id: position.stageId,
      substage_id: position.substageId,
      stage_status: position.stageStatus,
      applied_at: new Date(),
      first_name: candidate.first,
      last_name: candidate.last,
      email: candidate.email,
    })
    .where('id', '=', id)
    .execute();
  return id;
}

const auditOf = (token: string, query = '') => v1(t.app, token, 'GET', `/audit${query}`);

describe('the audit trail', () => {
  it('records who viewed and moved candidate data, with the address, and shows it to admins only', async () => {
    const candidate = await uniqueCandidate();
    const applicationId = await applicationOf(candidate);
    const panel = await v1(t.app, recruiter, 'GET', `/organization/${acme.id}/candidate/${applicationId}`);
    expect(panel.statusCode, panel.body).toBe(200);

    const page = (await auditOf(hr, `?targetId=${applicationId}`)).json<AuditPage>();
    expect(page.total).toBe(1);
    expect(page.entries[0]).toMatchObject({
      actorEmail: 'recruiter@acme.example',
      action: 'view',
      targetType: 'application',
      targetId: applicationId,
      clientAddress: '127.0.0.1',
    });
    // The candidate's own reading of their application is not staff access: not recorded.
    await v1(t.app, candidate.token, 'GET', `/candidate/${applicationId}`);
    expect((await auditOf(hr, `?targetId=${applicationId}`)).json<AuditPage>().total).toBe(1);
  });

  it('records moves, exports, user erasures and configuration changes, each with its target', async () => {
    const candidate = await uniqueCandidate();
    const applicationId = await applicationOf(candidate);
    expect((await v1(t.app, recruiter, 'POST', `/candidate/${applicationId}/ostage/11`)).statusCode).toBe(200);
    expect(
      (await v1(t.app, recruiter, 'POST', `/candidate/${strategy}/export`, { ids: [applicationId] })).statusCode,
    ).toBe(200);
    const colleague = await createUser(db, { organizationId: acme.id, userType: 'HIRING_MANAGER' });
    expect((await v1(t.app, hr, 'DELETE', `/user/${colleague.id}`)).statusCode).toBeLessThan(300);
    const entries = (await auditOf(hr, '?size=10')).json<AuditPage>().entries;
    const seen = entries.map((entry) => [entry.action, entry.targetType, entry.targetId]);
    expect(seen).toContainEqual(['move', 'application', applicationId]);
    expect(seen).toContainEqual(['export', 'role', strategy]);
    expect(seen).toContainEqual(['erase', 'user', colleague.id]);
  });

  it('names, on every audited contract, a parameter its path has', async () => {
    const contracts = await Promise.all(
      [
        'applications',
        'candidate-items',
        'documents',
        'moves',
        'events',
        'scheduling',
        'users',
        'organization-admin',
        'studio',
        'roles',
        'audit',
      ].map((name) => import(`#schemas/contracts/${name}.contract`)),
    );
    const audited = contracts
      .flatMap((module) => Object.values(module as Record<string, unknown>))
      .filter((value): value is RouteContract => typeof value === 'object' && value !== null && 'audit' in value)
      .filter((contract) => contract.audit?.param && contract.audit.param !== 'self');
    expect(audited.length).toBeGreaterThan(30);
    for (const contract of audited) expect(contract.path, contract.summary).toContain(`:${contract.audit!.param}`);
  });

  it('records nothing for a refused call', async () => {
    const res = await v1(
      t.app,
      recruiter,
      'GET',
      `/organization/${acme.id}/candidate/00000000-0000-4000-8000-000000000000`,
    );
    expect(res.statusCode).toBe(404);
    const page = (await auditOf(hr, '?targetId=00000000-0000-4000-8000-000000000000')).json<AuditPage>();
    expect(page.total).toBe(0);
  });

  it('records configuration and user changes', async () => {
    const saved = await v1(t.app, hr, 'PUT', '/audit/retention', {
      auditRetentionDays: 400,
      applicationRetentionDays: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = (await auditOf(hr, '?action=configure&actor=hr@acme')).json<AuditPage>();
    expect(page.entries[0]).toMatchObject({
      action: 'configure',
      targetType: 'organization',
      actorEmail: 'hr@acme.example',
    });
  });

  it('filters by actor, action, target and date range, a page at a time', async () => {
    const candidate = await uniqueCandidate();
    const applicationId = await applicationOf(candidate);
    for (let n = 0; n < 3; n++) await v1(t.app, recruiter, 'GET', `/candidate/${applicationId}/history`);
    const first = (await auditOf(hr, `?targetId=${applicationId}&size=2`)).json<AuditPage>();
    expect(first).toMatchObject({ total: 3, page: 0, size: 2 });
    expect(first.entries).toHaveLength(2);
    const second = (await auditOf(hr, `?targetId=${applicationId}&size=2&page=1`)).json<AuditPage>();
    expect(second.entries).toHaveLength(1);
    expect(new Set([...first.entries, ...second.entries].map((entry) => entry.id)).size).toBe(3);

    expect((await auditOf(hr, `?targetId=${applicationId}&action=move`)).json<AuditPage>().total).toBe(0);
    expect((await auditOf(hr, `?targetId=${applicationId}&actor=hr@acme`)).json<AuditPage>().total).toBe(0);
    expect((await auditOf(hr, `?targetId=${applicationId}&targetType=role`)).json<AuditPage>().total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await auditOf(hr, `?targetId=${applicationId}&from=${today}&to=${today}`)).json<AuditPage>().total).toBe(3);
    expect((await auditOf(hr, `?targetId=${applicationId}&to=2020-01-01`)).json<AuditPage>().total).toBe(0);
    expect((await auditOf(hr, '?action=rename')).statusCode).toBe(400);
  });

  it('exports the filtered trail as CSV', async () => {
    const res = await v1(t.app, hr, 'GET', '/audit/csv?actor=recruiter@acme');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('Time,Actor,Actor id,Action,Target type,Target id,Client address');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => line.includes('recruiter@acme.example'))).toBe(true);
  });

  it('refuses Standard managers and candidates, and shows no other organisation its rows', async () => {
    const candidate = await uniqueCandidate();
    expect((await auditOf(recruiter)).statusCode).toBe(403);
    expect((await v1(t.app, recruiter, 'GET', '/audit/csv')).statusCode).toBe(403);
    expect((await v1(t.app, recruiter, 'GET', '/audit/retention')).statusCode).toBe(403);
    expect((await auditOf(candidate.token)).statusCode).toBe(403);
    // Hartley's admin asking for acme's trail: 404; its own trail holds no acme entry.
    expect((await auditOf(hartleyAdmin, '?subdomain=acme')).statusCode).toBe(404);
    const own = (await v1(t.app, hartleyAdmin, 'GET', '/audit?subdomain=hartley&size=100')).json<AuditPage>();
    expect(own.entries.every((entry) => entry.actorEmail !== 'recruiter@acme.example')).toBe(true);
    const hartley = (await findOrganizationByKey(db, 'hartley'))!;
    const rows = await db
      .selectFrom('audit_log')
      .select('organization_id')
      .where('organization_id', '=', hartley.id)
      .execute();
    expect(own.total).toBe(rows.length);
  });

  it('cannot be edited: UPDATE and DELETE are refused by the database', async () => {
    await expect(sql`update audit_log set action = 'view'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/append-only/);
  });
});

describe('retention settings', () => {
  it('reads and saves the periods; refuses values out of range and unknown fields', async () => {
    const hartley = (await findOrganizationByKey(db, 'hartley'))!;
    const ask = (body: unknown) => v1(t.app, hartleyAdmin, 'PUT', '/audit/retention?subdomain=hartley', body);
    const saved = await ask({ auditRetentionDays: 365, applicationRetentionDays: 730 });
    expect(saved.json<RetentionSettings>()).toEqual({ auditRetentionDays: 365, applicationRetentionDays: 730 });
    const read = await v1(t.app, hartleyAdmin, 'GET', '/audit/retention?subdomain=hartley');
    expect(read.json<RetentionSettings>()).toEqual({ auditRetentionDays: 365, applicationRetentionDays: 730 });
    expect((await ask({ auditRetentionDays: 1, applicationRetentionDays: null })).statusCode).toBe(400);
    expect((await ask({ auditRetentionDays: 365, applicationRetentionDays: null, extra: 1 })).statusCode).toBe(400);
    const row = await db
      .selectFrom('organizations')
      .select('audit_retention_days')
      .where('id', '=', hartley.id)
      .executeTakeFirstOrThrow();
    expect(row.audit_retention_days).toBe(365);
  });
});

describe('the retention job', () => {
  it('purges audit entries older than the period and keeps newer ones', async () => {
    const connect = (await findOrganizationByKey(db, 'connect'))!;
    const entry = { organizationId: connect.id, actorId: connect.id, action: 'view', targetType: 'application' };
    await recordAudit(db, { ...entry, targetId: 'old-one', clientAddress: null, detail: {} });
    await recordAudit(db, { ...entry, targetId: 'new-one', clientAddress: null, detail: {} });
    // Backdating needs the purge's own permission (the trigger refuses any other UPDATE): insert as old instead.
    await sql`insert into audit_log (organization_id, actor_id, action, target_type, target_id, created_at)
      values (${connect.id}, ${connect.id}, 'view', 'application', 'older-one', now() - interval '800 days')`.execute(
      db,
    );
    await applyRetention(db);
    const left = await db
      .selectFrom('audit_log')
      .select('target_id')
      .where('organization_id', '=', connect.id)
      .execute();
    const targets = left.map((row) => row.target_id);
    expect(targets).toContain('new-one');
    expect(targets).toContain('old-one');
    expect(targets).not.toContain('older-one');
  });

  it("anonymises applications unchanged for longer than the organisation's period", async () => {
    const candidate = await uniqueCandidate();
    const oldId = await applicationOf(candidate);
    const recentCandidate = await uniqueCandidate();
    const recentId = await applicationOf(recentCandidate);
    await db
      .updateTable('applications')
      .set({ updated_at: new Date(Date.now() - 100 * 86_400_000), first_name: candidate.first, email: candidate.email })
      .where('id', '=', oldId)
      .execute();
    await db.updateTable('organizations').set({ application_retention_days: 90 }).where('id', '=', acme.id).execute();
    try {
      await applyRetention(db);
    } finally {
      await db
        .updateTable('organizations')
        .set({ application_retention_days: null })
        .where('id', '=', acme.id)
        .execute();
    }
    const old = await db.selectFrom('applications').selectAll().where('id', '=', oldId).executeTakeFirstOrThrow();
    expect(old).toMatchObject({ first_name: null, last_name: null, email: null, answers: {} });
    expect(old.anonymized_at).not.toBeNull();
    const documents = await db.selectFrom('documents').select('id').where('application_id', '=', oldId).execute();
    expect(documents).toEqual([]);
    const recent = await db
      .selectFrom('applications')
      .select('anonymized_at')
      .where('id', '=', recentId)
      .executeTakeFirstOrThrow();
    expect(recent.anonymized_at).toBeNull();
  });
});

describe('GET /api/v1/user/data-export', () => {
  it("gives the person every table's rows about them as a zip, and records the export", async () => {
    const candidate = await uniqueCandidate();
    const applicationId = await applicationOf(candidate);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/data-export',
      headers: { authorization: `Bearer ${candidate.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const read = (name: string) => JSON.parse(strFromU8(files[name]!)) as Record<string, unknown>[];
    expect(read('users.json')[0]).toMatchObject({
      id: candidate.id,
      email: candidate.email,
      first_name: candidate.first,
    });
    expect(read('users.json')[0]).not.toHaveProperty('password_hash');
    expect(read('applications.json').map((row) => row.id)).toEqual([applicationId]);
    expect(read('documents.json')).toHaveLength(1);
    expect(Object.keys(files).some((name) => name.startsWith('documents/') && name.endsWith('ada-cv.pdf'))).toBe(true);
    // Compared against the schema: every table naming a person or an application is in the archive.
    for (const table of (await personTables(db)).keys())
      if (!CREDENTIAL_TABLES.has(table)) expect(Object.keys(files)).toContain(`${table}.json`);
    expect(Object.keys(files)).toContain('interview_bookings.json');

    const trail = (await auditOf(hr, `?action=export&targetId=${candidate.id}`)).json<AuditPage>();
    expect(trail.total).toBe(1);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/data-export?subdomain=acme' })).statusCode).toBe(
      401,
    );
  });
});

describe('erasure leaves nothing of the person', () => {
  /** Tables (and rows) whose text holds `value`, across every table of the schema. */
  async function tablesHolding(value: string): Promise<string[]> {
    const { rows } = await sql<{ table_name: string }>`select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
    const found: string[] = [];
    for (const { table_name } of rows) {
      const hit = await sql<{ n: string }>`select count(*) as n from ${sql.table(table_name)} t
        where t::text ilike ${`%${value}%`}`.execute(db);
      if (Number(hit.rows[0]!.n) > 0) found.push(table_name);
    }
    return found;
  }

  it("scans every table for the person's id, email and names after DELETE /user/deleteMe", async () => {
    const candidate = await uniqueCandidate();
    const applicationId = await applicationOf(candidate);
    await v1(t.app, candidate.token, 'PUT', '/user', { firstName: candidate.first, lastName: candidate.last });
    await v1(t.app, recruiter, 'GET', `/organization/${acme.id}/candidate/${applicationId}`);
    const event = await v1(t.app, recruiter, 'POST', '/events', insightDayInAWeek());
    expect(event.statusCode, event.body).toBe(201);
    const registered = await v1(t.app, candidate.token, 'POST', `/event/${event.json<{ id: string }>().id}`, {
      answers: { eventHeardFrom: 'Social media' },
    });
    expect(registered.statusCode, registered.body).toBeLessThan(300);
    await v1(t.app, hr, 'PUT', `/organization/${acme.id}/candidate/${applicationId}/note`, {
      note: `Spoke to ${candidate.first}`,
    });
    for (const value of [candidate.email, candidate.first, candidate.last])
      expect((await tablesHolding(value)).length, value).toBeGreaterThan(0);

    const erased = await v1(t.app, candidate.token, 'DELETE', '/user/deleteMe');
    expect(erased.statusCode, erased.body).toBeLessThan(300);

    for (const value of [candidate.email, candidate.first, candidate.last])
      expect(await tablesHolding(value), value).toEqual([]);
    // The id stays only on the anonymised account row (statistics) and in the audit trail, where it names no one.
    expect((await tablesHolding(candidate.id)).sort()).toEqual(['audit_log', 'users']);
    expect(await tablesHolding(applicationId)).toEqual(['audit_log']);
  });
});
