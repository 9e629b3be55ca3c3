import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordLogin, signIn, v1 } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * Issue 19, decision 0047: a body field the route does not know is refused with a 400 naming it,
 * for every route at once (lib/body-validator), instead of being dropped silently. Unknown query
 * parameters are still dropped: links carry tracking parameters.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('unknown body fields', () => {
  it('a signed-in JSON body: 400 naming each unknown field, nested ones by their path; nothing changes', async () => {
    const { access_token: token } = await signIn(t.app, 'candidate@acme.example');
    const res = await v1(t.app, token, 'PUT', '/user/password', {
      currentPassword: 'CandidDemo#2026',
      newPassword: 'Another#Pass2026',
      userType: 'ADMIN',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Invalid request',
      errors: [{ field: 'userType', message: 'is not allowed here' }],
    });
    expect((await passwordLogin(t.app, 'candidate@acme.example')).statusCode).toBe(200);
  });

  it('the form-encoded token request: 400 naming the field', async () => {
    const res = await passwordLogin(t.app, 'candidate@acme.example', undefined, { role: 'ADMIN' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'invalid_request',
      message: 'Invalid request: role is not allowed here',
    });
  });

  it('unknown query parameters are still ignored', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/organization/acme?utm_source=mail' });
    expect(res.statusCode).toBe(200);
  });
});
