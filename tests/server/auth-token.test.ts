import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS } from '#engine/rules/session';
import { createUser } from '#server/seed/factories';
import { findOrganizationIds } from '#server/modules/organizations/organization.repository';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  DEMO_PASSWORD,
  deliverEmails,
  messageTo,
  passwordLogin,
  signIn,
  tokenOf,
  tokenRequest,
  v1,
  type Tokens,
} from '../helpers/auth';

let t: TestApp;
let acmeId: string;

beforeAll(async () => {
  t = await createTestApp({ testSessionTimeoutSeconds: null });
  acmeId = (await findOrganizationIds(t.db, ['acme'])).get('acme')!;
});
afterAll(() => t?.close());

const refresh = (refreshToken: string, subdomain?: string) =>
  tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: refreshToken }, { subdomain });
const me = (token: string, query = '') => v1(t.app, token, 'GET', `/user${query}`);

describe('POST /api/oauth/token: password grant', () => {
  it('answers the token record of spec §3 for a demo user, and the token opens /api/v1', async () => {
    const res = await passwordLogin(t.app, 'candidate@acme.example');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<Tokens>();
    expect(body).toEqual({
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      token_type: 'bearer',
      refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      scope: 'write',
    });
    const user = await me(body.access_token);
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({
      email: 'candidate@acme.example',
      userType: 'CANDIDATE',
      organization: { subdomain: 'acme' },
    });
  });

  it('stores tokens only as SHA-256 hashes', async () => {
    const tokens = await signIn(t.app, 'recruiter@acme.example');
    const rows = await sql<{ token_hash: string }>`select token_hash from session_tokens`.execute(t.db);
    const all = JSON.stringify(rows.rows);
    expect(all).not.toContain(tokens.access_token);
    expect(all).not.toContain(tokens.refresh_token);
    expect(rows.rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('accepts JSON too and matches the email without case', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      payload: { grant_type: 'password', username: 'HR@Acme.Example', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });

  it('gives the same OAuth error for a wrong password and an unknown address', async () => {
    const wrong = await passwordLogin(t.app, 'hr@acme.example', 'Wrong#Password1', {}, { ip: '10.0.0.1' });
    const unknown = await passwordLogin(t.app, 'nobody@acme.example', 'Wrong#Password1', {}, { ip: '10.0.0.1' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'invalid_grant',
        error_description: 'The email address or password is not correct.',
        message: 'The email address or password is not correct.',
        code: 'badCredentials',
      });
    }
  });

  it("does not sign a user in on another organisation's site", async () => {
    const res = await passwordLogin(t.app, 'candidate@hartley.example', DEMO_PASSWORD, {}, { subdomain: 'acme' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
    // …but platform admins sign in anywhere.
    expect(
      (await passwordLogin(t.app, 'admin@candid.example', DEMO_PASSWORD, {}, { subdomain: 'hartley' })).statusCode,
    ).toBe(200);
  });

  it('answers OAuth errors for a bad request, an unknown client and a missing grant', async () => {
    const noGrant = await tokenRequest(t.app, { username: 'a@b.co', password: 'x' });
    expect(noGrant.statusCode).toBe(400);
    expect(noGrant.json()).toMatchObject({ error: 'invalid_request', error_description: 'Missing grant_type' });
    const badGrant = await tokenRequest(t.app, { grant_type: 'client_credentials' });
    expect(badGrant.statusCode).toBe(400);
    expect(badGrant.json().error).toBe('invalid_request');
    const client = await tokenRequest(t.app, {
      grant_type: 'password',
      username: 'hr@acme.example',
      password: DEMO_PASSWORD,
      client_id: 'evil',
    });
    expect(client.statusCode).toBe(401);
    expect(client.json()).toMatchObject({ error: 'invalid_client' });
    const org = await tokenRequest(
      t.app,
      { grant_type: 'password', username: 'hr@acme.example', password: DEMO_PASSWORD },
      { subdomain: 'nosuch' },
    );
    expect(org.statusCode).toBe(404);
    expect(org.json()).toMatchObject({
      error: 'invalid_request',
      error_description: "No organisation with subdomain 'nosuch'.",
    });
  });

  it('asks an unverified account to verify first and sends a new link', async () => {
    const user = await createUser(t.db, {
      organizationId: acmeId,
      email: 'unverified@acme.example',
      password: DEMO_PASSWORD,
      emailVerified: false,
    });
    const res = await passwordLogin(t.app, user.email);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'unverified_email' });
    const mail = messageTo(await deliverEmails(t.db), user.email);
    expect(mail.link).toMatch(/\/verify\/[A-Za-z0-9_-]{43}\?candidateId=[0-9a-f-]{36}$/);
  });
});

describe('refresh tokens', () => {
  it('rotate: the new pair works, the old refresh token does not', async () => {
    const first = await signIn(t.app, 'hr@acme.example');
    const res = await refresh(first.refresh_token!);
    expect(res.statusCode).toBe(200);
    const second = res.json<Tokens>();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect((await me(second.access_token)).statusCode).toBe(200);
  });

  it('reusing an old refresh token revokes the whole family', async () => {
    const first = await signIn(t.app, 'hr@acme.example');
    const second = (await refresh(first.refresh_token!)).json<Tokens>();
    const reuse = await refresh(first.refresh_token!);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ error: 'invalid_grant', error_description: 'Invalid refresh token' });
    // The attacker's replay killed the legitimate session too.
    expect((await refresh(second.refresh_token!)).statusCode).toBe(400);
    const after = await me(second.access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: 'invalid_token', error_description: 'Invalid access token' });
  });

  it('ten parallel refreshes of one token give at most one success', async () => {
    const tokens = await signIn(t.app, 'recruiter@acme.example');
    const results = await Promise.all(Array.from({ length: 10 }, () => refresh(tokens.refresh_token!)));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeLessThanOrEqual(1);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(10 - ok.length);
  });

  it('expire absolutely with their family', async () => {
    const tokens = await signIn(t.app, 'recruiter@acme.example');
    await sql`update session_families set absolute_expires_at = now() - interval '1 second'
      where id = (select family_id from session_tokens order by created_at desc limit 1)`.execute(t.db);
    expect((await refresh(tokens.refresh_token!)).statusCode).toBe(400);
  });

  it('belong to the organisation they were issued for', async () => {
    const tokens = await signIn(t.app, 'recruiter@acme.example');
    expect((await refresh(tokens.refresh_token!, 'hartley')).statusCode).toBe(400);
  });

  it('are refused when malformed or unknown', async () => {
    expect((await refresh('short')).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await refresh('A'.repeat(43))).json()).toMatchObject({ error: 'invalid_grant' });
    const query = await t.app.inject({
      method: 'POST',
      url: `/api/oauth/token?grant_type=refresh_token&refresh_token=${'B'.repeat(43)}&client_id=web&scope=write`,
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().error).toBe('invalid_grant');
  });

  it('also work from the query string (spec §7 refresh variant)', async () => {
    const tokens = await signIn(t.app, 'candidate@acme.example');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/oauth/token?grant_type=refresh_token&refresh_token=${tokens.refresh_token}&client_id=web&scope=write`,
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('access tokens', () => {
  it('401 in the OAuth shape: missing, malformed, unknown and expired tokens', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/user' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);
    expect(none.json().error_description).toBe('Full authentication is required to access this resource');
    expect((await me('not-a-token')).json().error_description).toBe('Cannot convert access token to JSON');
    expect((await me('C'.repeat(43))).json().error_description).toBe('Invalid access token');

    const tokens = await signIn(t.app, 'candidate@acme.example');
    await sql`update session_tokens set expires_at = now() - interval '1 second' where kind = 'access'`.execute(t.db);
    const expired = await me(tokens.access_token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ error: 'invalid_token', error_description: 'Access token expired' });
    // The refresh token still gives a new access token.
    expect((await refresh(tokens.refresh_token!)).statusCode).toBe(200);
  });

  it('DELETE /api/oauth/access-token revokes the token and its refresh family', async () => {
    const tokens = await signIn(t.app, 'hr@acme.example');
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/oauth/access-token',
      headers: { authorization: `Bearer ${tokens.access_token}` },
      payload: { deviceId: 'browser-1' },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(tokens.refresh_token!)).statusCode).toBe(400);
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/oauth/access-token',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(again.statusCode).toBe(401);
  });
});

describe('organisation session timeout (meridian: 30 minutes)', () => {
  it('gives no refresh token and an expiry of the timeout', async () => {
    const tokens = await signIn(t.app, 'hr@meridian.example', DEMO_PASSWORD, 'meridian');
    expect(tokens.refresh_token).toBeUndefined();
    expect(tokens.expires_in).toBe(30 * 60);
  });

  it('slides the expiry forward on every successful call, enforced by the server', async () => {
    const tokens = await signIn(t.app, 'recruiter@meridian.example', DEMO_PASSWORD, 'meridian');
    const expiry = () =>
      sql<{ seconds: number }>`select extract(epoch from expires_at - now())::int as seconds from session_tokens
        where kind = 'access' and user_id = (select id from users where email = 'recruiter@meridian.example')`.execute(
        t.db,
      );
    await sql`update session_tokens set expires_at = now() + interval '60 seconds'
      where user_id = (select id from users where email = 'recruiter@meridian.example')`.execute(t.db);
    expect((await v1(t.app, tokens.access_token, 'GET', '/user?subdomain=meridian')).statusCode).toBe(200);
    await expect.poll(async () => Number((await expiry()).rows[0]!.seconds), { timeout: 2000 }).toBeGreaterThan(1700);

    // A failed call does not extend it; an expired session stays expired.
    await sql`update session_tokens set expires_at = now() - interval '1 second'
      where user_id = (select id from users where email = 'recruiter@meridian.example')`.execute(t.db);
    const res = await v1(t.app, tokens.access_token, 'GET', '/user?subdomain=meridian');
    expect(res.json()).toMatchObject({ error_description: 'Access token expired' });
    expect((await v1(t.app, tokens.access_token, 'GET', '/user?subdomain=meridian')).statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it('holds an account at the failing address after 5 failures, even for the right password, with a clear 429', async () => {
    const user = await createUser(t.db, {
      organizationId: acmeId,
      email: 'locked@acme.example',
      password: DEMO_PASSWORD,
    });
    for (let i = 0; i < 5; i++)
      expect((await passwordLogin(t.app, user.email, 'Wrong#Pass1', {}, { ip: '10.1.0.1' })).statusCode).toBe(400);
    const res = await passwordLogin(t.app, user.email, DEMO_PASSWORD, {}, { ip: '10.1.0.1' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(120);
    expect(res.json()).toEqual({
      error: 'too_many_requests',
      error_description: 'Too many failed sign-in attempts. Wait 2 minutes, then try again or reset your password.',
      message: 'Too many failed sign-in attempts. Wait 2 minutes, then try again or reset your password.',
      code: 'tooManySignInAttempts',
      params: { minutes: 2 },
    });
    // Decision 0046: a stranger's failures do not keep the holder out elsewhere.
    expect((await passwordLogin(t.app, user.email, DEMO_PASSWORD, {}, { ip: '10.1.0.99' })).statusCode).toBe(200);
  });

  it('answers an address with no account the same way, so the limit reveals nothing', async () => {
    for (let i = 0; i < 5; i++) await passwordLogin(t.app, 'ghost@acme.example', 'Wrong#Pass1', {}, { ip: '10.2.0.1' });
    const res = await passwordLogin(t.app, 'ghost@acme.example', 'Wrong#Pass1', {}, { ip: '10.2.0.1' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error_description).toMatch(/^Too many failed sign-in attempts/);
  });

  it('limits one client address across accounts (20 failures)', async () => {
    for (let i = 0; i < 20; i++)
      await passwordLogin(t.app, `spray${i}@acme.example`, 'Wrong#Pass1', {}, { ip: '10.3.0.1' });
    expect(
      (await passwordLogin(t.app, 'candidate@acme.example', DEMO_PASSWORD, {}, { ip: '10.3.0.1' })).statusCode,
    ).toBe(429);
    expect(
      (await passwordLogin(t.app, 'candidate@acme.example', DEMO_PASSWORD, {}, { ip: '10.3.0.2' })).statusCode,
    ).toBe(200);
  });

  it('a success resets the account count', async () => {
    const user = await createUser(t.db, {
      organizationId: acmeId,
      email: 'reset-count@acme.example',
      password: DEMO_PASSWORD,
    });
    for (let i = 0; i < 4; i++) await passwordLogin(t.app, user.email, 'Wrong#Pass1', {}, { ip: '10.4.0.1' });
    expect((await passwordLogin(t.app, user.email, DEMO_PASSWORD, {}, { ip: '10.4.0.1' })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await passwordLogin(t.app, user.email, 'Wrong#Pass1', {}, { ip: '10.4.0.1' });
    expect((await passwordLogin(t.app, user.email, DEMO_PASSWORD, {}, { ip: '10.4.0.1' })).statusCode).toBe(200);
  });
});

describe('token sign-in variants', () => {
  it('type USER_TOKEN: a one-time user token signs in once', async () => {
    const tokens = await signIn(t.app, 'hr@acme.example');
    const minted = await v1(t.app, tokens.access_token, 'POST', '/user/token');
    expect(minted.statusCode).toBe(200);
    const { token, expiresIn } = minted.json<{ token: string; expiresIn: number }>();
    expect(expiresIn).toBe(120);
    const first = await tokenRequest(t.app, { grant_type: 'password', type: 'USER_TOKEN', password: token });
    expect(first.statusCode).toBe(200);
    expect((await me(first.json<Tokens>().access_token)).json().email).toBe('hr@acme.example');
    const second = await tokenRequest(t.app, { grant_type: 'password', type: 'USER_TOKEN', password: token });
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toBe('invalid_grant');
  });

  it("username 'token': an emailed sign-in link signs in once", async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/public/login/candidate@acme.example/' });
    expect(res.statusCode).toBe(200);
    const token = tokenOf(messageTo(await deliverEmails(t.db), 'candidate@acme.example').link);
    const first = await tokenRequest(t.app, { grant_type: 'password', username: 'token', password: token });
    expect(first.statusCode).toBe(200);
    const second = await tokenRequest(t.app, { grant_type: 'password', username: 'token', password: token });
    expect(second.statusCode).toBe(400);
    // A user token is not an emailed sign-in token, and the other way round.
    const tokens = first.json<Tokens>();
    const userToken = (await v1(t.app, tokens.access_token, 'POST', '/user/token')).json<{ token: string }>().token;
    expect(
      (await tokenRequest(t.app, { grant_type: 'password', username: 'token', password: userToken })).statusCode,
    ).toBe(400);
  });
});
