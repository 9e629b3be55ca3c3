import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { HrProviderSettings } from '../../config';
import { newToken } from '../../lib/secrets';

/*
 * The Workday-style HR system behind one interface (decision 0080): an OAuth 2.0 authorisation-code connection per
 * organisation (tenant), and new hires sent to it. A Workday-style HTTP adapter configured by environment variables,
 * or the local fake the demo and the tests use, whose authorise page this product serves (Allow / Deny) and whose
 * "HR system" is a folder of JSON files (data/hr-outbox). Throwing means "could not be reached or refused".
 */

export interface NewHire {
  applicationId: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  roleName: string;
  hiredAt: string;
}

export interface HrProvider {
  readonly kind: 'workday' | 'fake';
  /** Where the admin's browser goes to allow the connection; the provider comes back to redirectUri?code&state. */
  authorizeUrl: (request: { tenant: string; state: string; redirectUri: string }) => string;
  /** The one-time code for an access token. */
  exchangeCode: (request: { tenant: string; code: string; redirectUri: string }) => Promise<{ accessToken: string }>;
  sendNewHire: (request: { tenant: string; accessToken: string; hire: NewHire }) => Promise<void>;
}

/**
 * Workday REST with OAuth 2.0 (an API client registered in the tenant): GET {apiUrl}/{tenant}/authorize,
 * POST {apiUrl}/ccx/oauth2/{tenant}/token (authorization_code, HTTP Basic client credentials), and the new hire as a
 * prospect of the Recruiting API, POST {apiUrl}/ccx/api/recruiting/v4/{tenant}/prospects with the bearer token.
 */
export function workdayProvider(settings: HrProviderSettings, fetchImpl: typeof fetch = fetch): HrProvider {
  const base = settings.apiUrl.replace(/\/$/, '');
  const tenantPath = (tenant: string) => encodeURIComponent(tenant);
  const check = async (response: Response): Promise<Response> => {
    if (response.ok) return response;
    const detail = (await response.text().catch(() => '')).slice(0, 300);
    throw new Error(`The HR system answered ${response.status}${detail ? `: ${detail}` : ''}`);
  };
  return {
    kind: 'workday',
    authorizeUrl: ({ tenant, state, redirectUri }) => {
      const url = new URL(`${base}/${tenantPath(tenant)}/authorize`);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: settings.clientId,
        redirect_uri: redirectUri,
        state,
      }).toString();
      return url.toString();
    },
    exchangeCode: async ({ tenant, code, redirectUri }) => {
      const credentials = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
      const response = await check(
        await fetchImpl(`${base}/ccx/oauth2/${tenantPath(tenant)}/token`, {
          method: 'POST',
          headers: { authorization: `Basic ${credentials}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }).toString(),
          signal: AbortSignal.timeout(15_000),
        }),
      );
      const answer = (await response.json()) as { access_token?: unknown };
      if (typeof answer.access_token !== 'string' || !answer.access_token)
        throw new Error("The HR system's token answer has no access_token");
      return { accessToken: answer.access_token };
    },
    sendNewHire: async ({ tenant, accessToken, hire }) => {
      await check(
        await fetchImpl(`${base}/ccx/api/recruiting/v4/${tenantPath(tenant)}/prospects`, {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            candidate: {
              name: { firstName: hire.firstName ?? '', lastName: hire.lastName ?? '' },
              contact: { email: hire.email },
            },
            externalReference: hire.applicationId,
            jobTitle: hire.roleName,
            hiredOn: hire.hiredAt,
          }),
          signal: AbortSignal.timeout(15_000),
        }),
      );
    },
  };
}

/** The path of the fake HR system's authorise page on the product's own hosts. */
const FAKE_HR_PATH = '/api/public/fake-hr/authorize';

/**
 * The local fake: codes in memory; each new hire a JSON file in `outboxDir` (or kept in `sent` without one). Its
 * authorise page is on the host the admin returns to, so its form posts to its own origin.
 */
export function fakeHrProvider(outboxDir: string | null = null) {
  const codes = new Map<string, { tenant: string; expiresAt: number }>();
  const sent: { tenant: string; hire: NewHire }[] = [];
  let sequence = 0;
  return {
    kind: 'fake' as const,
    sent,
    authorizeUrl: ({ tenant, state, redirectUri }: { tenant: string; state: string; redirectUri: string }) => {
      const url = new URL(FAKE_HR_PATH, redirectUri);
      url.search = new URLSearchParams({ tenant, state, redirect_uri: redirectUri }).toString();
      return url.toString();
    },
    exchangeCode: async ({ tenant, code }: { tenant: string; code: string }) => {
      const found = codes.get(code);
      codes.delete(code);
      if (!found || found.tenant !== tenant || found.expiresAt < Date.now())
        throw new Error('The fake HR system does not know this code');
      return { accessToken: `fake-${newToken()}` };
    },
    sendNewHire: async ({ tenant, accessToken, hire }: { tenant: string; accessToken: string; hire: NewHire }) => {
      if (!accessToken.startsWith('fake-')) throw new Error('The fake HR system refused the token');
      sent.push({ tenant, hire });
      if (!outboxDir) return;
      await mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${String(++sequence).padStart(4, '0')}-${hire.applicationId}.json`);
      await writeFile(file, `${JSON.stringify({ tenant, hire }, null, 2)}\n`, { mode: 0o600 });
    },
    /** The admin's answer on the authorise page: where the browser goes back (redirect_uri with code or error). */
    answer: (request: { tenant: string; state: string; redirectUri: string; action: 'allow' | 'deny' }): string => {
      const back = new URL(request.redirectUri);
      back.searchParams.set('state', request.state);
      if (request.action === 'deny') {
        back.searchParams.set('error', 'access_denied');
        return back.toString();
      }
      const code = newToken();
      codes.set(code, { tenant: request.tenant, expiresAt: Date.now() + 10 * 60 * 1000 });
      back.searchParams.set('code', code);
      return back.toString();
    },
  } satisfies HrProvider & Record<string, unknown>;
}

export type FakeHrProvider = ReturnType<typeof fakeHrProvider>;

export const isFakeHr = (provider: HrProvider): provider is FakeHrProvider => 'answer' in provider;

export function createHrProvider(settings: { hr: HrProviderSettings | null; dataDir: string }): HrProvider {
  return settings.hr ? workdayProvider(settings.hr) : fakeHrProvider(path.join(settings.dataDir, 'hr-outbox'));
}
