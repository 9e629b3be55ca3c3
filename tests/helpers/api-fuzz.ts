import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedAnswer, MATRIX_ACTORS, matrixScopes } from '#schemas/authorization';
import type { RouteContract } from '#schemas/contract';
import type { RegisteredRoute } from '#server/app-types';
import { pgliteOf } from '#server/db/client';
import { multipart } from './applications';
import { callerOf, type Cell, paramValue, type World, worldMaker, worldOrganizations } from './route-world';
import { createTestApp, type TestApp } from './test-app';
import {
  hostileMultipart,
  hostilePathSegment,
  hostileValue,
  type OpenApiDocument,
  type OpenApiOperation,
  operationOf,
  percentEncoded,
  validValue,
  wrongBody,
} from './fuzz-arbitraries';

/*
 * API fuzzing (issue 19, decision 0070, docs/security.md): every route of the route table, with the request shapes its
 * OpenAPI document publishes, is sent FUZZ_RUNS generated requests, valid and hostile (wrong types, sizes, unicode and
 * control characters, nulls, huge numbers, deep nesting, missing and extra fields, bad path parameters, bodies that
 * are not JSON), by a caller the route admits (its `authz` declaration), with the records of a fresh world in its path
 * most of the time. Two properties: no answer is a 5xx, and a refusal (4xx) changes nothing: a trigger on every table
 * records each committed row change, read after every request, so a 4xx that wrote anything names the tables it wrote.
 * Routes whose refusals must write are listed with the reason. The routes are dealt to SHARDS files
 * (api-fuzz-N.test.ts) so both test workers share them. FUZZ_RUNS (default below) sets the cases per route;
 * `npm run fuzz` runs more (the nightly run).
 */

/** 200 cases per route in every run (issue 19); the PostgreSQL copy of the suite sets fewer (vitest.config.ts). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
/**
 * A fixed seed in `npm test`, so CI judges the change and not the day's luck; `npm run fuzz` (the nightly run) sets a
 * new one each time, and FUZZ_SEED replays any printed seed.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);
/** The number of api-fuzz-N.test.ts files the routes are dealt to. */
const SHARDS = 2;

/** Refusals that write by design: the tables they may change, and why. */
const REFUSALS_THAT_WRITE: Record<string, { tables: readonly string[]; why: string }> = {
  'POST /oauth/token': {
    tables: ['auth_attempts', 'otp_codes', 'sign_in_alerts', 'jobs'],
    why: 'a failed sign-in and a wrong code are counted for throttling, and an attack is told to the holder (0046)',
  },
  'GET /public/organization/:sub/checkOtp/:email/:code': {
    tables: ['auth_attempts', 'otp_codes', 'sign_in_alerts', 'jobs'],
    why: 'a wrong code is counted, against the code and for throttling, and an attack is told to the holder (0046)',
  },
  'POST /public/event/:eventId/qr-check-in': {
    tables: ['event_check_in_attempts'],
    why: 'a failed self check-in is counted, so emails cannot be guessed at the door (decision 0039)',
  },
};

/**
 * Records the tables each request writes (committed rows only): a row trigger on every table. On PGlite the trigger
 * sends the table's name as a notification, heard in the process at commit, so reading the writes costs no query; on
 * PostgreSQL (notifications arrive on another connection, later) it appends to a table drained after each request.
 */
async function recordWrites(t: TestApp): Promise<() => Promise<string[]>> {
  const pglite = pgliteOf(t.db);
  await sql`create table fuzz_writes (table_name text not null)`.execute(t.db);
  await sql
    .raw(
      `
    create function fuzz_record_write() returns trigger language plpgsql as $$
    begin
      ${pglite ? "perform pg_notify('fuzz_writes', tg_table_name);" : 'insert into fuzz_writes values (tg_table_name);'}
      return null;
    end $$`,
    )
    .execute(t.db);
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'fuzz_writes'`.execute(t.db);
  for (const { table_name } of rows)
    await sql`create trigger fuzz_record_write after insert or update or delete on ${sql.table(table_name)}
      for each row execute function fuzz_record_write()`.execute(t.db);
  if (pglite) {
    const heard = new Set<string>();
    await pglite.listen('fuzz_writes', (table) => heard.add(table));
    return async () => {
      const tables = [...heard].sort();
      heard.clear();
      return tables;
    };
  }
  return async () => {
    const { rows: written } = await sql<{ table_name: string }>`delete from fuzz_writes returning table_name`.execute(
      t.db,
    );
    return [...new Set(written.map((r) => r.table_name))].sort();
  };
}

type ApiRoute = RegisteredRoute & { contract: RouteContract };

const API_ROUTES = (table: readonly RegisteredRoute[]): ApiRoute[] =>
  table.filter(
    (r): r is ApiRoute =>
      r.url.startsWith('/api/') && r.method !== 'HEAD' && !r.url.startsWith('/api/docs') && r.contract !== undefined,
  );

/** The callers the route admits, each about the record its declaration lets it reach (acme's site). */
function admittedCells(contract: RouteContract): Cell[] {
  const cells = MATRIX_ACTORS.flatMap((actor) =>
    matrixScopes(contract, actor)
      .filter((scope) => scope !== 'other' && expectedAnswer(contract, actor, scope) === 'ok')
      .map((scope): Cell => ({ actor, home: 'acme', scope })),
  );
  return cells.length > 0 ? cells : [{ actor: 'anonymous', home: 'acme', scope: 'same' }];
}

interface Case {
  cell: Cell;
  params: Record<string, { real: true } | { value: string }>;
  query: Record<string, unknown>;
  body: { kind: 'json'; value: unknown } | { kind: 'raw'; payload: string; contentType: string } | undefined;
  multipart: { fileName: string; contentType: string; bytes: Uint8Array } | undefined;
}

/** The requests of one route: mostly valid shapes with real records, with hostile values mixed in everywhere. */
function casesOf(route: ApiRoute, operation: OpenApiOperation): fc.Arbitrary<Case> {
  const parameters = operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query' && p.name !== 'subdomain');
  const params = fc.record(
    Object.fromEntries(
      pathParams.map((p) => [
        p.name,
        fc.oneof(
          { weight: 6, arbitrary: fc.constant({ real: true as const }) },
          { weight: 1, arbitrary: validValue(p.schema).map((v) => ({ value: percentEncoded(String(v)) })) },
          { weight: 2, arbitrary: hostilePathSegment.map((value) => ({ value })) },
        ),
      ]),
    ),
  );
  const query = fc.record(
    Object.fromEntries(
      queryParams.map((p) => [
        p.name,
        fc.oneof({ weight: 3, arbitrary: validValue(p.schema) }, { weight: 1, arbitrary: hostileValue }),
      ]),
    ),
    { requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name) },
  );
  const content = operation.requestBody?.content ?? {};
  const json = content['application/json']?.schema ?? content['application/x-www-form-urlencoded']?.schema;
  const body: fc.Arbitrary<Case['body']> = json
    ? fc.oneof(
        { weight: 4, arbitrary: validValue(json).map((value) => ({ kind: 'json' as const, value })) },
        { weight: 3, arbitrary: wrongBody(json).map((value) => ({ kind: 'json' as const, value })) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom('{"a":', 'not json', '', '\u0000', '[1,2', '{"__proto__":{"x":1}}')
            .map((payload) => ({ kind: 'raw' as const, payload, contentType: 'application/json' })),
        },
      )
    : fc.constant(undefined);
  const file = content['multipart/form-data'] ? hostileMultipart : fc.constant(undefined);
  return fc.record({ cell: fc.constantFrom(...admittedCells(route.contract)), params, query, body, multipart: file });
}

const encodeQuery = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

function requestOf(route: ApiRoute, world: World, c: Case) {
  const { path } = route.contract;
  const url = path.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const param = c.params[name]!;
    return 'real' in param ? encodeURIComponent(paramValue(name, path, world, c.cell)) : param.value;
  });
  const query = new URLSearchParams({ subdomain: 'acme' });
  for (const [key, value] of Object.entries(c.query))
    if (value !== undefined)
      query.set(key, Array.isArray(value) ? value.map(encodeQuery).join(',') : encodeQuery(value));
  const caller = callerOf(world, c.cell);
  const headers: Record<string, string> = caller ? { authorization: `Bearer ${caller.token}` } : {};
  let payload: string | Buffer | undefined;
  if (c.multipart) {
    const body = multipart('file', c.multipart.fileName, c.multipart.contentType, c.multipart.bytes);
    Object.assign(headers, body.headers);
    payload = body.payload;
  } else if (c.body?.kind === 'raw') {
    headers['content-type'] = c.body.contentType;
    payload = c.body.payload;
  } else if (c.body) {
    const form = route.contract.consumes?.includes('application/x-www-form-urlencoded');
    if (form && c.body.value !== null && typeof c.body.value === 'object' && !Array.isArray(c.body.value)) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(
        Object.entries(c.body.value as Record<string, unknown>).map(([k, v]) => [k, encodeQuery(v)]),
      ).toString();
    } else {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(c.body.value) ?? 'null';
    }
  }
  return { method: route.method as 'GET', url: `/api${url}?${query.toString()}`, headers, payload };
}

const describeRequest = (request: ReturnType<typeof requestOf>, res: LightMyRequestResponse) =>
  `${request.method} ${request.url.slice(0, 200)} ${String(request.payload ?? '').slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`;

/** The routes of shard `shard` (1 to SHARDS): every SHARDS-th route of the route table, so each gets a fair mix. */
export function fuzzShard(shard: number): void {
  let t: TestApp;
  let document: OpenApiDocument;
  let newWorld: () => Promise<World>;
  let drainWrites: () => Promise<string[]>;

  beforeAll(async () => {
    t = await createTestApp();
    newWorld = worldMaker(t.db, await worldOrganizations(t.db)).newWorld;
    document = t.app.swagger() as unknown as OpenApiDocument;
    drainWrites = await recordWrites(t);
  }, 120_000);
  afterAll(() => t?.close());

  describe(`API fuzzing from the OpenAPI document (shard ${shard} of ${SHARDS})`, () => {
    if (shard === 1)
      it('documents every route of the route table', () => {
        const missing = API_ROUTES(t.app.routeTable)
          .filter((r) => !operationOf(document, r.method, r.url))
          .map((r) => `${r.method} ${r.url}`);
        expect(missing).toEqual([]);
      });

    it(
      `every route of the shard, ${RUNS} generated requests each: no 5xx, and a refusal changes nothing`,
      { timeout: 900_000 },
      async () => {
        const routes = API_ROUTES(t.app.routeTable).filter((_route, index) => index % SHARDS === shard - 1);
        const problems: string[] = [];
        const started = Date.now();
        const cpu = process.cpuUsage();
        let cases = 0;
        let sent = 0;
        let shared = await newWorld();
        for (const [index, route] of routes.entries()) {
          const key = `${route.method} ${route.contract.path}`;
          const allowed = REFUSALS_THAT_WRITE[key]?.tables ?? [];
          // Calls that change things may spoil the records they name: a fresh world every few of them.
          if (route.method !== 'GET' && index % 2 === 0) shared = await newWorld();
          const world = shared;
          await drainWrites();
          const found = new Set<string>();
          // A GET sent again exactly as before is answered as before (it changes nothing the next one reads): it is
          // checked once. Other methods are sent every time, since a second identical call meets a changed state.
          const answered = new Set<string>();
          await fc.assert(
            fc.asyncProperty(casesOf(route, operationOf(document, route.method, route.url)!), async (c) => {
              const request = requestOf(route, world, c);
              cases++;
              if (route.method === 'GET') {
                const same = `${request.url}\n${JSON.stringify(request.headers)}\n${String(request.payload ?? '')}`;
                if (answered.has(same)) return;
                answered.add(same);
              }
              let res: LightMyRequestResponse;
              try {
                res = await t.app.inject(request);
              } catch (error) {
                problems.push(`${key}: the request failed: ${String(error)} ${request.url.slice(0, 200)}`);
                return;
              }
              sent++;
              const written = (await drainWrites()).filter((table) => !allowed.includes(table));
              if (res.statusCode >= 500 && !found.has('5xx')) {
                found.add('5xx');
                problems.push(`${key}: ${describeRequest(request, res)}`);
              }
              if (res.statusCode >= 400 && res.statusCode < 500 && written.length > 0 && !found.has('write')) {
                found.add('write');
                problems.push(`${key}: refused but wrote ${written.join(', ')}: ${describeRequest(request, res)}`);
              }
            }),
            { numRuns: RUNS, seed: SEED + index * SHARDS + shard },
          );
        }
        const seconds = (Date.now() - started) / 1000;
        const { user, system } = process.cpuUsage(cpu);
        console.log(
          `API fuzzing, shard ${shard} of ${SHARDS}: ${routes.length} routes × ${RUNS} = ${cases} cases, ` +
            `${sent} requests sent (identical GETs once) in ${seconds.toFixed(1)} s ` +
            `(${((user + system) / 1e6).toFixed(1)} s of CPU; seed ${SEED}), ${problems.length} problems`,
        );
        expect(cases).toBe(routes.length * RUNS);
        expect(problems).toEqual([]);
      },
    );
  });
}
