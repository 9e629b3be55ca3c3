import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client';
import type { Database } from '#server/db/types';
import { migrate } from '#server/db/migrate';
import { seedDemoData } from '#server/seed/seed';
import { configurePasswordHashing } from '#server/lib/password';
import { APP_ROLE, appRoleUrl, ensureAppRole, TEST_PASSWORD_HASHING } from './test-db';

/** Where each file's database starts: migrated only, or migrated and seeded with the demo organisations. */
export type TemplateKind = 'migrated' | 'seeded';

/** PGlite: the data directory of each template as a tar file; PostgreSQL: the template database's name. */
export type DatabaseTemplates = Record<TemplateKind, string>;

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates?: DatabaseTemplates;
  }
}

/**
 * Migrating (and seeding) a database costs seconds, and 40-odd server files each need one, on two engines. So the
 * server projects build each starting point once per run, and every file starts from a copy: PGlite loads the
 * template's data directory (no initdb, no migrations), PostgreSQL copies a template database (CREATE DATABASE …
 * TEMPLATE). Each file still has a database of its own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  configurePasswordHashing(TEST_PASSWORD_HASHING);
  const kinds: TemplateKind[] = ['migrated', 'seeded'];
  if (project.name === 'server-pg') {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const run = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const names = { migrated: `candid_template_${run}_m`, seeded: `candid_template_${run}_s` };
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await ensureAppRole(admin);
    // The seeded template is a copy of the migrated one, seeded: the migrations run once.
    for (const kind of kinds) {
      // Owned, migrated and seeded by the app role, as each file's copy is used (test-db.ts).
      const from = kind === 'seeded' ? ` template "${names.migrated}"` : '';
      await admin.query(`create database "${names[kind]}"${from} owner ${APP_ROLE}`);
      const db = await openDatabase({ kind: 'postgres', url: appRoleUrl(adminUrl, names[kind]), poolSize: 2 });
      try {
        if (kind === 'migrated') await migrate(db);
        else await seedDemoData(db);
      } finally {
        // A template copies only once nobody is connected to it.
        await db.destroy();
      }
    }
    await admin.end();
    project.provide('databaseTemplates', names);
    return async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      for (const name of Object.values(names)) await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    };
  }

  const dir = await mkdtemp(path.join(tmpdir(), 'candid-templates-'));
  const files = { migrated: path.join(dir, 'migrated.tar'), seeded: path.join(dir, 'seeded.tar') };
  // One database, dumped once migrated and again once seeded: the migrations run once.
  const pglite = new PGlite({ extensions: { pg_trgm } });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  for (const kind of kinds) {
    if (kind === 'migrated') await migrate(db);
    else await seedDemoData(db);
    const dump = await pglite.dumpDataDir('none');
    await writeFile(files[kind], Buffer.from(await dump.arrayBuffer()));
  }
  await db.destroy();
  project.provide('databaseTemplates', files);
  return () => rm(dir, { recursive: true, force: true });
}
