import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_ERROR_MESSAGE } from '#engine/constants';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    commit: 'abc1234',
    configure: (app) => {
      app.get('/api/test/boom', async () => {
        throw new Error('database password is hunter2');
      });
      app.post(
        '/api/test/echo',
        {
          schema: {
            body: Type.Object({ name: Type.String(), email: Type.String({ format: 'email' }), age: Type.Integer() }),
          },
        },
        async (request) => request.body,
      );
      app.put(
        '/api/test/record',
        {
          schema: {
            body: Type.Object(
              { name: Type.String(), admin: Type.Optional(Type.Boolean()) },
              { additionalProperties: false },
            ),
            querystring: Type.Object({ page: Type.Optional(Type.Integer()) }),
          },
        },
        async (request) => ({ body: request.body, query: request.query }),
      );
    },
  });
});
afterAll(() => t?.close());

describe('GET /api/public/version', () => {
  it('reports name, version and commit', async () => {
    const res = await t.app.inject('/api/public/version');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'candid-ats', version: '0.1.0', commit: 'abc1234' });
  });
});

describe('GET /api/public/site', () => {
  it.each([
    ['acme.localhost:3000', { subdomain: 'acme', side: 'apply', isDefault: false }],
    ['acme.hr.localhost:3000', { subdomain: 'acme', side: 'hr', isDefault: false }],
    ['connect.localhost', { subdomain: 'connect', side: 'apply', isDefault: false }],
    ['hr.hartleyfinch.localhost', { subdomain: 'hartley', side: 'hr', isDefault: false }],
    ['localhost:3000', { subdomain: 'acme', side: 'apply', isDefault: true }],
    ['127.0.0.1:3000', { subdomain: 'acme', side: 'apply', isDefault: true }],
  ])('resolves %s', async (host, site) => {
    const res = await t.app.inject({ url: '/api/public/site', headers: { host } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(site);
  });
});

describe('errors', () => {
  it('answers an unknown API route with 404 in the error shape', async () => {
    const res = await t.app.inject('/api/nope?token=secret');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found: GET /api/nope' });
    const post = await t.app.inject({ method: 'POST', url: '/api/public/version' });
    expect(post.json()).toEqual({ message: 'Not found: POST /api/public/version' });
  });

  it('turns a thrown error into a generic 500 without details or stack', async () => {
    const res = await t.app.inject('/api/test/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: GENERIC_ERROR_MESSAGE });
    expect(res.body).not.toMatch(/hunter2|stack|at /);
  });

  it('names every invalid body field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { email: 'nope', age: 'old' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('Invalid request');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'is required' },
        { field: 'email', message: 'must match format "email"' },
        { field: 'age', message: 'must be integer' },
      ]),
    );
  });

  it('never coerces a JSON body: a number for a text or a text for a number is refused, naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 123, email: 'ada@example.com', age: '7' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'name', message: 'must be string' },
      { field: 'age', message: 'must be integer' },
    ]);
    const flag = await t.app.inject({
      method: 'PUT',
      url: '/api/test/record',
      payload: { name: 'Ada', admin: 'true' },
    });
    expect(flag.statusCode).toBe(400);
    expect(flag.json().errors).toEqual([{ field: 'admin', message: 'must be boolean' }]);
  });

  it('refuses the properties a closed body does not allow, naming each (decision 0047), and still reads numbers in query strings', async () => {
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/test/record?page=2',
      payload: { name: 'Ada', userType: 'ADMIN', id: 'x' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'Invalid request',
      errors: [
        { field: 'userType', message: 'is not allowed here' },
        { field: 'id', message: 'is not allowed here' },
      ],
    });
    const res = await t.app.inject({ method: 'PUT', url: '/api/test/record?page=2', payload: { name: 'Ada' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ body: { name: 'Ada' }, query: { page: 2 } });
  });

  it('keeps the message of a client error such as malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['message']);
  });
});

describe('security headers', () => {
  it.each(['/api/public/version', '/api/nope'])('are on %s', async (url) => {
    const res = await t.app.inject(url);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    // Decision 0076: no script is compiled in the browser, so no 'unsafe-eval'.
    expect(csp).toContain("script-src 'self' https://www.googletagmanager.com;");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain("'unsafe-inline' https://www.googletagmanager.com");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('API docs', () => {
  it('serves Swagger UI at /api/docs', async () => {
    const res = await t.app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger-ui');
    const script = await t.app.inject('/api/docs/static/swagger-initializer.js');
    expect(script.statusCode).toBe(200);
  });

  it('lists the public routes in the OpenAPI document', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/public/version',
        '/api/public/site',
        '/api/public/organization/{sub}',
        '/api/public/organization/{sub}/logo',
      ]),
    );
    expect(doc.paths['/api/public/organization/{sub}'].get.responses['200']).toBeDefined();
  });
});
