import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role, RolePage } from '#schemas/role';
import { createRole } from '#server/seed/factories';
import { findOrganizationIds } from '#server/modules/organizations/organization.repository';
import { DEMO_PASSWORD, signIn, v1 } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let ids: Map<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  ids = await findOrganizationIds(t.db, ['acme', 'hartley']);
});
afterAll(() => t?.close());

const rolesPage = (org: string, body: unknown = {}, query = '') =>
  t.app.inject({ method: 'POST', url: `/api/public/${org}/roles${query}`, payload: body as object });

async function roleId(org: string, name: string): Promise<string> {
  const row = await t.db
    .selectFrom('roles')
    .select('id')
    .where('organization_id', '=', ids.get(org)!)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('POST /api/public/:orgId/roles', () => {
  it('pages the active roles, open ones first by deadline, closed ones marked closed', async () => {
    const first = await rolesPage('acme');
    expect(first.statusCode).toBe(200);
    const page = first.json<RolePage>();
    expect(page).toMatchObject({
      number: 0,
      size: 10,
      first: true,
      hasNext: true,
      hasPrevious: false,
      hasContent: true,
      totalElements: 12,
      totalPages: 2,
    });
    expect(page.content).toHaveLength(10);
    expect(page.content.every((role) => !role.closed)).toBe(true);
    const deadlines = page.content.map((role) => role.deadline!);
    expect([...deadlines].sort()).toEqual(deadlines);

    const second = (await rolesPage('acme', {}, '?page=1')).json<RolePage>();
    expect(second).toMatchObject({ number: 1, last: true, hasNext: false, numberOfElements: 2 });
    expect(second.content.at(-1)).toMatchObject({ name: 'Graduate Consultant, Autumn 2026 intake', closed: true });
    // Archived roles and templates are not public.
    const names = [...page.content, ...second.content].map((role) => role.name);
    expect(names).not.toContain('Operations Analyst (2025)');
    expect(names).not.toContain('Graduate role (template)');
  });

  it('accepts the organisation by id as well as by subdomain', async () => {
    const byId = (await rolesPage(ids.get('hartley')!)).json<RolePage>();
    expect(byId.totalElements).toBe(5);
  });

  it('filters by role type, level, department, location, work type and a search term', async () => {
    const filtered = (
      await rolesPage('acme', { workTypes: ['Hybrid'], locations: ['London', 'Manchester'] }, '?resultsPerPage=50')
    ).json<RolePage>();
    expect(
      filtered.content.every((r) => r.workType === 'Hybrid' && ['London', 'Manchester'].includes(r.location)),
    ).toBe(true);
    expect(filtered.totalElements).toBe(4);
    const search = (await rolesPage('acme', { searchTerm: 'technology' })).json<RolePage>();
    expect(search.content.map((r) => r.name).sort()).toEqual([
      'Cyber Security Apprenticeship',
      'Industrial Placement Year, Technology',
      'Technology Graduate Programme',
    ]);
    const typed = (
      await rolesPage('acme', { roleTypes: ['Internship'], roleLevels: ['Student'], departments: ['Strategy'] })
    ).json<RolePage>();
    expect(typed.content.map((r) => r.name)).toEqual(['Summer Internship, Consulting']);
    // % and _ match themselves, not anything.
    expect((await rolesPage('acme', { searchTerm: '%' })).json<RolePage>().totalElements).toBe(0);
  });

  it('answers a clear 400 for bad filters and paging, and 404 for an unknown organisation', async () => {
    const bad = await rolesPage('acme', {
      workTypes: ['Office'],
      searchTerm: 'x'.repeat(101),
      roleTypes: { graduate: true },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['roleTypes', 'searchTerm', 'workTypes.0']);
    expect((await rolesPage('acme', {}, '?page=-1')).statusCode).toBe(400);
    expect((await rolesPage('acme', {}, '?resultsPerPage=500')).statusCode).toBe(400);
    expect((await rolesPage('nowhere')).statusCode).toBe(404);
  });

  it('offers the filter values of the active roles', async () => {
    const departments = await t.app.inject({ method: 'GET', url: '/api/public/organization/acme/departments' });
    expect(departments.json()).toContain('Technology');
    expect(departments.json()).not.toContain('Operations');
    const locations = await t.app.inject({
      method: 'GET',
      url: `/api/public/organization/${ids.get('acme')}/locations`,
    });
    expect(locations.json()).toEqual(['Cardiff', 'Edinburgh', 'London', 'Manchester', 'Remote']);
    for (const attribute of ['roleTypes', 'roleLevels']) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/public/organization/acme/${attribute}` })).json().length,
      ).toBeGreaterThan(2);
    }
  });
});

describe('GET /api/public/:orgId/roles/:roleId', () => {
  it('answers a role with its form configuration, without its hiring-side template', async () => {
    const id = await roleId('acme', 'Technology Graduate Programme');
    const res = await t.app.inject({ method: 'GET', url: `/api/public/acme/roles/${id}` });
    expect(res.statusCode).toBe(200);
    const role = res.json<Role>();
    expect(role).toMatchObject({
      name: 'Technology Graduate Programme',
      workType: 'Hybrid',
      closed: false,
      organization: { subdomain: 'acme' },
    });
    expect(role.formConfiguration.custom?.map((q) => q.id)).toEqual(['programmingLanguages']);
    expect(role.template).toBeUndefined();
    expect(role.description.length).toBeGreaterThan(1);
  });

  it("answers 404 for another organisation's role, an archived role, a template and a malformed id", async () => {
    const hartleyRole = await roleId('hartley', 'Counsel, Corporate M&A');
    const archived = await roleId('acme', 'Operations Analyst (2025)');
    const template = await roleId('acme', 'Graduate role (template)');
    for (const id of [hartleyRole, archived, template, 'not-a-role', '00000000-0000-0000-0000-000000000000']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/public/acme/roles/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: `No role with id '${id}'.`, code: 'noRole', params: { id } });
    }
  });
});

describe('GET /api/v1/role/:roleId (preview)', () => {
  it('shows the hiring side any role of its organisation with its template, and nobody else', async () => {
    const archived = await roleId('acme', 'Operations Analyst (2025)');
    const manager = (await signIn(t.app, 'recruiter@acme.example', DEMO_PASSWORD)).access_token;
    const res = await v1(t.app, manager, 'GET', `/role/${archived}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Role>()).toMatchObject({
      status: 'ARCHIVED',
      template: { viewConfiguration: { listFields: expect.any(Array) } },
    });

    const candidate = (await signIn(t.app, 'candidate@acme.example', DEMO_PASSWORD)).access_token;
    expect((await v1(t.app, candidate, 'GET', `/role/${archived}`)).statusCode).toBe(403);
    const hartleyRole = await roleId('hartley', 'Counsel, Corporate M&A');
    expect((await v1(t.app, manager, 'GET', `/role/${hartleyRole}`)).statusCode).toBe(404);
    expect((await v1(t.app, manager, 'GET', '/role/nope')).statusCode).toBe(404);
  });

  it('shows a role made in the product (factories double as test builders)', async () => {
    const made = await createRole(t.db, ids.get('acme')!, { name: 'Made in a test', status: 'PRESET' });
    const manager = (await signIn(t.app, 'hr@acme.example', DEMO_PASSWORD)).access_token;
    expect((await v1(t.app, manager, 'GET', `/role/${made.id}`)).json<Role>()).toMatchObject({
      name: 'Made in a test',
      status: 'PRESET',
    });
  });
});

describe('OpenAPI', () => {
  it('documents the candidate journey’s calls from their schemas', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/public/{orgId}/roles',
        '/api/public/{orgId}/roles/{roleId}',
        '/api/v1/candidate/applyc/{roleId}',
        '/api/v1/candidate/{id}',
        '/api/v1/candidate/{id}/submit',
        '/api/v1/candidate/{id}/cv',
        '/api/v1/organization/{orgId}/candidate/{id}/upload',
        '/api/v1/organization/{orgId}/candidate/{id}/download/{docId}',
        '/api/v1/user/profile',
        '/api/v1/data/type/{type}',
      ]),
    );
    expect(Object.keys(doc.paths['/api/v1/candidate/{id}']!)).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
  });
});
