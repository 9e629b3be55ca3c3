import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { App } from '#server/app-types';
import type { Db } from '#server/db/client';
import { emailJobHandlers } from '#server/email/email.service';
import { memoryTransport, type OutgoingEmail } from '#server/email/mail-transport';
import { runDueJobs } from '#server/jobs/worker';

export const DEMO_PASSWORD = 'CandidDemo#2026';

/** Sends the queued email jobs through an in-memory transport and returns what went out. */
export async function deliverEmails(db: Db): Promise<OutgoingEmail[]> {
  const transport = memoryTransport();
  while ((await runDueJobs(db, emailJobHandlers(transport))) > 0);
  return transport.sent;
}

/** The one message sent to `to` among `messages` (fails the test otherwise). */
export function messageTo(messages: readonly OutgoingEmail[], to: string): OutgoingEmail {
  const found = messages.filter((m) => m.to.toLowerCase() === to.toLowerCase());
  expect(found, `messages to ${to}: ${messages.map((m) => `${m.to} ${m.subject}`).join('; ')}`).toHaveLength(1);
  return found[0]!;
}

/** The token at the end of a link path (/verify/<token>) or in its `token` parameter. */
export function tokenOf(link: string | undefined): string {
  const url = new URL(link ?? '');
  const token = url.searchParams.get('token') ?? url.pathname.split('/').pop();
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return token!;
}

export function codeOf(message: OutgoingEmail): string {
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  expect(code).toBeDefined();
  return code!;
}

const form = (fields: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined)).toString();

/** POST /api/oauth/token, form-encoded. */
export function tokenRequest(
  app: App,
  fields: Record<string, string | undefined>,
  options: { subdomain?: string; ip?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/oauth/token${options.subdomain ? `?subdomain=${options.subdomain}` : ''}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form({ client_id: 'web', scope: 'write', ...fields }),
    ...(options.ip && { remoteAddress: options.ip }),
  });
}

export function passwordLogin(
  app: App,
  email: string,
  password = DEMO_PASSWORD,
  extra: Record<string, string | undefined> = {},
  options: { subdomain?: string; ip?: string } = {},
) {
  return tokenRequest(app, { grant_type: 'password', username: email, password, ...extra }, options);
}

export interface Tokens {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  token_type: string;
  scope: string;
}

/** Signs in and returns the token record (fails the test unless it is a 200). */
export async function signIn(app: App, email: string, password = DEMO_PASSWORD, subdomain?: string): Promise<Tokens> {
  const res = await passwordLogin(app, email, password, {}, { subdomain });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Tokens>();
}

/** Access tokens of the demo people most tests act as: acme's Standard manager, hiring-manager admin and candidate,
 * and hartley's Standard manager (another organisation). */
export async function demoTokens(
  app: App,
): Promise<{ recruiter: string; hr: string; candidate: string; hartley: string }> {
  const [recruiter, hr, candidate, hartley] = await Promise.all([
    signIn(app, 'recruiter@acme.example'),
    signIn(app, 'hr@acme.example'),
    signIn(app, 'candidate@acme.example'),
    signIn(app, 'recruiter@hartley.example', DEMO_PASSWORD, 'hartley'),
  ]);
  return {
    recruiter: recruiter.access_token,
    hr: hr.access_token,
    candidate: candidate.access_token,
    hartley: hartley.access_token,
  };
}

/** An authenticated /api/v1 call. */
export function v1(
  app: App,
  accessToken: string,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  path: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `/api/v1${path}`,
    headers: { authorization: `Bearer ${accessToken}` },
    ...(payload !== undefined && { payload: payload as object }),
  });
}
