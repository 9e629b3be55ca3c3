import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_LOGIN_COOKIE, OTP_MAX_ATTEMPTS } from '#engine/rules/session';
import { createUser } from '#server/seed/factories';
import { findOrganizationIds } from '#server/modules/organizations/organization.repository';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  codeOf,
  DEMO_PASSWORD,
  deliverEmails,
  messageTo,
  passwordLogin,
  signIn,
  tokenRequest,
  v1,
  type Tokens,
} from '../helpers/auth';

let t: TestApp;
let ids: Map<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  ids = await findOrganizationIds(t.db, ['acme', 'northbridge']);
});
afterAll(() => t?.close());

const NB = { subdomain: 'northbridge' };
const nbLogin = (email: string, extra: Record<string, string | undefined> = {}, ip?: string) =>
  passwordLogin(t.app, email, DEMO_PASSWORD, extra, { ...NB, ip });
const newNorthbridgeUser = (email: string) =>
  createUser(t.db, { organizationId: ids.get('northbridge')!, email, password: DEMO_PASSWORD });

/** Signs in through the 206 → code → token steps and returns the tokens. */
async function signInWithCode(email: string): Promise<Tokens> {
  expect((await nbLogin(email)).statusCode).toBe(206);
  const code = codeOf(messageTo(await deliverEmails(t.db), email));
  const res = await nbLogin(email, { otp: code });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Tokens>();
}

describe('one-time password (northbridge requires it)', () => {
  it('206 → emailed 6-digit code → sign-in → otpCookie skips the code next time', async () => {
    const user = await newNorthbridgeUser('otp-flow@northbridge.example');
    const first = await nbLogin(user.email);
    expect(first.statusCode).toBe(206);
    expect(first.json()).toEqual({
      error: 'otp_required',
      error_description: 'Enter the 6-digit code we have sent to your email address.',
      code: 'otpSent',
    });
    const mail = messageTo(await deliverEmails(t.db), user.email);
    expect(mail.subject).toMatch(/sign-in code: \d{6}$/);
    const code = codeOf(mail);

    const signedIn = await nbLogin(user.email, { otp: code });
    expect(signedIn.statusCode).toBe(200);
    const tokens = signedIn.json<Tokens>();

    // The code works once.
    expect((await nbLogin(user.email, { otp: code })).statusCode).toBe(400);

    // After a sign-in with a code, GET /user?cookieRequested=true gives a login cookie, once.
    const withCookie = await v1(t.app, tokens.access_token, 'GET', '/user?subdomain=northbridge&cookieRequested=true');
    const otpCookie = withCookie.json<{ otpCookie?: string }>().otpCookie;
    expect(otpCookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await v1(t.app, tokens.access_token, 'GET', '/user?subdomain=northbridge&cookieRequested=true');
    expect(again.json()).not.toHaveProperty('otpCookie');

    // The cookie skips the code.
    const next = await nbLogin(user.email, { otpCookie });
    expect(next.statusCode).toBe(200);
    expect(await deliverEmails(t.db)).toHaveLength(0);
    // A session that did not use a code gets no cookie.
    const noCookie = await v1(
      t.app,
      next.json<Tokens>().access_token,
      'GET',
      '/user?subdomain=northbridge&cookieRequested=true',
    );
    expect(noCookie.json()).not.toHaveProperty('otpCookie');
  });

  it("a wrong or expired login cookie answers 'Invalid login cookie.' and sends a code", async () => {
    const user = await newNorthbridgeUser('bad-cookie@northbridge.example');
    const res = await nbLogin(user.email, { otpCookie: 'D'.repeat(43) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_grant', error_description: INVALID_LOGIN_COOKIE });
    const code = codeOf(messageTo(await deliverEmails(t.db), user.email));
    expect((await nbLogin(user.email, { otp: code })).statusCode).toBe(200);

    // A cookie that has expired is just as invalid.
    const tokens = await signInWithCode(user.email);
    const cookie = (
      await v1(t.app, tokens.access_token, 'GET', '/user?subdomain=northbridge&cookieRequested=true')
    ).json<{ otpCookie: string }>().otpCookie;
    await sql`update otp_cookies set expires_at = now() - interval '1 second' where user_id = ${user.id}`.execute(t.db);
    expect((await nbLogin(user.email, { otpCookie: cookie })).json().error_description).toBe(INVALID_LOGIN_COOKIE);
    await deliverEmails(t.db);
  });

  it("a login cookie is the user's own", async () => {
    const a = await newNorthbridgeUser('cookie-a@northbridge.example');
    const b = await newNorthbridgeUser('cookie-b@northbridge.example');
    const tokens = await signInWithCode(a.email);
    const cookie = (
      await v1(t.app, tokens.access_token, 'GET', '/user?subdomain=northbridge&cookieRequested=true')
    ).json<{ otpCookie: string }>().otpCookie;
    expect((await nbLogin(b.email, { otpCookie: cookie })).json().error_description).toBe(INVALID_LOGIN_COOKIE);
    await deliverEmails(t.db);
  });

  it(`allows ${OTP_MAX_ATTEMPTS} tries per code, then the right code no longer works`, async () => {
    const user = await newNorthbridgeUser('otp-tries@northbridge.example');
    await nbLogin(user.email, {}, '10.9.0.1');
    const code = codeOf(messageTo(await deliverEmails(t.db), user.email));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
      const res = await nbLogin(user.email, { otp: wrong }, '10.9.1.1');
      expect(res.statusCode).toBe(400);
      expect(res.json().error_description).toMatch(/^The code is not correct or has expired/);
    }
    // Five failures also hold the account at that address for a while (decision 0046).
    expect((await nbLogin(user.email, { otp: code }, '10.9.1.1')).statusCode).toBe(429);
    await sql`delete from auth_attempts`.execute(t.db);
    expect((await nbLogin(user.email, { otp: code }, '10.9.2.2')).statusCode).toBe(400);
  });

  it('a code expires after 10 minutes, and a new code replaces the old one', async () => {
    const user = await newNorthbridgeUser('otp-expiry@northbridge.example');
    await nbLogin(user.email);
    const first = codeOf(messageTo(await deliverEmails(t.db), user.email));
    await nbLogin(user.email);
    const second = codeOf(messageTo(await deliverEmails(t.db), user.email));
    if (first !== second) expect((await nbLogin(user.email, { otp: first })).statusCode).toBe(400);
    const rows = await sql<{
      minutes: number;
    }>`select round(extract(epoch from expires_at - created_at) / 60)::int as minutes
      from otp_codes where user_id = ${user.id} order by created_at desc limit 1`.execute(t.db);
    expect(rows.rows[0]!.minutes).toBe(10);
    await sql`update otp_codes set expires_at = now() - interval '1 second' where user_id = ${user.id}`.execute(t.db);
    expect((await nbLogin(user.email, { otp: second })).statusCode).toBe(400);
  });

  it('a wrong password never reaches the code step', async () => {
    const res = await passwordLogin(t.app, 'candidate@northbridge.example', 'Wrong#Pass1', {}, NB);
    expect(res.statusCode).toBe(400);
    expect(await deliverEmails(t.db)).toHaveLength(0);
  });
});

describe('one-time password chosen by the user (PUT /user/security)', () => {
  it('turns the code on for an acme user, and off again', async () => {
    const user = await createUser(t.db, {
      organizationId: ids.get('acme')!,
      email: 'self-otp@acme.example',
      password: DEMO_PASSWORD,
    });
    const tokens = await signIn(t.app, user.email);
    const wrong = await v1(t.app, tokens.access_token, 'PUT', '/user/security', {
      otpRequired: true,
      currentPassword: 'nope',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { field: 'currentPassword', message: 'Your current password is not correct', code: 'wrongCurrentPassword' },
    ]);
    const on = await v1(t.app, tokens.access_token, 'PUT', '/user/security', {
      otpRequired: true,
      currentPassword: DEMO_PASSWORD,
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ otpRequired: true, organizationRequiresOtp: false });
    expect((await passwordLogin(t.app, user.email)).statusCode).toBe(206);
    await deliverEmails(t.db);
    const off = await v1(t.app, tokens.access_token, 'PUT', '/user/security', {
      otpRequired: false,
      currentPassword: DEMO_PASSWORD,
    });
    expect(off.json().otpRequired).toBe(false);
    expect((await passwordLogin(t.app, user.email)).statusCode).toBe(200);
  });

  it('cannot turn it off where the organisation requires it', async () => {
    const user = await newNorthbridgeUser('cannot-off@northbridge.example');
    const tokens = await signInWithCode(user.email);
    const res = await v1(t.app, tokens.access_token, 'PUT', '/user/security?subdomain=northbridge', {
      otpRequired: false,
      currentPassword: DEMO_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('otpRequired');
  });
});

describe('requestOtp / checkOtp (public)', () => {
  it('a code by email, checked, gives a one-time user token that signs in once', async () => {
    const request = await t.app.inject({
      method: 'GET',
      url: '/api/public/organization/acme/requestOtp/candidate@acme.example',
    });
    expect(request.statusCode).toBe(200);
    const code = codeOf(messageTo(await deliverEmails(t.db), 'candidate@acme.example'));
    const check = await t.app.inject({
      method: 'GET',
      url: `/api/public/organization/acme/checkOtp/candidate@acme.example/${code}`,
    });
    expect(check.statusCode).toBe(200);
    const { token } = check.json<{ valid: true; token: string }>();
    expect(
      (await tokenRequest(t.app, { grant_type: 'password', type: 'USER_TOKEN', password: token })).statusCode,
    ).toBe(200);
    expect(
      (await tokenRequest(t.app, { grant_type: 'password', type: 'USER_TOKEN', password: token })).statusCode,
    ).toBe(400);
    // The code itself works once.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/public/organization/acme/checkOtp/candidate@acme.example/${code}`,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('answers the same for an address with no account, and sends nothing', async () => {
    const known = await t.app.inject({
      method: 'GET',
      url: '/api/public/organization/acme/requestOtp/hr@acme.example',
    });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/public/organization/acme/requestOtp/nobody@acme.example',
    });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    const sent = await deliverEmails(t.db);
    expect(sent.map((m) => m.to)).toEqual(['hr@acme.example']);
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/public/organization/acme/checkOtp/nobody@acme.example/123456',
    });
    expect(check.statusCode).toBe(400);
    expect(check.json()).toMatchObject({ message: 'The code is not correct or has expired.' });
  });
});
