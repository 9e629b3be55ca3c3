import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FREE_FAILURES_PER_ACCOUNT, LOGIN_FREE_FAILURES_PER_ACCOUNT_ANYWHERE } from '#engine/rules/session';
import { createUser } from '#server/seed/factories';
import { createLinkToken } from '#server/modules/auth/link-token.service';
import { findOrganizationIds } from '#server/modules/organizations/organization.repository';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { codeOf, DEMO_PASSWORD, deliverEmails, messageTo, passwordLogin, tokenRequest } from '../helpers/auth';

/*
 * Issue 19, decision 0046: where a one-time password is required (Northbridge's otpRequired, or
 * the user's own choice), every way in needs the password and the code; and failed sign-ins slow
 * the next try down, from the address that failed, instead of locking the account for everyone.
 */

let t: TestApp;
let ids: Map<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  ids = await findOrganizationIds(t.db, ['acme', 'northbridge']);
});
afterAll(() => t?.close());

const NB = { subdomain: 'northbridge' };
async function newUser(org: 'acme' | 'northbridge', email: string, otpRequired = false) {
  const user = await createUser(t.db, { organizationId: ids.get(org)!, email, password: DEMO_PASSWORD });
  if (otpRequired) await t.db.updateTable('users').set({ otp_required: true }).where('id', '=', user.id).execute();
  return user;
}
const get = (url: string, ip?: string) => t.app.inject({ method: 'GET', url, ...(ip && { remoteAddress: ip }) });
const post = (url: string) => t.app.inject({ method: 'POST', url });
const tokenGrant = (token: string, extra: Record<string, string> = {}, subdomain = 'northbridge') =>
  tokenRequest(t.app, { grant_type: 'password', username: 'token', password: token, ...extra }, { subdomain });
const userTokenGrant = (token: string, subdomain = 'northbridge') =>
  tokenRequest(t.app, { grant_type: 'password', type: 'USER_TOKEN', password: token }, { subdomain });

describe('every way into an organisation that requires a code needs the password and the code', () => {
  it('password only: 206 and a code by email, no tokens', async () => {
    const user = await newUser('northbridge', 'mfa-password@northbridge.example');
    const res = await passwordLogin(t.app, user.email, DEMO_PASSWORD, {}, NB);
    expect(res.statusCode).toBe(206);
    expect(res.json()).not.toHaveProperty('access_token');
    expect(messageTo(await deliverEmails(t.db), user.email).subject).toMatch(/sign-in code/);
  });

  it('password then code: signs in', async () => {
    const user = await newUser('northbridge', 'mfa-both@northbridge.example');
    await passwordLogin(t.app, user.email, DEMO_PASSWORD, {}, NB);
    const code = codeOf(messageTo(await deliverEmails(t.db), user.email));
    const res = await passwordLogin(t.app, user.email, DEMO_PASSWORD, { otp: code }, NB);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toHaveProperty('access_token');
    // A code with the wrong password is a wrong password.
    expect((await passwordLogin(t.app, user.email, 'Wrong#Pass1', { otp: code }, NB)).statusCode).toBe(400);
  });

  it('code only: the request answers the same and sends nothing; a real code does not sign in', async () => {
    const user = await newUser('northbridge', 'mfa-code@northbridge.example');
    const asked = await get(`/api/public/organization/northbridge/requestOtp/${user.email}`);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe('If there is an account for this email address, we have sent it a code.');
    expect(await deliverEmails(t.db)).toHaveLength(0);

    // The code of the password step, stolen from the mailbox, does not sign in on its own.
    await passwordLogin(t.app, user.email, DEMO_PASSWORD, {}, NB);
    const code = codeOf(messageTo(await deliverEmails(t.db), user.email));
    const checked = await get(`/api/public/organization/northbridge/checkOtp/${user.email}/${code}`);
    expect(checked.statusCode).toBe(400);
    expect(checked.json()).toMatchObject({
      errors: [{ field: 'code', message: 'The code is not correct or has expired.' }],
    });
    // And it is still the password step's code.
    expect((await passwordLogin(t.app, user.email, DEMO_PASSWORD, { otp: code }, NB)).statusCode).toBe(200);
  });

  it('link only: the request answers the same and sends nothing; an earlier link does not sign in', async () => {
    const user = await newUser('northbridge', 'mfa-link@northbridge.example');
    const asked = await post(`/api/public/login/${user.email}/?subdomain=northbridge`);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe(
      'If there is an account for this email address, we have sent it a link to sign in.',
    );
    expect(await deliverEmails(t.db)).toHaveLength(0);

    // A link sent before the organisation required codes (or forged into the table) is refused.
    const { token } = await createLinkToken(t.db, {
      organizationId: ids.get('northbridge')!,
      userId: user.id,
      purpose: 'magic_link',
    });
    const res = await tokenGrant(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe('This sign-in link has expired or has already been used.');
  });

  it('link then code: refused, and a token from a checked code is refused too', async () => {
    const user = await newUser('northbridge', 'mfa-link-code@northbridge.example');
    await passwordLogin(t.app, user.email, DEMO_PASSWORD, {}, NB);
    const code = codeOf(messageTo(await deliverEmails(t.db), user.email));
    const { token } = await createLinkToken(t.db, {
      organizationId: ids.get('northbridge')!,
      userId: user.id,
      purpose: 'magic_link',
    });
    expect((await tokenGrant(token, { otp: code })).statusCode).toBe(400);

    const viaCode = await createLinkToken(t.db, {
      organizationId: ids.get('northbridge')!,
      userId: user.id,
      purpose: 'user_token',
      data: { via: 'code' },
    });
    expect((await userTokenGrant(viaCode.token)).statusCode).toBe(400);
  });

  it("a user's own requirement is honoured in an organisation that does not require codes", async () => {
    const user = await newUser('acme', 'mfa-own@acme.example', true);
    await post(`/api/public/login/${user.email}/?subdomain=acme`);
    await get(`/api/public/organization/acme/requestOtp/${user.email}`);
    expect(await deliverEmails(t.db)).toHaveLength(0);
    expect((await passwordLogin(t.app, user.email, DEMO_PASSWORD, {}, { subdomain: 'acme' })).statusCode).toBe(206);
  });

  it('without a requirement the code and the link still sign in alone', async () => {
    const user = await newUser('acme', 'one-factor@acme.example');
    await get(`/api/public/organization/acme/requestOtp/${user.email}`);
    const code = codeOf(messageTo(await deliverEmails(t.db), user.email));
    const checked = await get(`/api/public/organization/acme/checkOtp/${user.email}/${code}`);
    expect(checked.statusCode, checked.body).toBe(200);
    expect((await userTokenGrant(checked.json<{ token: string }>().token, 'acme')).statusCode).toBe(200);

    await post(`/api/public/login/${user.email}/?subdomain=acme`);
    const link = messageTo(await deliverEmails(t.db), user.email).link!;
    expect((await tokenGrant(new URL(link).searchParams.get('token')!, {}, 'acme')).statusCode).toBe(200);
  });
});

describe('failed sign-ins slow the next try instead of locking the account', () => {
  const acme = { subdomain: 'acme' };
  const wrong = (email: string, ip: string) => passwordLogin(t.app, email, 'Wrong#Pass1', {}, { ...acme, ip });
  const right = (email: string, ip: string) => passwordLogin(t.app, email, DEMO_PASSWORD, {}, { ...acme, ip });
  /** Moves every attempt of this account `minutes` into the past, as if time had passed. */
  const age = (minutes: number) =>
    sql`update auth_attempts set created_at = created_at - make_interval(mins => ${minutes})`.execute(t.db);

  it('from the failing address: a delay that grows (2, then 4 minutes), with Retry-After', async () => {
    const user = await newUser('acme', 'slow@acme.example');
    for (let i = 0; i < LOGIN_FREE_FAILURES_PER_ACCOUNT; i++)
      expect((await wrong(user.email, '10.20.0.1')).statusCode).toBe(400);
    const held = await right(user.email, '10.20.0.1');
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(100);
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(120);
    expect(held.json()).toMatchObject({ code: 'tooManySignInAttempts', params: { minutes: 2 } });

    // The holder at another address is not held up by those failures.
    expect((await right(user.email, '10.20.0.2')).statusCode).toBe(200);

    await wrong(user.email, '10.20.0.3');
    for (let i = 0; i < LOGIN_FREE_FAILURES_PER_ACCOUNT - 1; i++) await wrong(user.email, '10.20.0.3');
    await age(3);
    expect((await wrong(user.email, '10.20.0.3')).statusCode).toBe(400); // the 2 minutes have passed
    const longer = await right(user.email, '10.20.0.3');
    expect(longer.json()).toMatchObject({ params: { minutes: 4 } });
    await age(5);
    expect((await right(user.email, '10.20.0.3')).statusCode).toBe(200);
  });

  it('from many addresses: the account slows down, except where its holder has signed in before', async () => {
    const user = await newUser('acme', 'sprayed@acme.example');
    expect((await right(user.email, '10.21.9.9')).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_FREE_FAILURES_PER_ACCOUNT_ANYWHERE; i++) await wrong(user.email, `10.21.0.${i}`);
    expect((await right(user.email, '10.21.1.1')).statusCode).toBe(429);
    expect((await right(user.email, '10.21.9.9')).statusCode).toBe(200);
  });

  it('an address with no account gets the same answers', async () => {
    for (let i = 0; i < LOGIN_FREE_FAILURES_PER_ACCOUNT; i++) await wrong('ghost-slow@acme.example', '10.22.0.1');
    const res = await wrong('ghost-slow@acme.example', '10.22.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'tooManySignInAttempts', params: { minutes: 2 } });
  });

  it('the holder is emailed once per window, through the job queue, not once per attempt', async () => {
    const user = await newUser('acme', 'attacked@acme.example');
    for (let i = 0; i < 12; i++) await wrong(user.email, `10.23.0.${i}`);
    const sent = await deliverEmails(t.db);
    const alert = messageTo(sent, user.email);
    expect(alert.subject).toBe('Failed attempts to sign in to your Acme Consulting account');
    expect(alert.text).toMatch(/5 times with a wrong password or code/);
    expect(alert.link).toMatch(/\/forgot-password$/);
    // A wrong code counts too; still no second message within the window.
    for (let i = 0; i < 3; i++) await wrong(user.email, `10.23.1.${i}`);
    expect(await deliverEmails(t.db)).toHaveLength(0);
  });
});
