import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
let ids: Map<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  ids = await findOrganizationIds(t.db, ['acme', 'hartley', 'meridian']);
});
afterAll(() => t?.close());

const post = (url: string, payload?: object, ip?: string) =>
  t.app.inject({ method: 'POST', url, ...(payload && { payload }), ...(ip && { remoteAddress: ip }) });
const get = (url: string) => t.app.inject({ method: 'GET', url });
const NEW_PASSWORD = 'Fresh-Start#84';
const signup = (email: string, extra: object = {}, subdomain = 'acme') =>
  post(`/api/public/signup?subdomain=${subdomain}`, {
    email,
    password: NEW_PASSWORD,
    firstName: 'Ada',
    lastName: 'Lovelace',
    acceptTermAndConditions: true,
    ...extra,
  });

describe('sign-up and account verification', () => {
  it('creates an unverified candidate, emails /verify/<token>, and signs in only after verification', async () => {
    const res = await signup('ada@example.test');
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(
      'We have sent a link to ada@example.test. Open it to verify your email address and finish creating your account.',
    );
    expect((await passwordLogin(t.app, 'ada@example.test', NEW_PASSWORD)).json().error).toBe('unverified_email');
    const mails = await deliverEmails(t.db);
    const links = mails.filter((m) => m.to === 'ada@example.test').map((m) => m.link!);
    expect(links).toHaveLength(2);
    expect(links[0]).toMatch(/^http:\/\/acme\.localhost(:\d+)?\/verify\/[A-Za-z0-9_-]{43}\?candidateId=[0-9a-f-]{36}$/);

    // Only the newest link works: the one sent when signing in unverified.
    const older = tokenOf(links[0]);
    expect((await post('/api/public/confirm?subdomain=acme', { token: older })).statusCode).toBe(400);
    const newest = tokenOf(links[1]);
    const who = await get(`/api/public/user?subdomain=acme&token=${newest}`);
    expect(who.json()).toEqual({
      email: 'ada@example.test',
      firstName: 'Ada',
      lastName: 'Lovelace',
      organizationName: 'Acme Consulting',
    });
    const confirm = await post('/api/public/confirm?subdomain=acme', { token: newest });
    expect(confirm.statusCode).toBe(200);
    expect((await post('/api/public/confirm?subdomain=acme', { token: newest })).json()).toEqual({
      message: 'This link has expired or has already been used.',
      code: 'linkInvalid',
    });

    const tokens = (await passwordLogin(t.app, 'ada@example.test', NEW_PASSWORD)).json<Tokens>();
    const me = (await v1(t.app, tokens.access_token, 'GET', '/user')).json();
    expect(me).toMatchObject({
      userType: 'CANDIDATE',
      organization: { subdomain: 'acme' },
      emailVerified: true,
      acceptTermAndConditions: true,
      applications: [],
    });
  });

  it('confirm with candidateId checks the token belongs to that user', async () => {
    await signup('grace@example.test');
    const link = messageTo(await deliverEmails(t.db), 'grace@example.test').link!;
    const token = tokenOf(link);
    const other = (await createUser(t.db, { organizationId: ids.get('acme')!, email: 'other@example.test' })).id;
    expect((await post('/api/public/confirm?subdomain=acme', { token, candidateId: other })).statusCode).toBe(400);
    const candidateId = new URL(link).searchParams.get('candidateId')!;
    expect((await post('/api/public/confirm?subdomain=acme', { token, candidateId })).statusCode).toBe(200);
  });

  it('refuses userType and organisation in the request, naming each (mass assignment, decision 0047)', async () => {
    const res = await signup('mallory@example.test', {
      userType: 'ADMIN',
      organization: { id: ids.get('hartley') },
      organizationId: ids.get('hartley'),
      emailVerified: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Invalid request',
      errors: ['userType', 'organization', 'organizationId', 'emailVerified'].map((field) => ({
        field,
        message: 'is not allowed here',
      })),
    });
    const row = await sql`select 1 from users where email = 'mallory@example.test'`.execute(t.db);
    expect(row.rows).toHaveLength(0);
  });

  it('answers the same for an address that has an account, and tells its owner instead', async () => {
    const res = await signup('candidate@acme.example');
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatch(/^We have sent a link to candidate@acme\.example/);
    const mail = messageTo(await deliverEmails(t.db), 'candidate@acme.example');
    expect(mail.subject).toBe('You already have an account with Acme Consulting');
    expect((await signIn(t.app, 'candidate@acme.example')).access_token).toBeDefined();
  });

  it('is closed where the organisation is subdomain-restricted', async () => {
    const res = await signup('someone@example.test', {}, 'meridian');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Sign-up is not open for this organisation.', code: 'signupClosed' });
  });

  it.each([
    [
      { password: 'short1!' },
      'password',
      'Your password must have at least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character',
      'passwordRules',
    ],
    [
      { password: 'Password123!' },
      'password',
      'This password is too common. Choose one that would be harder to guess',
      'commonPassword',
    ],
    [
      { password: 'P@ssw0rd2024' },
      'password',
      'This password is too common. Choose one that would be harder to guess',
      'commonPassword',
    ],
    [
      { email: 'not-an-email' },
      'email',
      'Enter an email address in the correct format, like name@example.com',
      'emailFormat',
    ],
    [
      { acceptTermAndConditions: false },
      'acceptTermAndConditions',
      'Confirm that you accept the terms and conditions',
      'acceptTerms',
    ],
  ])('refuses %o naming field %s', async (change, field, message, code) => {
    const res = await signup('policy@example.test', change);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message, code });
  });
});

describe('forgotten password and reset', () => {
  it('emails a reset link that works once, ends every session and signs in with the new password', async () => {
    const user = await createUser(t.db, {
      organizationId: ids.get('acme')!,
      email: 'forgetful@example.test',
      password: DEMO_PASSWORD,
    });
    const session = await signIn(t.app, user.email);
    const res = await post('/api/public/forgot?subdomain=acme', { email: 'Forgetful@Example.test' });
    expect(res.json()).toEqual({
      message: 'If there is an account for this email address, we have sent it a link to reset the password.',
      code: 'forgotSent',
    });
    const token = tokenOf(messageTo(await deliverEmails(t.db), user.email).link);
    expect((await get(`/api/public/userp?subdomain=acme&token=${token}`)).json().email).toBe(user.email);

    const weak = await post('/api/public/reset?subdomain=acme', { token, newPassword: 'weak' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0].field).toBe('newPassword');
    // A weak password did not use up the link.
    const reset = await post('/api/public/reset?subdomain=acme', { token, newPassword: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect((await post('/api/public/reset?subdomain=acme', { token, newPassword: 'Another#Pass99' })).statusCode).toBe(
      400,
    );

    expect((await v1(t.app, session.access_token, 'GET', '/user')).statusCode).toBe(401);
    expect(
      (await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: session.refresh_token })).statusCode,
    ).toBe(400);
    expect((await passwordLogin(t.app, user.email, DEMO_PASSWORD)).statusCode).toBe(400);
    expect((await passwordLogin(t.app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const res = await post('/api/public/forgot?subdomain=acme', { email: 'nobody-here@example.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/^If there is an account/);
    expect(await deliverEmails(t.db)).toHaveLength(0);
  });

  it('a link of one organisation does not work on another', async () => {
    await post('/api/public/forgot?subdomain=acme', { email: 'recruiter@acme.example' });
    const token = tokenOf(messageTo(await deliverEmails(t.db), 'recruiter@acme.example').link);
    expect((await post('/api/public/reset?subdomain=hartley', { token, newPassword: NEW_PASSWORD })).statusCode).toBe(
      400,
    );
  });

  it('an expired link does not work', async () => {
    await post('/api/public/forgot?subdomain=acme', { email: 'hr@acme.example' });
    const token = tokenOf(messageTo(await deliverEmails(t.db), 'hr@acme.example').link);
    await sql`update link_tokens set expires_at = now() - interval '1 second' where purpose = 'reset_password'`.execute(
      t.db,
    );
    const res = await post('/api/public/reset?subdomain=acme', { token, newPassword: NEW_PASSWORD });
    expect(res.json()).toEqual({ message: 'This link has expired or has already been used.', code: 'linkInvalid' });
  });

  it('limits requests per address typed (429 after 5 an hour), whether or not it has an account', async () => {
    for (let i = 0; i < 5; i++)
      expect(
        (await post('/api/public/forgot?subdomain=acme', { email: 'flood@example.test' }, `10.7.0.${i}`)).statusCode,
      ).toBe(200);
    const res = await post('/api/public/forgot?subdomain=acme', { email: 'flood@example.test' }, '10.7.0.99');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      message: 'Too many requests. Wait an hour, then try again.',
      code: 'tooManyEmailRequests',
    });
    expect(res.headers['retry-after']).toBe('3600');
  });
});

describe('magic-password sign-in link', () => {
  it('emails /oauth?token= which signs in once (username token)', async () => {
    const res = await post('/api/public/login/recruiter@acme.example/?subdomain=acme');
    expect(res.json().message).toBe(
      'If there is an account for this email address, we have sent it a link to sign in.',
    );
    const link = messageTo(await deliverEmails(t.db), 'recruiter@acme.example').link!;
    expect(link).toMatch(/\/oauth\?token=/);
    const token = tokenOf(link);
    expect((await get(`/api/public/usertoken?subdomain=acme&token=${token}`)).json().email).toBe(
      'recruiter@acme.example',
    );
    expect((await post(`/api/public/urlToken?subdomain=acme&token=${token}`)).json()).toEqual({
      purpose: 'magic_link',
      expiresAt: expect.any(String),
    });
    expect((await tokenRequest(t.app, { grant_type: 'password', username: 'token', password: token })).statusCode).toBe(
      200,
    );
    expect((await tokenRequest(t.app, { grant_type: 'password', username: 'token', password: token })).statusCode).toBe(
      400,
    );
    expect((await post(`/api/public/urlToken?subdomain=acme&token=${token}`)).statusCode).toBe(400);
  });

  it('sends nothing for an unknown address, with the same answer', async () => {
    const res = await post('/api/public/login/nobody@acme.example/?subdomain=acme');
    expect(res.statusCode).toBe(200);
    expect(await deliverEmails(t.db)).toHaveLength(0);
  });
});

describe('on-boarding an invited user', () => {
  it('an admin invites; the link shows who, sets the password once, and signs in', async () => {
    const admin = await signIn(t.app, 'hr@acme.example');
    const invite = await v1(t.app, admin.access_token, 'POST', `/organization/${ids.get('acme')}/user`, {
      email: 'newhire@acme.example',
      firstName: 'New',
      userType: 'HIRING_MANAGER',
    });
    expect(invite.statusCode).toBe(201);
    const link = messageTo(await deliverEmails(t.db), 'newhire@acme.example').link!;
    expect(link).toMatch(/\/on-boarding\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(link);
    expect((await get(`/api/public/userOnBoarding?subdomain=acme&token=${token}`)).json()).toEqual({
      email: 'newhire@acme.example',
      firstName: 'New',
      lastName: null,
      organizationName: 'Acme Consulting',
    });
    const done = await post('/api/public/signup/userOnBoarding?subdomain=acme', {
      token,
      password: NEW_PASSWORD,
      firstName: 'New',
      lastName: 'Hire',
    });
    expect(done.statusCode).toBe(200);
    const userToken = done.json<{ token: string }>().token;
    const session = await tokenRequest(t.app, { grant_type: 'password', type: 'USER_TOKEN', password: userToken });
    expect(session.statusCode).toBe(200);
    expect((await v1(t.app, session.json<Tokens>().access_token, 'GET', '/user')).json()).toMatchObject({
      userType: 'HIRING_MANAGER',
      lastName: 'Hire',
    });
    expect(
      (
        await post('/api/public/signup/userOnBoarding?subdomain=acme', {
          token,
          password: NEW_PASSWORD,
          firstName: 'X',
          lastName: 'Y',
        })
      ).statusCode,
    ).toBe(400);
    expect((await get(`/api/public/userOnBoarding?subdomain=acme&token=${token}`)).statusCode).toBe(400);
    expect((await passwordLogin(t.app, 'newhire@acme.example', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('only hiring-manager admins invite, only Standard or Admin, only into their organisation', async () => {
    const recruiter = await signIn(t.app, 'recruiter@acme.example');
    expect(
      (
        await v1(t.app, recruiter.access_token, 'POST', `/organization/${ids.get('acme')}/user`, {
          email: 'x1@acme.example',
          userType: 'HIRING_MANAGER',
        })
      ).statusCode,
    ).toBe(403);
    const admin = await signIn(t.app, 'hr@acme.example');
    expect(
      (
        await v1(t.app, admin.access_token, 'POST', `/organization/${ids.get('acme')}/user`, {
          email: 'x2@acme.example',
          userType: 'ADMIN',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await v1(t.app, admin.access_token, 'POST', `/organization/${ids.get('hartley')}/user`, {
          email: 'x3@acme.example',
          userType: 'HIRING_MANAGER',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('new email address (PUT /user then verifyEmail)', () => {
  it('keeps the old address until the link sent to the new one is opened, once', async () => {
    const user = await createUser(t.db, {
      organizationId: ids.get('acme')!,
      email: 'mover@example.test',
      password: DEMO_PASSWORD,
    });
    const tokens = await signIn(t.app, user.email);
    const put = await v1(t.app, tokens.access_token, 'PUT', '/user', { email: 'moved@example.test' });
    expect(put.json()).toMatchObject({ email: 'mover@example.test', pendingEmail: 'moved@example.test' });
    const link = messageTo(await deliverEmails(t.db), 'moved@example.test').link!;
    expect(link).toMatch(/\/verify-email\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(link);
    expect((await post('/api/public/verifyEmail?subdomain=acme', { token })).statusCode).toBe(200);
    expect((await post('/api/public/verifyEmail?subdomain=acme', { token })).statusCode).toBe(400);
    expect((await v1(t.app, tokens.access_token, 'GET', '/user')).json()).toMatchObject({
      email: 'moved@example.test',
      pendingEmail: null,
    });
    expect((await passwordLogin(t.app, 'moved@example.test')).statusCode).toBe(200);
  });
});

describe('logout notification', () => {
  it("emails the organisation's support address for a hiring-side user, not for a candidate, and answers alike", async () => {
    const body = (userEmail: string) => ({
      userEmail,
      clientName: 'Acme Consulting',
      currentPath: '/manager/roles?x=1',
    });
    const manager = await post('/api/public/logout-notification?subdomain=acme', body('recruiter@acme.example'));
    const candidate = await post('/api/public/logout-notification?subdomain=acme', body('candidate@acme.example'));
    const unknown = await post('/api/public/logout-notification?subdomain=acme', body('nobody@acme.example'));
    for (const res of [manager, candidate, unknown]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: 'Noted' });
    }
    const sent = await deliverEmails(t.db);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: 'support@acme.example',
      subject: 'Sign-out: recruiter@acme.example (Acme Consulting)',
    });
    expect(sent[0]!.text).toContain('/manager/roles?x=1');
  });
});

describe('links in emails', () => {
  it("use the request's host only when it is one of ours and the same organisation", async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/public/forgot?subdomain=acme',
      headers: { host: 'evil.example:8443' },
      payload: { email: 'candidate@acme.example' },
    });
    expect(forged.statusCode).toBe(200);
    const ours = await t.app.inject({
      method: 'POST',
      url: '/api/public/login/hr@acme.example/',
      headers: { host: 'acme.hr.localhost:3000' },
    });
    expect(ours.statusCode).toBe(200);
    const sent = await deliverEmails(t.db);
    expect(messageTo(sent, 'candidate@acme.example').link).toMatch(/^http:\/\/acme\.localhost:8443\/reset-password\//);
    expect(messageTo(sent, 'hr@acme.example').link).toMatch(/^http:\/\/acme\.hr\.localhost:3000\/oauth\?token=/);
  });
});
