import pg from 'pg';
import type { App } from '#server/app-types';

/* What the benchmarks that drive the whole server share: a PostgreSQL server to use, a signed-in demo user. */

const PASSWORD = 'CandidDemo#2026';

/** The PostgreSQL server of BENCH_DATABASE_URL, DATABASE_URL or 127.0.0.1:5432, when one answers. */
export async function postgresAdminUrl(): Promise<string | null> {
  const url =
    process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return null;
  }
}

/** An access token of an acme demo user (password grant, as the client signs in). */
export async function signInAcme(app: App, username: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/oauth/token?subdomain=acme',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'password',
      username,
      password: PASSWORD,
      scope: 'write',
      client_id: 'web',
    }).toString(),
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json<{ access_token: string }>().access_token;
}
