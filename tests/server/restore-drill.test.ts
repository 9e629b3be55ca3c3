import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { compareCopy, restoreDrill } from '../../scripts/restore-drill';
import { createTestDb, type TestDb } from '../helpers/test-db';

/*
 * Issue 19, decision 0074: the restore drill backs a database up, restores it into a fresh one, starts the app on
 * the copy and finds the same data; and it notices when a copy differs. PGlite in the server project, PostgreSQL
 * (pg_dump / pg_restore) in server-pg.
 */
const postgres = process.env.TEST_DB === 'postgres';
/** A backup, a restore, two fingerprints of every table and the app started twice: minutes on a loaded machine. */
const DRILL_MS = 240_000;
const opened: TestDb[] = [];
afterAll(async () => {
  for (const db of opened) await db.close();
});

describe('the restore drill', () => {
  it.runIf(!postgres)(
    'restores a PGlite data directory into a new one that serves the same data',
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'drill-source-'));
      try {
        // A PGlite directory of the seeded demo organisations, as `npm start` leaves it.
        const seeded = new Blob([await readFile(inject('databaseTemplates')!.seeded)]);
        const pglite = new PGlite(dir, { extensions: { pg_trgm }, loadDataDir: seeded });
        await pglite.waitReady;
        await pglite.close();

        const report = await restoreDrill({ kind: 'pglite', dir });
        expect(report.same).toBe(true);
        expect(report.backup.bytes).toBeGreaterThan(0);
        expect(report.tables.map((t) => t.table)).toEqual(expect.arrayContaining(['organizations', 'roles', 'users']));
        expect(report.tables.find((t) => t.table === 'roles')!.rows).toBeGreaterThan(0);
        expect(report.roleLists).toMatchObject({ acme: true, hartley: true });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    DRILL_MS,
  );

  it.runIf(postgres)(
    'restores a pg_dump of a PostgreSQL database into a new one that serves the same data',
    async () => {
      const t = await createTestDb();
      opened.push(t);
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${rows[0]!.name}`;
      const report = await restoreDrill({ kind: 'postgres', url: url.toString() });
      expect(report.same).toBe(true);
      expect(report.tables.find((t) => t.table === 'roles')!.rows).toBeGreaterThan(0);
      expect(report.roleLists).toMatchObject({ acme: true, hartley: true });
      // The copy was dropped after the drill.
      const left = await sql<{ n: number }>`
      select count(*)::int as n from pg_database where datname like ${`${rows[0]!.name}_restored_%`}`.execute(t.db);
      expect(left.rows[0]!.n).toBe(0);
    },
  );

  it(
    'names what differs when a copy is not the same',
    async () => {
      const [source, copy] = [await createTestDb(), await createTestDb()];
      opened.push(source, copy);
      await sql`update roles set name = name || ' (changed)'
      where organization_id = (select id from organizations where subdomain = 'acme')`.execute(copy.db);
      const result = await compareCopy(source.db, copy.db);
      expect(result.same).toBe(false);
      expect(result.tables.filter((t) => !t.sameRows || !t.sameContent)).toEqual([
        { table: 'roles', rows: expect.any(Number), sameRows: true, sameContent: false },
      ]);
      expect(result.roleLists).toMatchObject({ acme: false, hartley: true });
    },
    DRILL_MS,
  );
});
