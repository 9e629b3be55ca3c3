import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { withOrganizationScope } from './organization-scope';
import type { Database } from './types';

export type DatabaseTarget =
  /** A PostgreSQL server (DATABASE_URL). */
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** Embedded PGlite kept in `dir` across restarts. */
  | { kind: 'pglite'; dir: string }
  /** Embedded PGlite in memory: tests and throw-away runs; `snapshot` is a data directory to start from (a tar). */
  | { kind: 'memory'; snapshot?: Blob };

export type Db = Kysely<Database>;

/** The server each PostgreSQL handle was opened on, for a connection of its own (db/notifications.ts). */
const postgresUrls = new WeakMap<Db, string>();

/** The PostgreSQL server `db` was opened on; undefined for PGlite. */
export const postgresUrlOf = (db: Db): string | undefined => postgresUrls.get(db);

/** The embedded instance behind each PGlite handle (its notifications are heard on it, not through Kysely). */
const pglites = new WeakMap<Db, PGlite>();

/** The PGlite instance `db` was opened on; undefined for PostgreSQL. */
export const pgliteOf = (db: Db): PGlite | undefined => pglites.get(db);

/**
 * Opens Kysely over the chosen engine. Both speak the same SQL (PGlite is PostgreSQL 18, the
 * servers we support are 15+), with one difference callers must know: bigint values such as
 * `count(*)` come back as strings from pg and as numbers from PGlite — cast to ::int in SQL or
 * use toCount() from ./json.
 * `db.destroy()` closes the pool or the PGlite instance (PGlite flushes to disk on close).
 */
export async function openDatabase(target: DatabaseTarget): Promise<Db> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // An idle connection the server closes (restart, failover, an administrator) must not crash the
    // process: pg reports it on the pool, and the next query simply opens a new connection.
    pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
    // The same for a connection in use (mid-transaction): its statement fails with the error, answered 503 by the
    // error handler (decision 0069), and pg drops the connection; unheard, the client's 'error' event would end the
    // process.
    pool.on('connect', (client) => client.on('error', () => undefined));
    // Row-level security (migration 0022) reads the organisation from each connection's settings (decision 0068).
    const db = new Kysely<Database>({ dialect: withOrganizationScope(new PostgresDialect({ pool })) });
    postgresUrls.set(db, target.url);
    return db;
  }
  let pglite: PGlite;
  // pg_trgm (shipped with PGlite) backs the candidate search's substring match (migration 0007).
  const extensions = { pg_trgm };
  if (target.kind === 'pglite') {
    await mkdir(target.dir, { recursive: true });
    pglite = new PGlite(target.dir, { extensions });
  } else {
    pglite = new PGlite({ extensions, ...(target.snapshot && { loadDataDir: target.snapshot }) });
  }
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  pglites.set(db, pglite);
  return db;
}

/**
 * Whether the connected role skips row-level security (a superuser, or BYPASSRLS): then only the first wall, the
 * organisation in every query, keeps tenants apart. PGlite always connects as its superuser (decision 0068).
 */
export async function bypassesRowSecurity(db: Db): Promise<boolean> {
  const { rows } = await sql<{ bypasses: boolean }>`
    select rolsuper or rolbypassrls as bypasses from pg_roles where rolname = current_user`.execute(db);
  return rows[0]?.bypasses ?? true;
}
