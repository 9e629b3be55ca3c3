import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DEMO_PASSWORD, passwordLogin, signIn, v1 } from '../helpers/auth';

/*
 * The log an operator reads (plugins/request-log.ts): one line per request with its path, status and time, and never a
 * secret the request carried: its bearer token, a token in its query string, a password in its body.
 */

let t: TestApp;
let lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (line) => void lines.push(line) } });
});
afterAll(() => t?.close());
beforeEach(() => {
  lines = [];
});

interface RequestLine {
  msg: string;
  method: string;
  url: string;
  statusCode: number;
  responseTime: number;
  host: string;
  reqId: string;
}

const requestLines = (): RequestLine[] =>
  lines.map((line) => JSON.parse(line) as RequestLine).filter((entry) => entry.msg === 'request');

describe('the request log', () => {
  it('writes one line per request: method, path without its query string, status, time and host', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/public/organization/acme/?access_token=query-secret-1234',
      headers: { host: 'acme.localhost:3000' },
    });
    expect(res.statusCode).toBe(200);
    const [entry, ...more] = requestLines();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      method: 'GET',
      url: '/api/public/organization/acme/',
      statusCode: 200,
      host: 'acme.localhost:3000',
    });
    expect(entry!.responseTime).toBeGreaterThanOrEqual(0);
    expect(lines.join('')).not.toContain('query-secret-1234');
  });

  it('never writes a bearer token, valid or not, nor what a sign-in sends and answers', async () => {
    const tokens = await signIn(t.app, 'recruiter@acme.example');
    expect((await v1(t.app, tokens.access_token, 'GET', '/user')).statusCode).toBe(200);
    expect((await v1(t.app, 'not-a-token-5678', 'GET', '/user')).statusCode).toBe(401);
    expect(requestLines().map((entry) => entry.statusCode)).toEqual([200, 200, 401]);
    const log = lines.join('');
    for (const secret of [DEMO_PASSWORD, tokens.access_token, tokens.refresh_token ?? '', 'not-a-token-5678'].filter(
      Boolean,
    ))
      expect(log).not.toContain(secret);
  });

  it('never writes a password, even from a refused sign-in', async () => {
    const res = await passwordLogin(t.app, 'recruiter@acme.example', 'Wrong-Password-9012');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(requestLines()).toHaveLength(1);
    expect(lines.join('')).not.toContain('Wrong-Password-9012');
  });
});
