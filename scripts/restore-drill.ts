import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '#server/app';
import { ConfigError, parseConfig, redactUrl } from '#server/config';
import { openDatabase, type Db } from '#server/db/client';
import type { Database } from '#server/db/types';

/*
 * The restore drill (decision 0074, docs/operations.md): backs up a database the way operations would, restores
 * the backup into a fresh database, starts the app on the copy and checks that it serves the same data: every
 * table's row count and content, and every organisation's public role list as the API answers it.
 *
 *   npm run restore-drill              the database `npm start` uses: DATABASE_URL, else PGlite in DATA_DIR/pglite
 *   npm run restore-drill -- --keep    keep the backup and the restored copy (their places are printed)
 *
 * PostgreSQL: `pg_dump --format=custom` while the servers keep running, a new database on the same server,
 * `pg_restore`. PGlite: its data directory dumped as a tar (`dumpDataDir`) and loaded into a new directory. One
 * process owns a PGlite directory, so the server is stopped first (the drill says so if it is not).
 * Exits 1 when the copy differs.
 */

const run = promisify(execFile);
const extensions = { pg_trgm };

export type DrillSource = { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string };

interface TableCheck {
  table: string;
  rows: number;
  sameRows: boolean;
  sameContent: boolean;
}

export interface DrillReport {
  backup: { place: string; bytes: number; seconds: number };
  restore: { place: string; seconds: number };
  tables: TableCheck[];
  /** Each organisation's public role list (subdomain → identical on the copy). */
  roleLists: Record<string, boolean>;
  same: boolean;
}

const seconds = (since: number): number => Math.round((performance.now() - since) / 10) / 100;

/** Row count and an md5 of every row's text, per table of the public schema. */
async function tableFingerprints(db: Db): Promise<Map<string, { rows: number; digest: string }>> {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const fingerprints = new Map<string, { rows: number; digest: string }>();
  for (const { name } of tables) {
    const { rows } = await sql<{ rows: number; digest: string | null }>`
      select count(*)::int as rows, md5(string_agg(t::text, ',' order by t::text)) as digest
      from ${sql.table(name)} t`.execute(db);
    fingerprints.set(name, { rows: rows[0]!.rows, digest: rows[0]!.digest ?? '' });
  }
  return fingerprints;
}

/** Every organisation's public role list, as the app started on `db` answers it. */
async function roleLists(db: Db): Promise<Map<string, string>> {
  const { rows } = await sql<{
    table: string | null;
  }>`select to_regclass('public.organizations')::text as table`.execute(db);
  if (!rows[0]?.table) throw new Error('the database has no organizations table: start the product on it once first');
  const app = await buildApp({ db, logLevel: false });
  try {
    const organizations = await db.selectFrom('organizations').select('subdomain').orderBy('subdomain').execute();
    const lists = new Map<string, string>();
    for (const { subdomain } of organizations) {
      const answer = await app.inject({
        method: 'POST',
        url: `/api/public/${subdomain}/roles?resultsPerPage=100`,
        payload: {},
      });
      lists.set(subdomain, `${answer.statusCode} ${answer.body}`);
    }
    return lists;
  } finally {
    await app.close();
  }
}

/** Compares the copy with the source: tables, then the API's answers. */
export async function compareCopy(source: Db, copy: Db): Promise<Pick<DrillReport, 'tables' | 'roleLists' | 'same'>> {
  const [before, after] = [await tableFingerprints(source), await tableFingerprints(copy)];
  const tables = [...before].map(([table, { rows, digest }]) => ({
    table,
    rows,
    sameRows: after.get(table)?.rows === rows,
    sameContent: after.get(table)?.digest === digest,
  }));
  for (const table of after.keys())
    if (!before.has(table)) tables.push({ table, rows: 0, sameRows: false, sameContent: false });
  const [listsBefore, listsAfter] = [await roleLists(source), await roleLists(copy)];
  const lists = Object.fromEntries([...listsBefore].map(([sub, list]) => [sub, listsAfter.get(sub) === list]));
  const same =
    tables.every((check) => check.sameRows && check.sameContent) &&
    listsBefore.size === listsAfter.size &&
    Object.values(lists).every(Boolean);
  return { tables, roleLists: lists, same };
}

const pgliteDb = (pglite: PGlite): Db => new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });

async function openPglite(dir: string, backup?: Blob): Promise<PGlite> {
  const pglite = new PGlite(dir, { extensions, ...(backup && { loadDataDir: backup }) });
  await pglite.waitReady.catch((error: unknown) => {
    throw new Error(
      `PGlite in ${dir} could not be opened (${error instanceof Error ? error.message : String(error)}): ` +
        'one process owns a PGlite directory, so stop the server before the drill',
      { cause: error },
    );
  });
  return pglite;
}

async function drillPglite(dir: string, workDir: string): Promise<DrillReport> {
  if (!(await stat(path.join(dir, 'PG_VERSION')).catch(() => null)))
    throw new Error(`there is no PGlite database in ${dir}: set DATA_DIR, or DATABASE_URL for PostgreSQL`);
  const source = await openPglite(dir);
  const sourceDb = pgliteDb(source);
  const copyDir = path.join(workDir, 'restored-pglite');
  let copyDb: Db | null = null;
  try {
    let since = performance.now();
    const file = path.join(workDir, 'pglite-backup.tar.gz');
    await writeFile(file, Buffer.from(await (await source.dumpDataDir('gzip')).arrayBuffer()));
    const backup = { place: file, bytes: (await stat(file)).size, seconds: seconds(since) };

    since = performance.now();
    await mkdir(copyDir, { recursive: true });
    copyDb = pgliteDb(await openPglite(copyDir, new Blob([await readFile(file)])));
    const restore = { place: copyDir, seconds: seconds(since) };
    return { backup, restore, ...(await compareCopy(sourceDb, copyDb)) };
  } finally {
    await copyDb?.destroy();
    await sourceDb.destroy();
  }
}

async function postgresTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT')
      throw new Error(
        `${tool} is not installed: install the PostgreSQL client (Debian: apt-get install postgresql-client)`,
        { cause: error },
      );
    throw new Error(`${tool} failed: ${failure.stderr?.trim() || failure.message}`, { cause: error });
  }
}

async function drillPostgres(url: string, workDir: string): Promise<DrillReport & { copyUrl: string }> {
  const file = path.join(workDir, 'postgres-backup.dump');
  let since = performance.now();
  await postgresTool('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${url}`]);
  const backup = { place: file, bytes: (await stat(file)).size, seconds: seconds(since) };

  const copyUrl = new URL(url);
  const name = `${copyUrl.pathname.slice(1) || 'postgres'}_restored_${Date.now().toString(36)}`.slice(0, 63);
  copyUrl.pathname = `/${name}`;
  since = performance.now();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  await postgresTool('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${copyUrl.toString()}`, file]);
  const restore = { place: redactUrl(copyUrl.toString()), seconds: seconds(since) };

  const [sourceDb, copyDb] = [
    await openDatabase({ kind: 'postgres', url, poolSize: 2 }),
    await openDatabase({ kind: 'postgres', url: copyUrl.toString(), poolSize: 2 }),
  ];
  try {
    return { backup, restore, ...(await compareCopy(sourceDb, copyDb)), copyUrl: copyUrl.toString() };
  } finally {
    await copyDb.destroy();
    await sourceDb.destroy();
  }
}

/** Drops a restored PostgreSQL copy. */
async function dropPostgresCopy(sourceUrl: string, copyUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: sourceUrl });
  await admin.connect();
  try {
    await admin.query(
      `drop database if exists ${pg.escapeIdentifier(new URL(copyUrl).pathname.slice(1))} with (force)`,
    );
  } finally {
    await admin.end();
  }
}

/** Backs up `source`, restores it into a fresh copy and compares; the backup and copy are removed unless `keep`. */
export async function restoreDrill(source: DrillSource, { keep = false } = {}): Promise<DrillReport> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'restore-drill-'));
  let copyUrl: string | null = null;
  try {
    if (source.kind === 'pglite') return await drillPglite(source.dir, workDir);
    const report = await drillPostgres(source.url, workDir);
    copyUrl = report.copyUrl;
    const { copyUrl: _copy, ...rest } = report;
    return rest;
  } finally {
    if (!keep) {
      if (copyUrl && source.kind === 'postgres') await dropPostgresCopy(source.url, copyUrl);
      await rm(workDir, { recursive: true, force: true });
    }
  }
}

function describe(report: DrillReport, source: string): string {
  const mark = (ok: boolean): string => (ok ? 'same' : 'DIFFERENT');
  const lines = [
    `Restore drill of ${source}`,
    `  Backup   ${report.backup.place}  ${(report.backup.bytes / 1024).toFixed(0)} KiB in ${report.backup.seconds} s`,
    `  Restore  ${report.restore.place}  in ${report.restore.seconds} s`,
    `  Tables   ${report.tables.length}, ${report.tables.reduce((sum, t) => sum + t.rows, 0)} rows`,
    ...report.tables
      .filter((t) => !t.sameRows || !t.sameContent)
      .map((t) => `    ${t.table}: rows ${mark(t.sameRows)}, content ${mark(t.sameContent)}`),
    `  Role lists through the API on the copy: ${Object.entries(report.roleLists)
      .map(([sub, same]) => `${sub} ${mark(same)}`)
      .join(', ')}`,
    report.same ? 'The restored copy serves the same data.' : 'The restored copy DIFFERS from the source.',
  ];
  return lines.join('\n');
}

async function main(args: string[]): Promise<void> {
  let source: DrillSource;
  try {
    const config = parseConfig(process.env);
    source = config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dir: config.pgliteDir };
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const keep = args.includes('--keep');
  const report = await restoreDrill(source, { keep });
  const where = source.kind === 'postgres' ? redactUrl(source.url) : `PGlite in ${source.dir}`;
  process.stdout.write(`${describe(report, where)}\n${keep ? 'Kept: the backup and the restored copy above.\n' : ''}`);
  process.exit(report.same ? 0 : 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`Restore drill failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
