import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '#server/seed/factories';
import { findOrganizationIds } from '#server/modules/organizations/organization.repository';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DEMO_PASSWORD, deliverEmails, passwordLogin, signIn, tokenRequest, v1 } from '../helpers/auth';

let t: TestApp;
let ids: Map<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  ids = await findOrganizationIds(t.db, ['acme', 'hartley', 'meridian']);
});
afterAll(() => t?.close());

const token = async (email: string, subdomain?: string) =>
  (await signIn(t.app, email, DEMO_PASSWORD, subdomain)).access_token;
const userId = async (email: string) =>
  (await sql<{ id: string }>`select id from users where lower(email) = ${email}`.execute(t.db)).rows[0]!.id;

describe('every /api/v1 route needs a bearer token', () => {
  it.each([
    ['GET', '/user'],
    ['PUT', '/user'],
    ['PUT', '/user/security'],
    ['PUT', '/user/password'],
    ['GET', '/user/userorganizations'],
    ['POST', '/user/token'],
    ['POST', '/user/hrtoken'],
    ['GET', '/user/rareusers'],
    ['DELETE', '/user/deleteMe'],
    ['DELETE', '/user/00000000-0000-0000-0000-000000000000'],
    ['POST', '/organization/00000000-0000-0000-0000-000000000000/user'],
  ] as const)('%s %s answers 401 without one', async (method, path) => {
    const res = await t.app.inject({
      method,
      url: `/api/v1${path}`,
      payload: method === 'GET' || method === 'DELETE' ? undefined : {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'invalid_token' });
  });
});

describe('GET and PUT /api/v1/user', () => {
  it('updates names and contact preferences', async () => {
    const access = await token('candidate@hartley.example', 'hartley');
    const res = await v1(t.app, access, 'PUT', '/user?subdomain=hartley', {
      firstName: 'Cara',
      preferredName: 'Cee',
      acceptRare: true,
      acceptResearch: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Cara',
      preferredName: 'Cee',
      acceptRare: true,
      acceptResearch: true,
    });
  });

  it('refuses userType, organisation and id in the request, naming each (mass assignment, decision 0047)', async () => {
    const access = await token('recruiter@acme.example');
    const res = await v1(t.app, access, 'PUT', '/user', {
      firstName: 'Rory',
      userType: 'ADMIN',
      organization: { id: ids.get('hartley'), subdomain: 'hartley' },
      organizationId: ids.get('hartley'),
      id: '00000000-0000-0000-0000-000000000000',
      emailVerified: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: { field: string }[] }>().errors.map((e) => e.field)).toEqual([
      'userType',
      'organization',
      'organizationId',
      'id',
      'emailVerified',
    ]);
    const row = await sql<{
      user_type: string;
      organization_id: string;
      first_name: string;
    }>`select user_type, organization_id, first_name from users where email = 'recruiter@acme.example'`.execute(t.db);
    expect(row.rows[0]).toEqual({ user_type: 'HIRING_MANAGER', organization_id: ids.get('acme'), first_name: 'Ravi' });
    // The fields it may send still work.
    expect((await v1(t.app, access, 'PUT', '/user', { firstName: 'Rory' })).json()).toMatchObject({
      firstName: 'Rory',
      userType: 'HIRING_MANAGER',
    });
  });

  it('checks the email rule', async () => {
    const access = await token('candidate@acme.example');
    const res = await v1(t.app, access, 'PUT', '/user', { email: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        field: 'email',
        message: 'Enter an email address in the correct format, like name@example.com',
        code: 'emailFormat',
      },
    ]);
  });
});

describe('organisations', () => {
  it("a token issued for one organisation gets 404 on another organisation's data", async () => {
    const access = await token('hr@acme.example');
    for (const [method, path] of [
      ['GET', '/user?subdomain=hartley'],
      ['GET', '/user/rareusers?subdomain=hartley'],
      ['PUT', '/user?subdomain=hartley'],
    ] as const) {
      const res = await v1(t.app, access, method, path, method === 'PUT' ? { firstName: 'X' } : undefined);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual({ message: "No organisation with subdomain 'hartley'." });
    }
  });

  it('platform admins work in every organisation', async () => {
    const access = await token('admin@candid.example');
    expect((await v1(t.app, access, 'GET', '/user?subdomain=hartley')).statusCode).toBe(200);
    const all = (await v1(t.app, access, 'GET', '/user/userorganizations')).json<Array<{ subdomain: string }>>();
    expect(all.map((o) => o.subdomain).sort()).toEqual(['acme', 'connect', 'hartley', 'meridian', 'northbridge']);
  });

  it('GET /user/userorganizations lists the own organisation; another by id is 404', async () => {
    const access = await token('recruiter@acme.example');
    expect((await v1(t.app, access, 'GET', '/user/userorganizations')).json()).toEqual([
      { id: ids.get('acme'), name: 'Acme Consulting', subdomain: 'acme' },
    ]);
    expect(
      (await v1(t.app, access, 'GET', `/user/userorganizations?organizationId=${ids.get('acme')}`)).statusCode,
    ).toBe(200);
    expect(
      (await v1(t.app, access, 'GET', `/user/userorganizations?organizationId=${ids.get('hartley')}`)).statusCode,
    ).toBe(404);
  });
});

describe('roles (ADMIN ⊃ HIRING_MANAGER_ADMIN ⊃ HIRING_MANAGER)', () => {
  it('GET /user/rareusers: hiring-manager admins and admins only', async () => {
    const candidate = await createUser(t.db, { organizationId: ids.get('acme')!, email: 'rare@example.test' });
    await sql`update users set accept_rare = true where id = ${candidate.id}`.execute(t.db);
    expect((await v1(t.app, await token('candidate@acme.example'), 'GET', '/user/rareusers')).statusCode).toBe(403);
    expect((await v1(t.app, await token('recruiter@acme.example'), 'GET', '/user/rareusers')).statusCode).toBe(403);
    const list = await v1(t.app, await token('hr@acme.example'), 'GET', '/user/rareusers');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      { id: candidate.id, email: 'rare@example.test', firstName: 'Test', lastName: 'User' },
    ]);
    expect((await v1(t.app, await token('admin@candid.example'), 'GET', '/user/rareusers')).statusCode).toBe(200);
  });

  it('POST /user/hrtoken: the hiring side only; the token signs in on the HR host', async () => {
    expect((await v1(t.app, await token('candidate@acme.example'), 'POST', '/user/hrtoken')).statusCode).toBe(403);
    const res = await v1(t.app, await token('recruiter@acme.example'), 'POST', '/user/hrtoken');
    expect(res.statusCode).toBe(200);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: { host: 'acme.hr.localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=password&type=USER_TOKEN&password=${res.json<{ token: string }>().token}`,
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('DELETE /user/:id: another candidate or organisation is 404; hiring managers 403; admins delete', async () => {
    const a = await createUser(t.db, {
      organizationId: ids.get('acme')!,
      email: 'del-a@example.test',
      password: DEMO_PASSWORD,
    });
    const b = await createUser(t.db, { organizationId: ids.get('acme')!, email: 'del-b@example.test' });
    const h = await createUser(t.db, { organizationId: ids.get('hartley')!, email: 'del-h@example.test' });
    const candidateToken = await token(a.email);
    expect((await v1(t.app, candidateToken, 'DELETE', `/user/${b.id}`)).statusCode).toBe(404);
    expect((await v1(t.app, await token('recruiter@acme.example'), 'DELETE', `/user/${b.id}`)).statusCode).toBe(403);
    const hr = await token('hr@acme.example');
    expect((await v1(t.app, hr, 'DELETE', `/user/${h.id}`)).statusCode).toBe(404);
    expect((await v1(t.app, hr, 'DELETE', `/user/${await userId('admin@candid.example')}`)).statusCode).toBe(404);
    expect((await v1(t.app, hr, 'DELETE', '/user/not-a-uuid')).statusCode).toBe(404);
    expect((await v1(t.app, hr, 'DELETE', `/user/${b.id}`)).statusCode).toBe(200);
    expect(
      (await v1(t.app, await token('admin@candid.example'), 'DELETE', `/user/${h.id}?subdomain=hartley`)).statusCode,
    ).toBe(200);
    const rows = await sql<{ email: string }>`select email from users where id in (${b.id}, ${h.id})`.execute(t.db);
    expect(rows.rows.every((r) => r.email.startsWith('ANON-'))).toBe(true);
  });
});

describe('PUT /api/v1/user/password', () => {
  it('needs the current password, applies the policy, and ends the other sessions only', async () => {
    const user = await createUser(t.db, {
      organizationId: ids.get('acme')!,
      email: 'changer@example.test',
      password: DEMO_PASSWORD,
    });
    const other = await signIn(t.app, user.email);
    const current = await signIn(t.app, user.email);
    const wrong = await v1(t.app, current.access_token, 'PUT', '/user/password', {
      currentPassword: 'Wrong#Pass1',
      newPassword: 'Brand-New#Pass7',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { field: 'currentPassword', message: 'Your current password is not correct', code: 'wrongCurrentPassword' },
    ]);
    const weak = await v1(t.app, current.access_token, 'PUT', '/user/password', {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'Welcome2024!',
    });
    expect(weak.json().errors[0]).toMatchObject({ field: 'newPassword', message: expect.stringMatching(/too common/) });
    const ok = await v1(t.app, current.access_token, 'PUT', '/user/password', {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'Brand-New#Pass7',
    });
    expect(ok.json()).toEqual({ message: 'Password updated', code: 'passwordUpdated' });
    expect((await v1(t.app, current.access_token, 'GET', '/user')).statusCode).toBe(200);
    expect((await v1(t.app, other.access_token, 'GET', '/user')).statusCode).toBe(401);
    expect(
      (await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: other.refresh_token })).statusCode,
    ).toBe(400);
    expect((await passwordLogin(t.app, user.email, 'Brand-New#Pass7')).statusCode).toBe(200);
  });
});

describe('DELETE /api/v1/user/deleteMe', () => {
  it('leaves no personal data behind in any table, and keeps the anonymous row', async () => {
    const email = 'erase-me@example.test';
    const user = await createUser(t.db, {
      organizationId: ids.get('acme')!,
      email,
      password: DEMO_PASSWORD,
      firstName: 'Zebedee',
      lastName: 'Quixotic',
    });
    // Leave traces everywhere: sessions, a failed sign-in, queued messages, link tokens, codes, a cookie.
    const session = await signIn(t.app, email);
    await passwordLogin(t.app, email, 'Wrong#Pass1');
    await t.app.inject({ method: 'POST', url: '/api/public/forgot', payload: { email } });
    await t.app.inject({ method: 'POST', url: `/api/public/login/${email}/` });
    await v1(t.app, session.access_token, 'PUT', '/user/security', {
      otpRequired: true,
      currentPassword: DEMO_PASSWORD,
    });
    await passwordLogin(t.app, email); // 206: a code is queued
    await v1(t.app, session.access_token, 'PUT', '/user', { email: 'erase-me-new@example.test' });

    const res = await v1(t.app, session.access_token, 'DELETE', '/user/deleteMe');
    expect(res.statusCode).toBe(200);
    expect((await v1(t.app, session.access_token, 'GET', '/user')).statusCode).toBe(401);
    expect((await passwordLogin(t.app, email)).statusCode).toBe(400);

    // Search every text and json column of every table for anything that identified the person.
    const columns = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'jsonb', 'json', 'character varying')`.execute(t.db);
    const needles = ['erase-me', 'Zebedee', 'Quixotic'];
    const found: string[] = [];
    for (const { table_name, column_name } of columns.rows) {
      for (const needle of needles) {
        const hits = await sql<{
          n: number;
        }>`select count(*)::int as n from ${sql.table(table_name)} where ${sql.ref(column_name)}::text ilike ${`%${needle}%`}`.execute(
          t.db,
        );
        if (Number(hits.rows[0]!.n) > 0) found.push(`${table_name}.${column_name} contains ${needle}`);
      }
    }
    expect(found).toEqual([]);
    for (const table of ['session_families', 'session_tokens', 'link_tokens', 'otp_codes', 'otp_cookies', 'jobs']) {
      const rows = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(table)} where user_id = ${user.id}`.execute(t.db);
      expect(Number(rows.rows[0]!.n), table).toBe(0);
    }
    const row = await sql<{
      user_type: string;
      organization_id: string;
      anonymised_at: Date | null;
      password_hash: string | null;
    }>`
      select user_type, organization_id, anonymised_at, password_hash from users where id = ${user.id}`.execute(t.db);
    expect(row.rows[0]).toMatchObject({
      user_type: 'CANDIDATE',
      organization_id: ids.get('acme'),
      password_hash: null,
    });
    expect(row.rows[0]!.anonymised_at).not.toBeNull();
    expect(await deliverEmails(t.db)).toHaveLength(0);
  });
});

describe('text PostgreSQL cannot store (decision 0070)', () => {
  it('refuses a lone surrogate or a NUL in a JSON body with a 400 naming the field; a real emoji is kept', async () => {
    const bearer = await token('candidate@acme.example');
    const put = (body: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/user',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        payload: body,
      });
    for (const [body, message] of [
      ['{"firstName":"Ada\\ud800"}', 'must be valid Unicode text (it holds a lone surrogate)'],
      ['{"firstName":"\\udc00Ada"}', 'must be valid Unicode text (it holds a lone surrogate)'],
      ['{"firstName":"Ada\\u0000"}', 'must not contain the NUL character (U+0000)'],
    ] as const) {
      const res = await put(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ errors: unknown[] }>().errors).toEqual([{ field: 'firstName', message }]);
    }
    const emoji = await put('{"firstName":"Ada \\ud83d\\ude00"}');
    expect(emoji.statusCode, emoji.body).toBe(200);
    expect((await v1(t.app, bearer, 'GET', '/user')).json<{ firstName: string }>().firstName).toBe('Ada 😀');
  });
});
