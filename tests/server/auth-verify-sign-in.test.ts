import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { deliverEmails, messageTo, signIn, tokenOf, tokenRequest, v1, type Tokens } from '../helpers/auth';

/*
 * Issue 21: opening the emailed verification link signs the new candidate in (no second password),
 * and Check your email can send the link again.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const post = (url: string, payload: object, ip?: string) =>
  t.app.inject({ method: 'POST', url, payload, ...(ip && { remoteAddress: ip }) });
const get = (url: string) => t.app.inject({ method: 'GET', url });
const signup = (email: string, redirect?: string, ip?: string) =>
  post(
    '/api/public/signup?subdomain=acme',
    {
      email,
      password: 'Fresh-Start#84',
      firstName: 'Ada',
      lastName: 'Lovelace',
      acceptTermAndConditions: true,
      ...(redirect && { redirect }),
    },
    ip,
  );
const resend = (email: string, redirect?: string, ip?: string) =>
  post('/api/public/signup/resend?subdomain=acme', { email, ...(redirect && { redirect }) }, ip);
const exchange = (userToken: string) =>
  tokenRequest(t.app, { grant_type: 'password', type: 'USER_TOKEN', password: userToken });

describe('the verification link signs the new candidate in', () => {
  it('confirm answers a one-time sign-in token for that candidate, which works once', async () => {
    await signup('verify-in@example.test', '/apply/some-role');
    const link = messageTo(await deliverEmails(t.db), 'verify-in@example.test').link!;
    expect(new URL(link).searchParams.get('redirect')).toBe('/apply/some-role');

    const confirm = await post('/api/public/confirm?subdomain=acme', { token: tokenOf(link) });
    expect(confirm.statusCode).toBe(200);
    const body = confirm.json<{ message: string; code: string; token: string; expiresIn: number }>();
    expect(body).toMatchObject({
      message: 'Your email address is verified and you are signed in.',
      code: 'emailVerified',
      expiresIn: 120,
    });

    const session = await exchange(body.token);
    expect(session.statusCode).toBe(200);
    const me = await v1(t.app, session.json<Tokens>().access_token, 'GET', '/user');
    expect(me.json()).toMatchObject({ email: 'verify-in@example.test', userType: 'CANDIDATE', emailVerified: true });
    // Single use, like every sign-in token.
    expect((await exchange(body.token)).statusCode).toBe(400);
  });

  it('a used or unknown verification link signs nobody in', async () => {
    await signup('verify-twice@example.test');
    const token = tokenOf(messageTo(await deliverEmails(t.db), 'verify-twice@example.test').link);
    expect((await post('/api/public/confirm?subdomain=acme', { token })).statusCode).toBe(200);
    const again = await post('/api/public/confirm?subdomain=acme', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'This link has expired or has already been used.', code: 'linkInvalid' });
  });
});

describe('sending the verification link again', () => {
  it('sends a new link (with the page to return to) that retires the first, for an unverified account', async () => {
    await signup('resend@example.test', '/apply/role-a');
    const first = tokenOf(messageTo(await deliverEmails(t.db), 'resend@example.test').link);
    const res = await resend('resend@example.test', '/apply/role-a');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message:
        'We have sent a link to resend@example.test. Open it to verify your email address and finish creating your account.',
      code: 'signupSent',
      params: { email: 'resend@example.test' },
    });
    const link = messageTo(await deliverEmails(t.db), 'resend@example.test').link!;
    expect(new URL(link).searchParams.get('redirect')).toBe('/apply/role-a');
    expect((await post('/api/public/confirm?subdomain=acme', { token: first })).statusCode).toBe(400);
    expect((await post('/api/public/confirm?subdomain=acme', { token: tokenOf(link) })).statusCode).toBe(200);
  });

  it('answers the same and sends nothing for an unknown or already verified address', async () => {
    const unknown = await resend('nobody-here@example.test');
    const verified = await resend('candidate@acme.example');
    expect(unknown.statusCode).toBe(200);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toMatch(/^We have sent a link to candidate@acme\.example\./);
    expect(await deliverEmails(t.db)).toEqual([]);
    expect((await signIn(t.app, 'candidate@acme.example')).access_token).toBeDefined();
  });

  it('is limited like every call that sends email (the sign-up counts too)', async () => {
    const ip = '203.0.113.91';
    await signup('limited@example.test', undefined, ip);
    for (let i = 0; i < 4; i++) expect((await resend('limited@example.test', undefined, ip)).statusCode).toBe(200);
    const locked = await resend('limited@example.test', undefined, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });
});

describe('a malformed link', () => {
  it.each([
    ['GET', '/api/public/userOnBoarding?subdomain=acme&token=short'],
    ['GET', '/api/public/user?subdomain=acme&token=not*a*token*at*all'],
  ])('%s %s reads as a link that does not work, not as validator text', async (_method, url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'This link has expired or has already been used.', code: 'linkInvalid' });
  });

  it('POST confirm with a truncated token reads the same', async () => {
    const res = await post('/api/public/confirm?subdomain=acme', { token: 'abc' });
    expect(res.json()).toEqual({ message: 'This link has expired or has already been used.', code: 'linkInvalid' });
  });
});
