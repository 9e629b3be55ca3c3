import type { LightMyRequestResponse } from 'fastify';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationOf, expectedAnswer, MATRIX_ACTORS, matrixScopes } from '#schemas/authorization';
import type { MatrixAnswer, RouteContract } from '#schemas/contract';
import type { RegisteredRoute } from '#server/app-types';
import type { OrganizationRecord } from '#server/db/types';
import { multipart, PDF } from '../helpers/applications';
import { SMALL_FORM_REQUEST } from '../helpers/validator-module';
import {
  callerOf,
  type Cell,
  type OrgWorld,
  paramValue,
  target,
  type World,
  worldMaker,
  worldOrganizations,
} from '../helpers/route-world';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * The authorisation matrix (issue 19, docs/security.md): generated from the app's route table, it
 * asks every route, as every kind of caller from the resource's organisation and from another one,
 * about their own record, another's of the same organisation and another organisation's, and
 * compares each answer with the expectation derived from the contract's `authz` declaration
 * (schemas/authorization.ts). A route without a declaration fails. One app, one seeded database;
 * calls that change things get a world of their own (fresh people, applications, documents).
 */

let t: TestApp;
let orgs: { acme: OrganizationRecord; hartley: OrganizationRecord };
let newWorld: (options?: { ownRoles?: boolean }) => Promise<World>;

beforeAll(async () => {
  t = await createTestApp();
  const organizations = await worldOrganizations(t.db);
  orgs = organizations.orgs;
  newWorld = worldMaker(t.db, organizations).newWorld;
}, 120_000);
afterAll(() => t?.close());

/** The cells of a route: every caller from acme and from hartley (the platform admin on acme's site), each resource. */
function cellsOf(contract: RouteContract): Cell[] {
  return MATRIX_ACTORS.flatMap((actor) =>
    (actor === 'anonymous' || actor === 'platformAdmin' ? (['acme'] as const) : (['acme', 'hartley'] as const)).flatMap(
      (home) => matrixScopes(contract, actor).map((scope) => ({ actor, home, scope })),
    ),
  );
}

/** Query parameters whose schema (a pattern) has no simplest value. */
const QUERY_VALUES: Record<string, string> = {
  token: 'a'.repeat(43),
  section: 'matrix',
  fileName: 'default-configuration.json',
  dateTime: '2030-01-07T10:00:00Z',
};

function simplest(schema: TSchema, where: string): unknown {
  try {
    return Value.Create(schema);
  } catch {
    throw new Error(`${where}: the matrix cannot make a value; add one to QUERY_VALUES`);
  }
}

/** Bodies for the calls whose schema's simplest value is not a valid request. */
const BODIES: Record<string, unknown> = {
  'PUT /v1/role/:roleId': { name: 'Matrix role' },
  'POST /v1/candidate/:id/sessions': { type: 'call', startDateTime: '2030-01-07T10:00:00Z', duration: 30 },
  // The invitation's own slot, at its time (booked already: the same booking again).
  'PUT /public/interview/:token': (w: OrgWorld) => ({ id: w.slot, selectedTime: w.slotStartsAt }),
  // A valid template, so that another organisation's id is what answers.
  'PUT /v1/communications/templates/:templateId': {
    name: 'Matrix template',
    channel: 'EMAIL',
    kind: 'GENERAL',
    texts: { en: { subject: 'Hello', body: '<p>Hello</p>' } },
    trigger: null,
  },
  'POST /v1/communications/send': (w: OrgWorld) => ({ templateId: w.template, ids: [w.application] }),
  'POST /public/organization/:sub/form-validators': SMALL_FORM_REQUEST,
  // The application's own document, so that the organisation is what answers.
  'POST /v1/organization/:orgId/candidate/:id/signature-requests': (w: OrgWorld) => ({ documentId: w.document }),
};

/** The simplest body, or an empty object (a 400 about the input, past the gate) where a field needs a pattern. */
function simplestBody(schema: TSchema): unknown {
  try {
    return Value.Create(schema);
  } catch {
    return {};
  }
}

function requestFor(route: RegisteredRoute & { contract: RouteContract }, world: World, cell: Cell) {
  const { contract } = route;
  const path = contract.path.replace(/:([A-Za-z]+)/g, (_m, name: string) =>
    encodeURIComponent(paramValue(name, contract.path, world, cell)),
  );
  const caller = callerOf(world, cell);
  const site = cell.actor === 'anonymous' ? target(world, cell).world.org.subdomain : orgs[cell.home].subdomain;
  const headers: Record<string, string> = caller ? { authorization: `Bearer ${caller.token}` } : {};
  let payload: string | Buffer | undefined;
  if (contract.consumes?.includes('multipart/form-data')) {
    const body = multipart('file', 'transcript.pdf', 'application/pdf', PDF);
    Object.assign(headers, body.headers);
    payload = body.payload;
  } else if (contract.body) {
    headers['content-type'] = 'application/json';
    const body = BODIES[`${route.method} ${contract.path}`];
    payload = JSON.stringify(
      typeof body === 'function'
        ? (body as (w: OrgWorld) => unknown)(target(world, cell).world)
        : (body ?? simplestBody(contract.body)),
    );
  }
  // The query's required parameters, each at its simplest valid value, and the caller's site.
  const query = new URLSearchParams();
  const schema = contract.querystring;
  for (const key of schema?.required ?? []) {
    const value = QUERY_VALUES[key] ?? simplest(schema!.properties[key]!, `${contract.path}?${key}`);
    if (value !== undefined && typeof value !== 'object') query.set(key, String(value));
  }
  query.set('subdomain', site);
  return {
    method: route.method as 'GET',
    url: `/api${path}?${query.toString()}`,
    headers,
    ...(payload !== undefined && { payload }),
  };
}

/** What an answer means for the matrix: past the gate, or refused and how. */
function answerOf(res: LightMyRequestResponse): MatrixAnswer {
  if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode === 404) return res.statusCode;
  return 'ok';
}

const API_ROUTES = (table: readonly RegisteredRoute[]) =>
  table.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !r.url.startsWith('/api/docs'));

describe('the authorisation matrix', () => {
  it('every API route comes from a contract that declares who may call it', () => {
    const undeclared = API_ROUTES(t.app.routeTable)
      .filter((r) => !r.contract || !authorizationOf(r.contract))
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared, 'add `authz` to these contracts (docs/how-to-add.md)').toEqual([]);
  });

  it('every route answers every caller as declared: 0 mismatches', { timeout: 240_000 }, async () => {
    const routes = API_ROUTES(t.app.routeTable).filter(
      (r): r is RegisteredRoute & { contract: RouteContract } => r.contract !== undefined,
    );
    const shared = await newWorld();
    const mismatches: string[] = [];
    let asked = 0;
    const ask = async (route: (typeof routes)[number]) => {
      const { contract } = route;
      // A call that changes things gets a world of its own, so it cannot spoil another route's.
      // Its own copies of the roles too: archiving the shared role would close it to another route's applicants.
      const world = route.method === 'GET' ? shared : await newWorld({ ownRoles: true });
      const cells = cellsOf(contract)
        .map((cell) => ({ cell, expected: expectedAnswer(contract, cell.actor, cell.scope) }))
        .filter((c) => c.expected !== 'skip');
      const check = async ({ cell, expected }: (typeof cells)[number], own: World) => {
        const res = await t.app.inject(requestFor(route, own, cell));
        asked++;
        if (answerOf(res) !== expected)
          mismatches.push(
            `${route.method} ${contract.path} ${cell.actor}@${cell.home}/${cell.scope}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 100)}`,
          );
      };
      // Refusals first, together: they must change nothing, so the allowed calls after them see the same world.
      await Promise.all(cells.filter((c) => c.expected !== 'ok').map((c) => check(c, world)));
      for (const allowed of cells.filter((c) => c.expected === 'ok'))
        // An allowed deletion may remove what the next allowed cell names: each gets its own world.
        await check(allowed, route.method === 'DELETE' ? await newWorld({ ownRoles: true }) : world);
    };
    // Routes are independent (their own worlds; GETs only read the shared one): a few at a time.
    const queue = [...routes];
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let route = queue.shift(); route; route = queue.shift()) await ask(route);
      }),
    );
    mismatches.sort();
    console.log(`authorisation matrix: ${routes.length} routes, ${asked} calls, ${mismatches.length} mismatches`);
    expect(mismatches).toEqual([]);
  });
});
