import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedAnswer, MATRIX_ACTORS, matrixScopes } from '#schemas/authorization';
import type { RouteContract } from '#schemas/contract';
import type { RegisteredRoute } from '#server/app-types';
import { findOrganizationByKey } from '#server/modules/organizations/organization.repository';
import { multipart, roleIdByName } from '../helpers/applications';
import { callerOf, type Cell, paramValue, type World, worldMaker } from '../helpers/route-world';
import { createTestApp, type TestApp } from '../helpers/test-app';
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
} from '../helpers/fuzz-arbitraries';

/*
 * API fuzzing (issue 19, docs/security.md): every route of the route table, with the request shapes its OpenAPI
 * document publishes, is sent FUZZ_RUNS generated requests, valid and hostile (wrong types, sizes, unicode and
 * control characters, nulls, huge numbers, deep nesting, missing and extra fields, bad path parameters, bodies
 * that are not JSON), by a caller the route admits (its `authz` declaration), with the records of a fresh world
 * in its path most of the time. Two properties: no answer is a 5xx, and a refusal (4xx) changes nothing: a
 * trigger on every table records each committed row change, drained after every request, so a 4xx that wrote
 * anything names the tables it wrote. Routes whose refusals must write are listed with the reason.
 * FUZZ_RUNS (default below) sets the cases per route; `npm run fuzz` runs more (the nightly run).
 */

/** 30 cases per route keep the file within a minute of CPU on the 2-core CI machine (docs/security.md). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = process.env.FUZZ_SEED === undefined ? Date.now() : Number(process.env.FUZZ_SEED);

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

let t: TestApp;
let document: OpenApiDocument;
let newWorld: () => Promise<World>;

beforeAll(async () => {
  t = await createTestApp();
  const orgs = {
    acme: (await findOrganizationByKey(t.db, 'acme'))!,
    hartley: (await findOrganizationByKey(t.db, 'hartley'))!,
  };
  const roles = {
    acme: await roleIdByName(t.db, 'acme', 'Graduate Consultant, Strategy'),
    hartley: await roleIdByName(t.db, 'hartley', 'Associate, Banking and Finance (2 to 4 PQE)'),
  };
  newWorld = worldMaker(t.db, { orgs, roles }).newWorld;
  document = t.app.swagger() as unknown as OpenApiDocument;
  await recordWrites();
}, 120_000);
afterAll(() => t?.close());

/** A row trigger on every table appends the table's name to fuzz_writes in the writing transaction. */
async function recordWrites() {
  await sql`create table fuzz_writes (table_name text not null)`.execute(t.db);
  await sql`
    create function fuzz_record_write() returns trigger language plpgsql as $$
    begin
      insert into fuzz_writes values (tg_table_name);
      return null;
    end $$`.execute(t.db);
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'fuzz_writes'`.execute(t.db);
  for (const { table_name } of rows)
    await sql`create trigger fuzz_record_write after insert or update or delete on ${sql.table(table_name)}
      for each row execute function fuzz_record_write()`.execute(t.db);
}

/** The tables written (committed) since the last call. */
async function drainWrites(): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`delete from fuzz_writes returning table_name`.execute(t.db);
  return [...new Set(rows.map((r) => r.table_name))].sort();
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

describe('API fuzzing from the OpenAPI document', () => {
  it('documents every route of the route table', () => {
    const missing = API_ROUTES(t.app.routeTable)
      .filter((r) => !operationOf(document, r.method, r.url))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it(
    `every route, ${RUNS} generated requests each: no 5xx, and a refusal changes nothing`,
    { timeout: 600_000 },
    async () => {
      const routes = API_ROUTES(t.app.routeTable);
      const problems: string[] = [];
      const started = Date.now();
      const cpu = process.cpuUsage();
      let sent = 0;
      let shared = await newWorld();
      for (const [index, route] of routes.entries()) {
        const key = `${route.method} ${route.contract.path}`;
        const allowed = REFUSALS_THAT_WRITE[key]?.tables ?? [];
        // Calls that change things may spoil the records they name: a fresh world every few of them.
        if (route.method !== 'GET' && index % 4 === 0) shared = await newWorld();
        const world = shared;
        await drainWrites();
        const found = new Set<string>();
        await fc.assert(
          fc.asyncProperty(casesOf(route, operationOf(document, route.method, route.url)!), async (c) => {
            const request = requestOf(route, world, c);
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
          { numRuns: RUNS, seed: SEED + index },
        );
      }
      const seconds = (Date.now() - started) / 1000;
      const { user, system } = process.cpuUsage(cpu);
      console.log(
        `API fuzzing: ${routes.length} routes × ${RUNS} = ${sent} requests in ${seconds.toFixed(1)} s ` +
          `(${((user + system) / 1e6).toFixed(1)} s of CPU; seed ${SEED}), ${problems.length} problems`,
      );
      expect(problems).toEqual([]);
    },
  );
});
