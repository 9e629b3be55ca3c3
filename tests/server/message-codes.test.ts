import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLongDate } from '#engine/screens/format';
import type { DocumentRef } from '#schemas/application';
import { fillTemplate, MESSAGES } from '#schemas/messages';
import { createUser } from '#server/seed/factories';
import { findOrganizationIds } from '#server/modules/organizations/organization.repository';
import { DEMO_PASSWORD, passwordLogin, v1 } from '../helpers/auth';
import { expectRecord, newCandidate, PDF, PNG, roleIdByName, upload } from '../helpers/applications';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * Decision 0018: what the API says to candidates carries a stable code (schemas/messages.ts) and
 * the values of its placeholders, beside the English text, which is unchanged.
 */

let t: TestApp;
let strategy: string;
let ids: Map<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  strategy = await roleIdByName(t.db, 'acme', 'Graduate Consultant, Strategy');
  ids = await findOrganizationIds(t.db, ['acme', 'northbridge']);
});
afterAll(() => t?.close());

async function draft() {
  const candidate = await newCandidate(t.app, t.db, 'acme');
  const record = expectRecord(await v1(t.app, candidate.token, 'POST', `/candidate/applyc/${strategy}`), 201);
  return { candidate, record };
}

describe('candidate messages carry their code and params', () => {
  it('a save from a stale version: 409 applicationChanged', async () => {
    const { candidate, record } = await draft();
    const res = await v1(t.app, candidate.token, 'PUT', `/candidate/${record.id}`, {
      step: 1,
      answers: {},
      version: record.version + 6,
      role: { id: record.role.id },
      organization: { id: record.organization!.id },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      message:
        'Your application was changed in another window or browser. We have loaded the latest version: check it and continue.',
      code: 'applicationChanged',
    });
  });

  it('a closed role: 400 roleClosed with the ISO date, and the English long date', async () => {
    const candidate = await newCandidate(t.app, t.db, 'acme');
    const roleId = await roleIdByName(t.db, 'acme', 'Graduate Consultant, Autumn 2026 intake');
    const { deadline } = await t.db
      .selectFrom('roles')
      .select('deadline')
      .where('id', '=', roleId)
      .executeTakeFirstOrThrow();
    const res = await v1(t.app, candidate.token, 'POST', `/candidate/applyc/${roleId}`);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ message: string; code: string; params: { date: string } }>();
    expect(body.code).toBe('roleClosed');
    expect(Object.keys(body.params)).toEqual(['date']);
    expect(body.params.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The deadline's day (within the server's timezone offset), which the client formats in its language.
    expect(Math.abs(new Date(`${body.params.date}T12:00:00Z`).getTime() - deadline!.getTime())).toBeLessThan(
      36 * 3600_000,
    );
    expect(body.message).toBe(`This role closed to applications on ${formatLongDate(body.params.date)}.`);
    expect(body.message).toMatch(/^This role closed to applications on \d{1,2} \w+ \d{4}\.$/);
    expect(body.message).toBe(fillTemplate(MESSAGES.roleClosed, { date: formatLongDate(body.params.date) }));
  });

  it('an upload of the wrong type or size: fileType with the list of types, fileTooLarge with megabytes, at the top and in errors[0]', async () => {
    const { candidate, record } = await draft();
    const wrongType = await upload(t.app, candidate.token, `/candidate/${record.id}/cv`, {
      field: 'cv',
      name: 'cv.png',
      type: 'image/png',
      bytes: PNG,
    });
    expect(wrongType.statusCode, wrongType.body).toBe(415);
    const fileType = {
      message: 'The selected file must be a PDF, DOC or DOCX',
      code: 'fileType',
      params: { types: ['PDF', 'DOC', 'DOCX'] },
    };
    expect(wrongType.json()).toEqual({ ...fileType, errors: [{ field: 'cv', ...fileType }] });

    const tooLarge = await upload(t.app, candidate.token, `/candidate/${record.id}/cv`, {
      field: 'cv',
      name: 'cv.pdf',
      type: 'application/pdf',
      bytes: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]),
    });
    expect(tooLarge.statusCode, tooLarge.body).toBe(413);
    expect(tooLarge.json()).toMatchObject({
      message: 'The selected file must be smaller than 5 MB',
      code: 'fileTooLarge',
      params: { megabytes: 5 },
      errors: [{ field: 'cv', code: 'fileTooLarge' }],
    });
  });

  it('a document deleted: documentDeleted', async () => {
    const { candidate, record } = await draft();
    const cv = (
      await upload(t.app, candidate.token, `/candidate/${record.id}/cv`, {
        field: 'cv',
        name: 'cv.pdf',
        type: 'application/pdf',
        bytes: PDF,
      })
    ).json<DocumentRef>();
    const res = await v1(
      t.app,
      candidate.token,
      'DELETE',
      `/organization/${ids.get('acme')}/candidate/${record.id}/upload/${cv.id}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'The document has been deleted', code: 'documentDeleted' });
    const unknown = '00000000-0000-4000-8000-000000000000';
    const missing = await v1(t.app, candidate.token, 'GET', `/candidate/${unknown}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      message: `No application with id '${unknown}'.`,
      code: 'noApplication',
      params: { id: unknown },
    });
  });

  it('a bad sign-in: 400 badCredentials on /api/oauth/token, in the OAuth shape', async () => {
    const res = await passwordLogin(t.app, 'nobody-here@acme.example', 'Wrong#Password1', {}, { ip: '10.9.0.1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'The email address or password is not correct.',
      message: 'The email address or password is not correct.',
      code: 'badCredentials',
    });
  });

  it('too many failed sign-ins: 429 tooManySignInAttempts with the minutes', async () => {
    const email = 'locked-out@acme.example';
    for (let i = 0; i < 5; i++)
      expect((await passwordLogin(t.app, email, 'Wrong#Password1', {}, { ip: '10.9.0.2' })).statusCode).toBe(400);
    const res = await passwordLogin(t.app, email, 'Wrong#Password1', {}, { ip: '10.9.0.2' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      // The first delay (decision 0046): 2 minutes, doubling with each further failure.
      message: 'Too many failed sign-in attempts. Wait 2 minutes, then try again or reset your password.',
      code: 'tooManySignInAttempts',
      params: { minutes: 2 },
    });
  });

  it('a code asked for at sign-in: 206 otpSent', async () => {
    const user = await createUser(t.db, {
      organizationId: ids.get('northbridge')!,
      email: 'coded-otp@northbridge.example',
      password: DEMO_PASSWORD,
    });
    const res = await passwordLogin(t.app, user.email, DEMO_PASSWORD, {}, { subdomain: 'northbridge' });
    expect(res.statusCode).toBe(206);
    expect(res.json()).toEqual({
      error: 'otp_required',
      error_description: 'Enter the 6-digit code we have sent to your email address.',
      code: 'otpSent',
    });
  });

  it('sign-up: 201 signupSent with the email, and coded field errors', async () => {
    const email = 'coded-signup@example.test';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/signup?subdomain=acme',
      payload: {
        email,
        password: 'Fresh-Start#84',
        firstName: 'Ada',
        lastName: 'Lovelace',
        acceptTermAndConditions: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      message: `We have sent a link to ${email}. Open it to verify your email address and finish creating your account.`,
      code: 'signupSent',
      params: { email },
    });

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/public/signup?subdomain=acme',
      payload: {
        email: 'not-an-address',
        password: 'short',
        firstName: ' ',
        lastName: 'Lovelace',
        acceptTermAndConditions: false,
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'There is a problem',
      code: 'thereIsAProblem',
      errors: [
        {
          field: 'email',
          message: 'Enter an email address in the correct format, like name@example.com',
          code: 'emailFormat',
        },
        { field: 'password', message: MESSAGES.passwordRules, code: 'passwordRules' },
        { field: 'firstName', message: 'Enter your first name', code: 'enterFirstName' },
        {
          field: 'acceptTermAndConditions',
          message: 'Confirm that you accept the terms and conditions',
          code: 'acceptTerms',
        },
      ],
    });
  });

  it('an invalid post code: invalidPostCode at the top and in errors[0]', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/postCode/validation?postCode=12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Invalid post code',
      code: 'invalidPostCode',
      errors: [{ field: 'postCode', message: 'Invalid post code', code: 'invalidPostCode' }],
    });
  });
});

describe('field errors in the language of the request', () => {
  it('a submit with nothing answered, ?language=cy: each missing answer named in Welsh; the same in English without it', async () => {
    const { candidate, record } = await draft();
    const welsh = await v1(t.app, candidate.token, 'PUT', `/candidate/${record.id}/submit?language=cy`);
    expect(welsh.statusCode, welsh.body).toBe(400);
    const errors = welsh.json<{ errors: Array<{ field: string; message: string }> }>().errors;
    expect(errors.find((e) => e.field === 'mobile')?.message).toBe('Rhowch eich rhif ffôn symudol yn y DU');
    expect(errors.find((e) => e.field === 'nationality')?.message).toBe('Dewiswch eich cenedligrwydd');
    const english = await v1(t.app, candidate.token, 'PUT', `/candidate/${record.id}/submit`);
    expect(
      english
        .json<{ errors: Array<{ field: string; message: string }> }>()
        .errors.find((e) => e.field === 'nationality')?.message,
    ).toBe('Select nationality');
  });
});
