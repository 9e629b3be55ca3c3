import { execFile } from 'node:child_process';
import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildApp } from '#server/app';
import { openDatabase, type Db } from '#server/db/client';
import { migrate } from '#server/db/migrate';
import { seedDemoData } from '#server/seed/seed';
import { onBenchDatabase, postgresAdminUrl } from './bench-server';
import type { Figure } from './support';

/*
 * Issue 18's load test: the public calls a careers site makes on deadline day, driven over HTTP by autocannon
 * (20 connections, as the issue measured) against the server listening on 127.0.0.1, on PGlite in memory and on
 * PostgreSQL when 127.0.0.1:5432 answers. autocannon runs in its own process, so it and the server each have a
 * core of the two; its figures are what a browser sees less the network. The server logs as `npm start` does: a line
 * per request at 'info', each written as it comes (pino's standard output is synchronous), here into a file of its own.
 */
const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const run = promisify(execFile);
/** autocannon's command line (its main module runs as one when started as a program). */
const AUTOCANNON = fileURLToPath(import.meta.resolve('autocannon'));

interface Call {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Requests a second: PostgreSQL's target, then PGlite's (issue 18). */
  targets?: { postgres: number; pglite?: number };
  p99Target?: number;
  /** The figures issue 18 measured before the public cache, PGlite / PostgreSQL. */
  before: string;
}

const CALLS: Call[] = [
  {
    name: 'public role list POST /api/public/acme/roles',
    method: 'POST',
    path: '/api/public/acme/roles',
    targets: { postgres: 5000, pglite: 2000 },
    p99Target: 50,
    before: '346 req/s, p50 52 ms / 711 req/s, p50 25 ms',
  },
  {
    name: 'public organisation GET /api/public/organization/acme/',
    method: 'GET',
    path: '/api/public/organization/acme/',
    targets: { postgres: 5000 },
    before: '1,200 / 2,100 req/s',
  },
  { name: 'GET /api/public/version', method: 'GET', path: '/api/public/version', before: '8,800 req/s' },
];

/** What autocannon --json reports that is used here. */
interface Result {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

async function autocannon(url: string, call: Call, seconds = SECONDS): Promise<Result> {
  const args = [AUTOCANNON, '--json', '-c', String(CONNECTIONS), '-d', String(seconds), '-m', call.method];
  if (call.method === 'POST') args.push('-H', 'content-type=application/json', '-b', '{}');
  const { stdout } = await run(process.execPath, [...args, `${url}${call.path}`], { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as Result;
}

async function loadOn(db: Db, database: 'PGlite' | 'PostgreSQL'): Promise<Figure[]> {
  await migrate(db);
  await seedDemoData(db);
  const logFile = join(tmpdir(), `candid-load-${process.pid}.log`);
  const log = openSync(logFile, 'w');
  const app = await buildApp({
    db,
    logLevel: 'info',
    logStream: { write: (line) => void writeSync(log, line) },
    clientDir: null,
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const figures: Figure[] = [];
  try {
    for (const call of CALLS) {
      await autocannon(url, call, 2); // warm-up: the JIT, the pools and the cache
      const load = loadavg()[0]!.toFixed(1);
      const result = await autocannon(url, call);
      const target = database === 'PostgreSQL' ? call.targets?.postgres : call.targets?.pglite;
      const rate = Math.round(result.requests.average);
      const latencyMet = call.p99Target === undefined || result.latency.p99 < call.p99Target;
      const failures = result.non2xx + result.errors;
      figures.push({
        name: `${call.name} (${database}, autocannon ${CONNECTIONS} connections, ${SECONDS} s) req/s; p50 / p99`,
        value: `${rate.toLocaleString('en-GB')}; ${result.latency.p50} ms / ${result.latency.p99} ms (load average ${load})${
          failures ? `; ${failures} failed answers` : ''
        }`,
        note: `before the public cache (issue 18, PGlite / PostgreSQL): ${call.before}`,
        ...(target !== undefined && {
          target: `≥ ${target.toLocaleString('en-GB')} req/s${call.p99Target ? `, p99 < ${call.p99Target} ms` : ''}`,
          met: rate >= target && latencyMet && failures === 0,
        }),
      });
    }
  } finally {
    await app.close();
    closeSync(log);
    rmSync(logFile, { force: true });
  }
  return figures;
}

export async function benchLoad(): Promise<Figure[]> {
  const pglite = await openDatabase({ kind: 'memory' });
  const figures = await loadOn(pglite, 'PGlite').finally(() => pglite.destroy());
  const adminUrl = await postgresAdminUrl();
  if (adminUrl)
    figures.push(...(await onBenchDatabase(adminUrl, 'candid_bench_load', (db) => loadOn(db, 'PostgreSQL'))));
  return figures;
}
