import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Db } from '#server/db/client';
import { migrate } from '#server/db/migrate';
import { seedDemoData } from '#server/seed/seed';
import { configurePasswordHashing } from '#server/lib/password';
import type { TemplateKind } from './database-templates';

// Light argon2 cost for tests, set the way main.ts sets it from ARGON2_* (same code path).
export const TEST_PASSWORD_HASHING = { memoryKib: 1024, timeCost: 1 };

export interface TestDb {
  db: Db;
  /** 'postgres' when TEST_DB=postgres (the server-pg project), else 'pglite' in memory. */
  kind: 'postgres' | 'pglite';
  close: () => Promise<void>;
}

export interface TestDbOptions {
  /** Run the migrations (default true). */
  migrate?: boolean;
  /** Seed the demo organisations and users from configs/ (default true; needs migrate). */
  seed?: boolean;
}

/**
 * A private, empty database per test file: an in-memory PGlite, or — when TEST_DB=postgres —
 * a freshly created database on TEST_DATABASE_URL's server, dropped on close.
 */
export async function createTestDb(options: TestDbOptions = {}): Promise<TestDb> {
  configurePasswordHashing(TEST_PASSWORD_HASHING);
  const template: TemplateKind | null =
    options.migrate === false ? null : options.seed === false ? 'migrated' : 'seeded';
  // The server projects build both starting points once per run (database-templates.ts); a file run some other way
  // migrates and seeds its own.
  const from = template ? inject('databaseTemplates')?.[template] : undefined;
  const { db, kind, drop } =
    process.env.TEST_DB === 'postgres' ? await createPostgresDb(from) : await createPgliteDb(from);
  try {
    if (template && !from) {
      await migrate(db);
      if (template === 'seeded') await seedDemoData(db);
    }
  } catch (error) {
    await db.destroy();
    await drop();
    throw error;
  }
  return {
    db,
    kind,
    close: async () => {
      await db.destroy();
      await drop();
    },
  };
}

async function createPgliteDb(templateFile?: string): Promise<{ db: Db; kind: 'pglite'; drop: () => Promise<void> }> {
  const snapshot = templateFile ? new Blob([await readFile(templateFile)]) : undefined;
  return { db: await openDatabase({ kind: 'memory', snapshot }), kind: 'pglite', drop: async () => undefined };
}

/**
 * The role the server connects as in the PostgreSQL tests: it owns each test database and its tables, and is neither a
 * superuser nor BYPASSRLS, so row-level security (migration 0022, FORCE'd on the owner) binds it as it binds a
 * deployment (decision 0068). TEST_DATABASE_URL's superuser only creates and drops the databases.
 */
export const APP_ROLE = 'candid_app';

/** Creates the role once per PostgreSQL server; files racing to do so are fine. */
export async function ensureAppRole(admin: pg.Client): Promise<void> {
  const { rowCount } = await admin.query('select 1 from pg_roles where rolname = $1', [APP_ROLE]);
  if (rowCount) return;
  await admin.query(`create role ${APP_ROLE} login nosuperuser nobypassrls`).catch((error: { code?: string }) => {
    // 42710: another file created it first; 23505: the same race caught by the catalogue's unique index.
    if (error.code !== '42710' && error.code !== '23505') throw error;
  });
}

/** TEST_DATABASE_URL's server and database `name`, signed in as the app role. */
export function appRoleUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  url.username = APP_ROLE;
  url.password = '';
  return url.toString();
}

async function createPostgresDb(template?: string): Promise<{ db: Db; kind: 'postgres'; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres');
  const name = `candid_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await ensureAppRole(admin);
    await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''} owner ${APP_ROLE}`);
  } finally {
    await admin.end();
  }
  const db = await openDatabase({ kind: 'postgres', url: appRoleUrl(adminUrl, name), poolSize: 4 });
  return {
    db,
    kind: 'postgres',
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
