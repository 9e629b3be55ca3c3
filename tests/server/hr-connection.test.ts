import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HrConnection, HrExport } from '#schemas/integrations';
import { runDueJobs } from '#server/jobs/worker';
import { fakeHrProvider, workdayProvider } from '#server/modules/integrations/hr-provider';
import { hrJobHandlers } from '#server/modules/integrations/hr.service';
import { decryptToken } from '#server/modules/integrations/token-cipher';
import { demoWorld, type World } from '../helpers/route-world';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * The HR system connection (decision 0080): an admin connects through the (fake) HR system's authorise page with a
 * one-time state, the token is kept encrypted, and a move to a HIRED-group stage sends the new hire.
 */

const hr = fakeHrProvider();
const key = randomBytes(32);
let t: TestApp;
let world: World;
const HR_HOST = { host: 'acme.hr.localhost' };

beforeAll(async () => {
  t = await createTestApp({ hr, hrTokenKey: key });
  world = await demoWorld(t.db);
}, 120_000);
afterAll(() => t?.close());

const api = (token: string, method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${path}`,
    headers: { ...HR_HOST, authorization: `Bearer ${token}` },
    ...(payload && { payload }),
  });

/** Starts connecting and answers on the fake HR system's page; returns where it sends the browser back. */
async function authorise(token: string, tenant: string, action: 'allow' | 'deny' = 'allow'): Promise<URL> {
  const started = await api(token, 'POST', '/organization/acme/hr-connection', { tenant });
  expect(started.statusCode, started.body).toBe(200);
  const page = new URL(started.json<{ authorizeUrl: string }>().authorizeUrl);
  const shown = await t.app.inject({ method: 'GET', url: page.pathname + page.search, headers: HR_HOST });
  expect(shown.statusCode).toBe(200);
  expect(shown.body).toContain(`<h1>Connect Candid to ${tenant}?</h1>`);
  expect(shown.body).not.toContain('<script');
  const answered = await t.app.inject({
    method: 'POST',
    url: page.pathname,
    headers: { ...HR_HOST, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      tenant: page.searchParams.get('tenant')!,
      state: page.searchParams.get('state')!,
      redirect_uri: page.searchParams.get('redirect_uri')!,
      action,
    }).toString(),
  });
  expect(answered.statusCode).toBe(303);
  return new URL(answered.headers.location!);
}

const connect = (token: string, back: URL, tenant = back.searchParams.get('tenant')!) =>
  api(
    token,
    'POST',
    `/organization/${world.acme.org.id}/workdayConnect/${tenant}/${back.searchParams.get('code')}?state=${back.searchParams.get('state')}`,
  );

describe('connecting the HR system', () => {
  it('an admin connects through the authorise page; the token is kept encrypted', async () => {
    const back = await authorise(world.acme.hiringAdmin.token, 'acme_prod');
    expect(`${back.origin}${back.pathname}`).toBe('http://acme.hr.localhost/workday-connect');
    expect(back.searchParams.get('tenant')).toBe('acme_prod');
    const res = await connect(world.acme.hiringAdmin.token, back);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<HrConnection>()).toMatchObject({ connected: true, tenant: 'acme_prod', connectedBy: 'Mat Rix' });
    const row = await t.db.selectFrom('hr_connections').selectAll().executeTakeFirstOrThrow();
    expect(row.token_ciphertext).not.toContain('fake-');
    expect(decryptToken(key, row.token_ciphertext)).toMatch(/^fake-/);
    expect(() => decryptToken(randomBytes(32), row.token_ciphertext)).toThrow();
    // The state works once.
    expect((await connect(world.acme.hiringAdmin.token, back)).statusCode).toBe(400);
  });

  it('refuses a state that is forged, another admin’s or for another tenant (400), and a denied connection', async () => {
    const back = await authorise(world.acme.hiringAdmin.token, 'acme_test');
    const forged = new URL(back);
    forged.searchParams.set('state', 'f'.repeat(43));
    expect((await connect(world.acme.hiringAdmin.token, forged)).statusCode).toBe(400);
    expect((await connect(world.acme.hiringAdmin.token, back, 'other_tenant')).statusCode).toBe(400);
    const denied = await authorise(world.acme.hiringAdmin.token, 'acme_test', 'deny');
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('code')).toBeNull();
    // Another admin of the organisation cannot finish what this one started.
    const theirs = await authorise(world.acme.hiringAdmin.token, 'acme_test');
    const platform = await connect(world.platformAdmin.token, theirs);
    expect(platform.statusCode).toBe(400);
    const status = await api(world.acme.hiringAdmin.token, 'GET', '/organization/acme/hr-connection');
    expect(status.json<HrConnection>().tenant).toBe('acme_prod');
  });

  it('the fake HR system sends the browser back only to this host’s /workday-connect', async () => {
    const query = new URLSearchParams({
      tenant: 't',
      state: 's',
      redirect_uri: 'https://evil.example/workday-connect',
    });
    const page = await t.app.inject({ url: `/api/public/fake-hr/authorize?${query.toString()}`, headers: HR_HOST });
    expect(page.statusCode).toBe(400);
  });

  it('only the organisation’s hiring-manager admins may connect (403, and 404 for another organisation)', async () => {
    const start = (token: string, org = 'acme') =>
      api(token, 'POST', `/organization/${org}/hr-connection`, { tenant: 'x' }).then((r) => r.statusCode);
    expect(await start(world.acme.manager.token)).toBe(403);
    expect(await start(world.acme.candidate.token)).toBe(403);
    expect(await start(world.hartley.hiringAdmin.token)).toBe(404);
    expect((await api(world.acme.manager.token, 'GET', '/organization/acme/hr-connection')).statusCode).toBe(403);
  });

  it('a move to a HIRED stage sends the new hire once; the candidate page shows it; disconnect stops it', async () => {
    const exportOf = async (id: string) =>
      (await api(world.acme.manager.token, 'GET', `/organization/acme/candidate/${id}/hr-export`)).json<HrExport>();
    expect(await exportOf(world.acme.application)).toEqual({ status: null, sentAt: null });
    const moved = await api(world.acme.manager.token, 'POST', `/candidate/${world.acme.application}/ostage/14`);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await exportOf(world.acme.application)).status).toBe('QUEUED');
    while ((await runDueJobs(t.db, hrJobHandlers(t.db, hr, key))) > 0);
    expect((await exportOf(world.acme.application)).status).toBe('SENT');
    expect(hr.sent).toHaveLength(1);
    expect(hr.sent[0]).toMatchObject({
      tenant: 'acme_prod',
      hire: { applicationId: world.acme.application, email: world.acme.candidate.email, firstName: 'Mat' },
    });
    // Back and forth: nothing sent again.
    await api(world.acme.manager.token, 'POST', `/candidate/${world.acme.application}/ostage/11`);
    await api(world.acme.manager.token, 'POST', `/candidate/${world.acme.application}/ostage/14`);
    while ((await runDueJobs(t.db, hrJobHandlers(t.db, hr, key))) > 0);
    expect(hr.sent).toHaveLength(1);
    // Other organisations' applications: 404.
    const other = await api(
      world.hartley.manager.token,
      'GET',
      `/organization/hartley/candidate/${world.acme.application}/hr-export`,
    );
    expect(other.statusCode).toBe(404);

    const off = await api(world.acme.hiringAdmin.token, 'DELETE', '/organization/acme/hr-connection');
    expect(off.json<HrConnection>()).toEqual({ connected: false, tenant: null, connectedAt: null, connectedBy: null });
    await api(world.acme.manager.token, 'POST', `/candidate/${world.acme.application2}/ostage/14`);
    expect((await exportOf(world.acme.application2)).status).toBeNull();
  });
});

describe('the Workday adapter', () => {
  it('authorises, exchanges the code with the client credentials and posts the new hire with the token', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const answers = [{ access_token: 'tok-1', token_type: 'Bearer' }, { id: 'p1' }];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(answers.shift()), { status: 200 });
    }) as unknown as typeof fetch;
    const provider = workdayProvider(
      { apiUrl: 'https://wd2-impl.workday.com/', clientId: 'cid', clientSecret: 'secret' },
      fetchImpl,
    );
    const authorize = new URL(
      provider.authorizeUrl({ tenant: 'acme', state: 's1', redirectUri: 'http://acme.hr.localhost/workday-connect' }),
    );
    expect(`${authorize.origin}${authorize.pathname}`).toBe('https://wd2-impl.workday.com/acme/authorize');
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'cid',
      redirect_uri: 'http://acme.hr.localhost/workday-connect',
      state: 's1',
    });
    expect(
      await provider.exchangeCode({
        tenant: 'acme',
        code: 'c1',
        redirectUri: 'http://acme.hr.localhost/workday-connect',
      }),
    ).toEqual({ accessToken: 'tok-1' });
    expect(calls[0]!.url).toBe('https://wd2-impl.workday.com/ccx/oauth2/acme/token');
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe(
      `Basic ${Buffer.from('cid:secret').toString('base64')}`,
    );
    expect(Object.fromEntries(new URLSearchParams(calls[0]!.init.body as string))).toEqual({
      grant_type: 'authorization_code',
      code: 'c1',
      redirect_uri: 'http://acme.hr.localhost/workday-connect',
    });
    await provider.sendNewHire({
      tenant: 'acme',
      accessToken: 'tok-1',
      hire: {
        applicationId: 'a1',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.test',
        roleName: 'Analyst',
        hiredAt: '2026-11-26T10:00:00.000Z',
      },
    });
    expect(calls[1]!.url).toBe('https://wd2-impl.workday.com/ccx/api/recruiting/v4/acme/prospects');
    expect((calls[1]!.init.headers as Record<string, string>).authorization).toBe('Bearer tok-1');
    expect(JSON.parse(calls[1]!.init.body as string)).toMatchObject({
      candidate: { name: { firstName: 'Ada', lastName: 'Lovelace' }, contact: { email: 'ada@example.test' } },
      externalReference: 'a1',
    });
  });

  it('throws on an error answer, so the job is retried', async () => {
    const fetchImpl = (async () => new Response('unauthorised', { status: 401 })) as unknown as typeof fetch;
    const provider = workdayProvider({ apiUrl: 'https://wd.example', clientId: 'c', clientSecret: 's' }, fetchImpl);
    await expect(provider.exchangeCode({ tenant: 't', code: 'c', redirectUri: 'http://x' })).rejects.toThrow(
      /answered 401: unauthorised/,
    );
  });
});
