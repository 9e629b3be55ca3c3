import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagerRolePage, Role } from '#schemas/role';
import { createUser } from '#server/seed/factories';
import { json } from '#server/db/json';
import type { ApplicationState } from '#server/db/types';
import { findOrganizationIds } from '#server/modules/organizations/organization.repository';
import { DEMO_PASSWORD, signIn, v1 } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let ids: Map<string, string>;
let hr: string;
let recruiter: string;
let candidate: string;
let hartleyHr: string;

beforeAll(async () => {
  t = await createTestApp();
  ids = await findOrganizationIds(t.db, ['acme', 'hartley']);
  [hr, recruiter, candidate, hartleyHr] = await Promise.all([
    signIn(t.app, 'hr@acme.example', DEMO_PASSWORD).then((r) => r.access_token),
    signIn(t.app, 'recruiter@acme.example', DEMO_PASSWORD).then((r) => r.access_token),
    signIn(t.app, 'candidate@acme.example', DEMO_PASSWORD).then((r) => r.access_token),
    signIn(t.app, 'hr@hartley.example', DEMO_PASSWORD, 'hartley').then((r) => r.access_token),
  ]);
});
afterAll(() => t?.close());

const ACME_STAGES = [1, 28, 2, 3, 9, 10, 11, 14, 15, 16];

async function roleId(org: string, name: string): Promise<string> {
  const row = await t.db
    .selectFrom('roles')
    .select('id')
    .where('organization_id', '=', ids.get(org)!)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

const list = async (token: string, query = '') => {
  const res = await v1(t.app, token, 'GET', `/roles${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ManagerRolePage>();
};

/** Applications of new candidates on a role, straight into the table (state, stage and substage as given). */
async function addApplications(
  role: string,
  places: Array<{ state: ApplicationState; stageId: number | null; substageId?: string | null }>,
) {
  const organizationId = ids.get('acme')!;
  for (const place of places) {
    const user = await createUser(t.db, { organizationId });
    await t.db
      .insertInto('applications')
      .values({
        organization_id: organizationId,
        role_id: role,
        user_id: user.id,
        state: place.state,
        stage_id: place.stageId,
        substage_id: place.substageId ?? null,
        answers: json({}),
        applied_at: place.state === 'DRAFT' ? null : new Date(),
      })
      .execute();
  }
}

describe('GET /api/v1/roles', () => {
  it('pages the active roles, open ones first by deadline, closed ones last, each with every stage of the pipeline', async () => {
    const page = await list(recruiter);
    expect(page).toMatchObject({
      number: 0,
      size: 20,
      totalElements: 12,
      totalPages: 1,
      first: true,
      last: true,
      hasContent: true,
    });
    expect(page.content.every((role) => role.status === 'ACTIVE')).toBe(true);
    const open = page.content.filter((role) => !role.closed);
    expect(open.map((r) => r.deadline)).toEqual(open.map((r) => r.deadline).sort());
    expect(page.content.at(-1)).toMatchObject({ name: 'Graduate Consultant, Autumn 2026 intake', closed: true });
    expect(page.content[0]).toMatchObject({
      name: 'Spring Insight Week',
      roleType: expect.any(String),
      location: expect.any(String),
      department: expect.any(String),
    });
    for (const role of page.content) {
      expect(role.stages.map((s) => s.stageId)).toEqual(ACME_STAGES);
    }
  });

  it('lists archived roles and templates by status, searches, and pages', async () => {
    expect((await list(hr, '?status=ARCHIVED')).content.map((r) => r.name)).toEqual(['Operations Analyst (2025)']);
    expect((await list(hr, '?status=PRESET')).content.map((r) => r.name)).toEqual(['Graduate role (template)']);
    const search = await list(hr, '?searchTerm=technology');
    expect(search.content.map((r) => r.name).sort()).toEqual([
      'Cyber Security Apprenticeship',
      'Industrial Placement Year, Technology',
      'Technology Graduate Programme',
    ]);
    expect((await list(hr, `?searchTerm=${encodeURIComponent('%')}`)).totalElements).toBe(0);
    const third = await list(hr, '?resultsPerPage=5&page=2');
    expect(third).toMatchObject({
      number: 2,
      size: 5,
      numberOfElements: 2,
      totalPages: 3,
      last: true,
      hasPrevious: true,
      hasNext: false,
    });
    const all = (await list(hr)).content.map((r) => r.id);
    expect(third.content.map((r) => r.id)).toEqual(all.slice(10, 12));
  });

  it('counts the applications in the pipeline per stage: submitted and withdrawn, never drafts', async () => {
    const role = await roleId('acme', 'Finance Graduate Scheme');
    await addApplications(role, [
      { state: 'SUBMITTED', stageId: 1, substageId: '1-new' },
      { state: 'SUBMITTED', stageId: 1, substageId: '1-new' },
      { state: 'SUBMITTED', stageId: 1, substageId: '1-reviewed' },
      { state: 'SUBMITTED', stageId: 3, substageId: '3-invited' },
      { state: 'WITHDRAWN', stageId: 15, substageId: '15-to-notify' },
      { state: 'DRAFT', stageId: null },
      { state: 'DRAFT', stageId: null },
    ]);
    const row = (await list(recruiter)).content.find((r) => r.id === role)!;
    expect(row.applications).toBe(5);
    expect(Object.fromEntries(row.stages.map((s) => [s.stageId, s.total]))).toEqual({
      1: 3,
      28: 0,
      2: 0,
      3: 1,
      9: 0,
      10: 0,
      11: 0,
      14: 0,
      15: 1,
      16: 0,
    });
    const other = (await list(recruiter)).content.find((r) => r.name === 'Sustainability Analyst')!;
    expect(other.applications).toBe(0);
  });

  it('answers 400 naming a bad status or page size', async () => {
    const bad = await v1(t.app, hr, 'GET', '/roles?status=DELETED&resultsPerPage=500');
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['resultsPerPage', 'status']);
  });
});

describe('POST /api/v1/roles', () => {
  it('makes an active role from a template, with its configuration and template copied', async () => {
    const templateId = await roleId('acme', 'Graduate role (template)');
    const template = (await v1(t.app, hr, 'GET', `/role/${templateId}`)).json<Role>();
    const res = await v1(t.app, recruiter, 'POST', '/roles', { templateId, name: '  Graduate Analyst, Leeds 2027 ' });
    expect(res.statusCode, res.body).toBe(201);
    const role = res.json<Role>();
    expect(role).toMatchObject({
      name: 'Graduate Analyst, Leeds 2027',
      status: 'ACTIVE',
      deadline: null,
      closed: false,
      roleType: template.roleType,
      location: template.location,
    });
    expect(role.id).not.toBe(templateId);
    expect(role.template).toEqual(template.template);
    expect(role.formConfiguration).toEqual(template.formConfiguration);
    // Candidates can find it at once; managers see it among their active roles.
    const open = await t.app.inject({
      method: 'POST',
      url: '/api/public/acme/roles',
      payload: { searchTerm: 'Leeds 2027' },
    });
    expect(open.json<{ content: Array<{ id: string }> }>().content.map((r) => r.id)).toEqual([role.id]);
    expect((await list(hr, '?searchTerm=Leeds%202027')).content.map((r) => r.id)).toEqual([role.id]);
    // The template stays a template.
    expect((await list(hr, '?status=PRESET')).totalElements).toBe(1);
  });

  it('makes a copy of an active role: its form and template copied, none of its applications', async () => {
    const active = await roleId('acme', 'Sustainability Analyst');
    const original = (await v1(t.app, hr, 'GET', `/role/${active}`)).json<Role>();
    const res = await v1(t.app, hr, 'POST', '/roles', { templateId: active, name: 'Sustainability Analyst, copy' });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json<Role>();
    expect(copy).toMatchObject({ name: 'Sustainability Analyst, copy', status: 'ACTIVE', location: original.location });
    expect(copy.formConfiguration).toEqual(original.formConfiguration);
    expect(copy.template).toEqual(original.template);
    const applications = await t.db.selectFrom('applications').select('id').where('role_id', '=', copy.id).execute();
    expect(applications).toEqual([]);
  });

  it('refuses another organisation’s role and malformed ids (404), and a blank name', async () => {
    const hartleyRole = await roleId('hartley', 'Counsel, Corporate M&A');
    for (const templateId of [hartleyRole, 'nope', '00000000-0000-0000-0000-000000000000']) {
      const res = await v1(t.app, hr, 'POST', '/roles', { templateId, name: 'Copy' });
      expect(res.statusCode, templateId).toBe(404);
    }
    const blank = await v1(t.app, hr, 'POST', '/roles', {
      templateId: await roleId('acme', 'Graduate role (template)'),
      name: '   ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0].field).toBe('name');
  });
});

describe('PUT /api/v1/role/:roleId', () => {
  it('saves name, summary, deadline, form configuration and template; candidates get the new form', async () => {
    const id = await roleId('acme', 'Graduate, People and Talent');
    const formConfiguration = {
      custom: [{ id: 'whyPeople', type: 'textarea', label: 'Why people and talent?', maxWords: 200 }],
      required: { coverLetter: true },
    };
    const template = {
      viewConfiguration: {
        listFields: [
          { id: 'firstName', candidateResponse: false },
          { id: 'whyPeople', candidateResponse: true },
          { id: 'whyAcme', candidateResponse: true },
        ],
      },
    };
    const res = await v1(t.app, recruiter, 'PUT', `/role/${id}`, {
      name: 'Graduate, People and Culture',
      summary: 'Join our people team.',
      deadline: '2020-01-31T23:59:00.000Z',
      formConfiguration,
      template,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Role>()).toMatchObject({
      name: 'Graduate, People and Culture',
      summary: 'Join our people team.',
      closed: true,
      formConfiguration,
      template,
    });

    // A deadline in the past closes the role; clearing it opens it again, and the other fields stay.
    const reopened = await v1(t.app, recruiter, 'PUT', `/role/${id}`, { deadline: null });
    expect(reopened.json<Role>()).toMatchObject({
      name: 'Graduate, People and Culture',
      deadline: null,
      closed: false,
      formConfiguration,
    });
    const form = await t.app.inject({ method: 'GET', url: `/api/public/acme/roles/${id}` });
    expect(form.json<Role>().formConfiguration.custom?.map((q) => q.id)).toEqual(['whyPeople']);
  });

  it('checks a role over the organisation it belongs to: sections left off every step, keys decoded once', async () => {
    const id = await roleId('acme', 'Sustainability Analyst');
    const before = (await v1(t.app, hr, 'GET', `/role/${id}`)).json<Role>();
    // acme asks custom questions, so a role whose steps leave out additionalQuestions would drop them.
    const steps = { application: [{ id: 'all', sections: ['personalInformation', 'rightToWork', 'documents'] }] };
    const res = await v1(t.app, hr, 'PUT', `/role/${id}`, {
      formConfiguration: { fields: { 'odd/key~': true } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Array<{ field: string }> }>().errors.map((e) => e.field)).toEqual([
      'formConfiguration.fields.odd/key~',
    ]);
    const unplaced = await v1(t.app, hr, 'PUT', `/role/${id}`, { formConfiguration: { views: steps } });
    expect(unplaced.statusCode).toBe(400);
    const errors = unplaced.json<{ errors: Array<{ field: string; message: string }> }>().errors;
    expect(errors.map((e) => e.field)).toEqual(Array(errors.length).fill('formConfiguration.views.application'));
    expect(errors.map((e) => /section '(\w+)'/.exec(e.message)?.[1])).toEqual(
      expect.arrayContaining([
        'universityEducation',
        'equalOpportunities',
        'additionalQuestions',
        'termsAndConditions',
      ]),
    );
    expect((await v1(t.app, hr, 'GET', `/role/${id}`)).json<Role>()).toEqual(before);

    // Hidden, the same sections may stay off the steps; a question inside a repeatable group may be listed.
    const hidden = Object.fromEntries(errors.map((e) => [/section '(\w+)'/.exec(e.message)![1]!, false]));
    const saved = await v1(t.app, hr, 'PUT', `/role/${id}`, {
      formConfiguration: { views: steps, subsections: hidden },
      template: { viewConfiguration: { listFields: [{ id: 'degreeSubject', candidateResponse: true }] } },
    });
    expect(saved.statusCode).toBe(200);
  });

  it('refuses a configuration the engine rejects, naming every problem by its path, and saves nothing', async () => {
    const id = await roleId('acme', 'Sustainability Analyst');
    const before = (await v1(t.app, hr, 'GET', `/role/${id}`)).json<Role>();
    const res = await v1(t.app, hr, 'PUT', `/role/${id}`, {
      name: 'Renamed',
      formConfiguration: { fields: { notAField: true }, custom: [{ id: 'firstName', type: 'text', label: 'Clash' }] },
      template: {
        viewConfiguration: {
          listFields: [
            { id: 'firstName', candidateResponse: false },
            { id: 'favouriteColour', candidateResponse: true },
          ],
        },
      },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; errors: Array<{ field: string; message: string }> }>();
    expect(body.message).toBe("The role's configuration has problems");
    expect(body.errors.map((e) => e.field).sort()).toEqual([
      'formConfiguration.custom.0.id',
      'formConfiguration.fields.notAField',
      'template.viewConfiguration.listFields.1.id',
    ]);
    expect(body.errors.find((e) => e.field === 'template.viewConfiguration.listFields.1.id')?.message).toBe(
      "'favouriteColour' is not a known question: expected a catalogue field (one inside a repeatable group included), " +
        'a custom question id or a contextual measure (contextualFlags, performanceIndex, schoolPercentile, universityPercentile)',
    );

    const shape = await v1(t.app, hr, 'PUT', `/role/${id}`, { formConfiguration: { views: 'all' } });
    expect(shape.statusCode).toBe(400);
    expect(shape.json().errors[0]).toMatchObject({ field: 'formConfiguration.views', message: 'expected object' });

    const after = (await v1(t.app, hr, 'GET', `/role/${id}`)).json<Role>();
    expect(after).toEqual(before);
  });

  it('answers 400 for bad fields and an empty edit', async () => {
    const id = await roleId('acme', 'Sustainability Analyst');
    const bad = await v1(t.app, hr, 'PUT', `/role/${id}`, {
      name: '',
      deadline: 'next week',
      summary: 'x'.repeat(501),
    });
    expect(bad.statusCode).toBe(400);
    expect([...new Set(bad.json().errors.map((e: { field: string }) => e.field))].sort()).toEqual([
      'deadline',
      'name',
      'summary',
    ]);
    expect((await v1(t.app, hr, 'PUT', `/role/${id}`, { name: '  ' })).json().errors).toEqual([
      { field: 'name', message: 'Enter a name for the role' },
    ]);
    expect((await v1(t.app, hr, 'PUT', `/role/${id}`, {})).statusCode).toBe(400);
  });
});

describe('archive and restore', () => {
  it('archives an active role (gone from candidates and the active list) and restores it', async () => {
    const id = await roleId('acme', 'Graduate Data Analyst');
    const archived = await v1(t.app, recruiter, 'POST', `/role/${id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json<Role>().status).toBe('ARCHIVED');
    expect((await t.app.inject({ method: 'GET', url: `/api/public/acme/roles/${id}` })).statusCode).toBe(404);
    expect((await list(hr)).content.map((r) => r.id)).not.toContain(id);
    expect((await list(hr, '?status=ARCHIVED')).content.map((r) => r.id)).toContain(id);
    // Archiving again changes nothing.
    expect((await v1(t.app, recruiter, 'POST', `/role/${id}/archive`)).json<Role>().status).toBe('ARCHIVED');

    const restored = await v1(t.app, recruiter, 'POST', `/role/${id}/restore`);
    expect(restored.json<Role>().status).toBe('ACTIVE');
    expect((await t.app.inject({ method: 'GET', url: `/api/public/acme/roles/${id}` })).statusCode).toBe(200);
    expect((await list(hr)).content.map((r) => r.id)).toContain(id);
  });

  it('keeps templates templates', async () => {
    const template = await roleId('acme', 'Graduate role (template)');
    for (const action of ['archive', 'restore']) {
      const res = await v1(t.app, hr, 'POST', `/role/${template}/${action}`);
      expect(res.statusCode, action).toBe(400);
    }
    expect((await list(hr, '?status=PRESET')).content.map((r) => r.id)).toContain(template);
  });
});

describe('who may', () => {
  it("answers 404 for another organisation's role and for malformed ids, whatever the call", async () => {
    const hartleyRole = await roleId('hartley', 'Counsel, Corporate M&A');
    for (const id of [hartleyRole, 'not-a-role', '00000000-0000-0000-0000-000000000000']) {
      expect((await v1(t.app, hr, 'PUT', `/role/${id}`, { name: 'Mine now' })).statusCode, id).toBe(404);
      expect((await v1(t.app, hr, 'POST', `/role/${id}/archive`)).statusCode, id).toBe(404);
      expect((await v1(t.app, hr, 'POST', `/role/${id}/restore`)).statusCode, id).toBe(404);
    }
    // hartley's own list is hartley's; its token cannot read acme's.
    const own = await list(hartleyHr, '?subdomain=hartley');
    expect(own.content.map((r) => r.id)).toContain(hartleyRole);
    expect(own.content[0]!.stages[0]).toEqual({ stageId: 17, total: 0 });
    expect((await v1(t.app, hartleyHr, 'GET', '/roles?subdomain=acme')).statusCode).toBe(404);
    const untouched = await t.db
      .selectFrom('roles')
      .select(['name', 'status'])
      .where('id', '=', hartleyRole)
      .executeTakeFirstOrThrow();
    expect(untouched).toEqual({ name: 'Counsel, Corporate M&A', status: 'ACTIVE' });
  });

  it('keeps candidates out (403) and anonymous callers out (401)', async () => {
    const id = await roleId('acme', 'Sustainability Analyst');
    const template = await roleId('acme', 'Graduate role (template)');
    expect((await v1(t.app, candidate, 'GET', '/roles')).statusCode).toBe(403);
    expect((await v1(t.app, candidate, 'POST', '/roles', { templateId: template, name: 'Mine' })).statusCode).toBe(403);
    expect((await v1(t.app, candidate, 'PUT', `/role/${id}`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await v1(t.app, candidate, 'POST', `/role/${id}/archive`)).statusCode).toBe(403);
    expect((await v1(t.app, candidate, 'POST', `/role/${id}/restore`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/roles' })).statusCode).toBe(401);
    const still = await t.db
      .selectFrom('roles')
      .select(['name', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(still.status).toBe('ACTIVE');
  });
});
