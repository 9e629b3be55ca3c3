import pg from 'pg';
import type { App } from '#server/app-types';
import { openDatabase, type Db } from '#server/db/client';

/* What the benchmarks that drive the whole server share: a PostgreSQL server and database, a signed-in demo user. */

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

/**
 * Runs `work` on the database `name` of the server at `adminUrl`: made afresh and dropped after,
 * or with BENCH_KEEP=1 kept, and reused when it exists (`reuse` tells `work` it may hold data).
 */
export async function onBenchDatabase<T>(
  adminUrl: string,
  name: string,
  work: (db: Db, reuse: boolean) => Promise<T>,
): Promise<T> {
  const keep = process.env.BENCH_KEEP === '1';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (exists && !keep) await admin.query(`drop database ${name} with (force)`);
  if (!exists || !keep) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    return await work(db, keep && exists);
  } finally {
    await db.destroy();
    if (!keep) {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    }
  }
}
