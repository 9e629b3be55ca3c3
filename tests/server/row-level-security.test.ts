import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bypassesRowSecurity } from '#server/db/client';
import { ORGANIZATION_TABLES } from '#server/db/migrations/0022-row-level-security';
import { FORM_VALIDATOR_TABLES } from '#server/db/migrations/0025-form-validators';
import { SEARCH_COUNT_TABLES } from '#server/db/migrations/0026-search-counts';
import { SEARCH_FACET_TABLES } from '#server/db/migrations/0029-search-facets';
import { REPORT_ROLLUP_TABLES } from '#server/db/migrations/0030-report-rollups';
import { INTEGRATION_TABLES } from '#server/db/migrations/0027-integrations';
import { loadOrganization } from '#server/plugins/tenancy';
import { seedDemoPipeline } from '#server/seed/demo-pipeline';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * The second wall of tenancy (issue 19, decision 0068): on PostgreSQL, a query that forgets its organisation still
 * sees and touches only the request's organisation. The test routes below make such queries on purpose.
 */

/**
 * Candidate-data tables whose rows a forgotten `where` must never leak, with rows in both organisations after the demo
 * pipeline (every other organisation table has the same policy: the first test).
 */
const CANDIDATE_TABLES = [
  'applications',
  'users',
  'candidate_notes',
  'candidate_scores',
  'documents',
  'stage_history',
] as const;
type CandidateTable = (typeof CANDIDATE_TABLES)[number];

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    configure: (app) => {
      // A handler with the classic bug: every row of the table, no organisation in the query.
      app.get<{ Params: { table: CandidateTable } }>(
        '/api/test/unscoped/:table',
        { preHandler: loadOrganization },
        async (request) => {
          const { rows } = await sql<{
            organization_id: string | null;
          }>`select organization_id from ${sql.table(request.params.table)}`.execute(app.db);
          return { organizations: [...new Set(rows.map((row) => row.organization_id))], rows: rows.length };
        },
      );
      // The same before any organisation is known (no loadOrganization): nothing at all.
      app.get('/api/test/unscoped-before-organization', async () => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from applications`.execute(app.db);
        return { rows: rows[0]!.n };
      });
      // A row written into another organisation: refused by the policy's check (an error, so a 500).
      app.post<{ Body: { organizationId: string; applicationId: string } }>(
        '/api/test/plant-note',
        { preHandler: loadOrganization },
        async (request) => {
          await sql`insert into candidate_notes (organization_id, application_id, kind, body)
            values (${request.body.organizationId}, ${request.body.applicationId}, 'NOTE', 'planted')`.execute(app.db);
          return { planted: true };
        },
      );
      // An update that names another organisation: matches none of its rows.
      app.post<{ Body: { organizationId: string } }>(
        '/api/test/unscoped-write',
        { preHandler: loadOrganization },
        async (request) => {
          const { rowCount } = await sql`update roles set name = name || ' (changed)'
            where organization_id = ${request.body.organizationId}`
            .execute(app.db)
            .then((result) => ({ rowCount: Number(result.numAffectedRows ?? 0) }));
          return { rowCount };
        },
      );
    },
  });
  // Applications, notes, scores, documents and stage history in two organisations.
  await seedDemoPipeline(t.db, ['acme', 'hartley']);
}, 120_000);
afterAll(() => t?.close());

async function organizationId(subdomain: string): Promise<string> {
  const row = await t.db
    .selectFrom('organizations')
    .select('id')
    .where('subdomain', '=', subdomain)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('row-level security policies (migration 0022)', () => {
  it('covers every table that holds an organisation’s rows, forced on the owner too', async () => {
    const { rows } = await sql<{ table_name: string; enabled: boolean; forced: boolean; policies: number }>`
      select c.relname as table_name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
        (select count(*)::int from pg_policies p where p.tablename = c.relname and p.schemaname = 'public') as policies
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and exists (select 1 from information_schema.columns col
          where col.table_schema = 'public' and col.table_name = c.relname and col.column_name = 'organization_id')
      order by 1`.execute(t.db);
    expect(rows.map((row) => row.table_name)).toEqual(
      [
        ...ORGANIZATION_TABLES,
        ...FORM_VALIDATOR_TABLES,
        ...SEARCH_COUNT_TABLES,
        ...SEARCH_FACET_TABLES,
        ...REPORT_ROLLUP_TABLES,
        ...INTEGRATION_TABLES,
      ].sort(),
    );
    for (const row of rows) expect(row, row.table_name).toMatchObject({ enabled: true, forced: true, policies: 1 });
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('the wall on PostgreSQL', () => {
  it('binds the role the server connects as (not a superuser, not BYPASSRLS)', async () => {
    expect(await bypassesRowSecurity(t.db)).toBe(false);
  });

  it.each(CANDIDATE_TABLES)('a query of %s that forgets its organisation sees only the request’s', async (table) => {
    const [acme, hartley] = [await organizationId('acme'), await organizationId('hartley')];
    // Outside a request the operator's connection sees every organisation: the data to leak is there.
    const all = await sql<{ organization_id: string | null }>`select organization_id from ${sql.table(table)}`.execute(
      t.db,
    );
    const res = await t.app.inject({ url: `/api/test/unscoped/${table}`, headers: { host: 'acme.localhost' } });
    expect(res.statusCode).toBe(200);
    const seen = res.json<{ organizations: (string | null)[]; rows: number }>();
    expect(seen.organizations).not.toContain(hartley);
    // users: platform admins belong to no organisation and work in all of them (null).
    for (const id of seen.organizations) expect([acme, ...(table === 'users' ? [null] : [])]).toContain(id);
    expect(seen.rows).toBe(
      all.rows.filter((row) => row.organization_id === acme || row.organization_id === null).length,
    );
    expect(all.rows.some((row) => row.organization_id === hartley)).toBe(true);
    expect(seen.rows).toBeGreaterThan(0);
  });

  it('sees no organisation’s rows before the request’s organisation is known', async () => {
    const res = await t.app.inject({
      url: '/api/test/unscoped-before-organization',
      headers: { host: 'acme.localhost' },
    });
    expect(res.json()).toEqual({ rows: 0 });
  });

  it('cannot change another organisation’s rows from a request of one', async () => {
    const hartley = await organizationId('hartley');
    const before = await t.db
      .selectFrom('roles')
      .select(['id', 'name'])
      .where('organization_id', '=', hartley)
      .execute();
    expect(before.length).toBeGreaterThan(0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/unscoped-write',
      headers: { host: 'acme.localhost' },
      payload: { organizationId: hartley },
    });
    expect(res.json()).toEqual({ rowCount: 0 });
    const after = await t.db
      .selectFrom('roles')
      .select(['id', 'name'])
      .where('organization_id', '=', hartley)
      .execute();
    expect(after).toEqual(before);
  });

  it('refuses a row written into another organisation', async () => {
    const hartley = await organizationId('hartley');
    const application = await t.db
      .selectFrom('applications')
      .select('id')
      .where('organization_id', '=', hartley)
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/plant-note',
      headers: { host: 'acme.localhost' },
      payload: { organizationId: hartley, applicationId: application.id },
    });
    expect(res.statusCode).toBe(500);
    const planted = await t.db.selectFrom('candidate_notes').select('id').where('body', '=', 'planted').execute();
    expect(planted).toEqual([]);
  });
});
