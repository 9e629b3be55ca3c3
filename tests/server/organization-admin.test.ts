import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Contact,
  OrganizationChoice,
  OrganizationDetails,
  OrganizationPage,
  OrganizationReport,
  OrganizationUser,
  ProductModule,
} from '#schemas/organization-admin';
import type { ReferenceItem } from '#schemas/reference-data';
import { findOrganizationIds } from '#server/modules/organizations/organization.repository';
import { DEMO_PASSWORD, deliverEmails, messageTo, passwordLogin, signIn, v1 } from '../helpers/auth';
import { PDF, PNG, upload } from '../helpers/applications';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * Issue 15 part A: client organisations for platform admins, and an organisation's managers, contacts,
 * report and reference lists. Who may call what: platform admins everything; a hiring-manager admin only
 * their own organisation (another's answers 404); a Standard manager no user management; candidates none.
 */

let t: TestApp;
let ids: Map<string, string>;
let admin: string;
let hr: string;
let recruiter: string;
let candidate: string;
let hartleyHr: string;

beforeAll(async () => {
  t = await createTestApp();
  ids = await findOrganizationIds(t.db, ['acme', 'hartley']);
  [admin, hr, recruiter, candidate, hartleyHr] = await Promise.all([
    signIn(t.app, 'admin@candid.example').then((r) => r.access_token),
    signIn(t.app, 'hr@acme.example').then((r) => r.access_token),
    signIn(t.app, 'recruiter@acme.example').then((r) => r.access_token),
    signIn(t.app, 'candidate@acme.example').then((r) => r.access_token),
    signIn(t.app, 'hr@hartley.example', DEMO_PASSWORD, 'hartley').then((r) => r.access_token),
  ]);
});
afterAll(() => t?.close());

const acme = () => ids.get('acme')!;
const hartley = () => ids.get('hartley')!;

const NEW_ORG = {
  name: 'Fenwick Partners',
  subdomain: 'fenwick',
  edition: 'ats',
  productType: 'ATS',
  tier: 'Tier 2',
  countryBase: 'UK',
  sector: { id: 3, name: 'Professional services' },
  additionalLanguageSupport: [{ code: 'cy', name: 'Cymraeg' }],
  settings: { sessionTimeout: 45, gtmId: 'GTM-FENW01' },
} as const;

async function created(): Promise<OrganizationDetails> {
  const existing = await v1(t.app, admin, 'GET', '/organization/all');
  const found = existing.json<OrganizationChoice[]>().find((o) => o.subdomain === NEW_ORG.subdomain);
  if (found) return (await v1(t.app, admin, 'GET', `/organization/${found.id}`)).json<OrganizationDetails>();
  const res = await v1(t.app, admin, 'POST', '/organization', NEW_ORG);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<OrganizationDetails>();
}

describe('platform admins list and create organisations', () => {
  it('creates an organisation that its hosts serve at once, with its settings and a logo', async () => {
    const org = await created();
    expect(org).toMatchObject({
      name: 'Fenwick Partners',
      subdomain: 'fenwick',
      status: 'ACTIVE',
      hasLogo: true,
      supportEmail: 'support@candid.example',
      settings: { sessionTimeout: 45, gtmId: 'GTM-FENW01', subdomainRestricted: false },
      additionalLanguageSupport: [{ code: 'cy', name: 'Cymraeg' }],
    });
    const publicProfile = await t.app.inject({ method: 'GET', url: '/api/public/organization/fenwick' });
    expect(publicProfile.statusCode).toBe(200);
    expect(publicProfile.json()).toMatchObject({ name: 'Fenwick Partners', settings: { sessionTimeout: 45 } });
    const byHost = await t.app.inject({
      method: 'POST',
      url: '/api/public/fenwick/roles',
      headers: { host: 'fenwick.localhost:3000' },
      payload: {},
    });
    expect(byHost.statusCode, byHost.body).toBe(200);
    const logo = await t.app.inject({ method: 'GET', url: '/api/public/organization/fenwick/logo' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
    const site = await t.app.inject({ method: 'GET', url: '/api/public/site', headers: { host: 'fenwick.localhost' } });
    expect(site.statusCode, site.body).toBe(200);
    // One role template, so its studio can make its first role at once; no open role until then.
    const templates = await t.db
      .selectFrom('roles')
      .select(['name', 'status'])
      .where('organization_id', '=', org.id)
      .execute();
    expect(templates).toEqual([{ name: 'Graduate role (template)', status: 'PRESET' }]);
    expect(byHost.json<{ totalElements: number }>().totalElements).toBe(0);
  });

  it('checks the subdomain for shape and uniqueness, and the languages', async () => {
    await created();
    const bad = await v1(t.app, admin, 'POST', '/organization', { ...NEW_ORG, subdomain: 'hr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'subdomain' })]);
    const shape = await v1(t.app, admin, 'POST', '/organization', { ...NEW_ORG, subdomain: 'two--hyphens' });
    expect(shape.statusCode).toBe(400);
    const pattern = await v1(t.app, admin, 'POST', '/organization', { ...NEW_ORG, subdomain: 'Upper' });
    expect(pattern.statusCode).toBe(400);
    const taken = await v1(t.app, admin, 'POST', '/organization', { ...NEW_ORG, subdomain: 'acme' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ field: 'subdomain', message: "The subdomain 'acme' is already taken" }]);
    const language = await v1(t.app, admin, 'POST', '/organization', {
      ...NEW_ORG,
      subdomain: 'klingon',
      additionalLanguageSupport: [{ code: 'tlh', name: 'Klingon' }],
    });
    expect(language.statusCode).toBe(400);
    expect(language.json().errors).toEqual([
      { field: 'additionalLanguageSupport/0/code', message: "The product has no translation into 'tlh'" },
    ]);
  });

  it('two admins creating the same subdomain at once: one organisation, one 409', async () => {
    const body = { ...NEW_ORG, subdomain: 'racing', name: 'Racing' };
    const answers = await Promise.all([
      v1(t.app, admin, 'POST', '/organization', body),
      v1(t.app, admin, 'POST', '/organization', body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it('lists by status, searches and pages', async () => {
    await created();
    const page = (await v1(t.app, admin, 'GET', '/organization?resultsPerPage=2')).json<OrganizationPage>();
    expect(page.content).toHaveLength(2);
    expect(page).toMatchObject({ number: 0, size: 2, hasNext: true, first: true });
    expect(page.totalElements).toBeGreaterThanOrEqual(6);
    const search = (await v1(t.app, admin, 'GET', '/organization?searchTerm=FENW')).json<OrganizationPage>();
    expect(search.content.map((o) => o.subdomain)).toEqual(['fenwick']);
    const archived = (await v1(t.app, admin, 'GET', '/organization?status=ARCHIVED')).json<OrganizationPage>();
    expect(archived.content.map((o) => o.subdomain)).not.toContain('acme');
  });

  it('only platform admins list or create organisations', async () => {
    for (const token of [hr, recruiter, candidate]) {
      expect((await v1(t.app, token, 'GET', '/organization')).statusCode).toBe(403);
      expect((await v1(t.app, token, 'GET', '/organization/all')).statusCode).toBe(403);
      expect((await v1(t.app, token, 'POST', '/organization', { ...NEW_ORG, subdomain: 'sneaky' })).statusCode).toBe(
        403,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/organization' })).statusCode).toBe(401);
  });

  it('refuses a caller who may not call before reading the body: 403, not a 400 about it', async () => {
    for (const token of [hr, recruiter, candidate]) {
      expect((await v1(t.app, token, 'POST', '/organization', {})).statusCode).toBe(403);
      expect((await v1(t.app, token, 'PUT', `/organization/${acme()}`, { name: 7 })).statusCode).toBe(403);
    }
    for (const token of [recruiter, candidate]) {
      expect((await v1(t.app, token, 'POST', `/organization/${acme()}/contacts`, {})).statusCode).toBe(403);
      expect((await v1(t.app, token, 'POST', `/organization/${acme()}/user/${acme()}`, { x: 1 })).statusCode).toBe(403);
    }
  });
});

describe('an organisation: metadata, archive, logo, report', () => {
  it('admins read any organisation; its own admin reads it; others 404; Standard managers and candidates 403', async () => {
    expect((await v1(t.app, admin, 'GET', `/organization/${hartley()}`)).json()).toMatchObject({
      subdomain: 'hartley',
    });
    expect((await v1(t.app, hr, 'GET', `/organization/${acme()}`)).statusCode).toBe(200);
    expect((await v1(t.app, hr, 'GET', `/organization/${hartley()}`)).statusCode).toBe(404);
    expect((await v1(t.app, recruiter, 'GET', `/organization/${acme()}`)).statusCode).toBe(403);
    expect((await v1(t.app, candidate, 'GET', `/organization/${acme()}`)).statusCode).toBe(403);
  });

  it('edits metadata and archives; only platform admins', async () => {
    const org = await created();
    const edit = await v1(t.app, admin, 'PUT', `/organization/${org.id}`, {
      name: 'Fenwick & Co',
      tier: 'Tier 3',
      settings: { gtmId: null },
      referenceLists: { CLIENTS: ['Client A', 'Client B'] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({
      name: 'Fenwick & Co',
      tier: 'Tier 3',
      settings: { gtmId: null, sessionTimeout: 45 },
      referenceLists: { CLIENTS: ['Client A', 'Client B'] },
    });
    expect((await v1(t.app, hr, 'PUT', `/organization/${acme()}`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await v1(t.app, hr, 'PUT', `/organization/${org.id}`, { name: 'Theirs' })).statusCode).toBe(404);
    expect((await v1(t.app, admin, 'PUT', `/organization/${org.id}`, { status: 'ARCHIVED' })).statusCode).toBe(200);
    const archived = (await v1(t.app, admin, 'GET', '/organization?status=ARCHIVED')).json<OrganizationPage>();
    expect(archived.content.map((o) => o.subdomain)).toContain('fenwick');
    const active = (await v1(t.app, admin, 'GET', '/organization?searchTerm=fenwick')).json<OrganizationPage>();
    expect(active.content).toHaveLength(0);
    await v1(t.app, admin, 'PUT', `/organization/${org.id}`, { status: 'ACTIVE', name: 'Fenwick Partners' });
  });

  it('takes a PNG or a sanitised SVG as the logo, by content; refuses other files and large ones', async () => {
    const org = await created();
    const path = `/organization/${org.id}/upload/logo/header`;
    const png = await upload(t.app, admin, path, { name: 'logo.txt', type: 'text/plain', bytes: PNG });
    expect(png.statusCode, png.body).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: '/api/public/organization/fenwick/logo' });
    expect(served.headers['content-type']).toContain('image/png');

    const evil = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)">' +
        '<script>alert(1)</script><a href="javascript:alert(2)"><rect width="10" height="10" fill="#123456"/></a>' +
        '<foreignObject><div>x</div></foreignObject></svg>',
    );
    const svg = await upload(t.app, admin, path, { name: 'logo.svg', type: 'image/svg+xml', bytes: evil });
    expect(svg.statusCode, svg.body).toBe(200);
    const clean = (await t.app.inject({ method: 'GET', url: '/api/public/organization/fenwick/logo' })).body;
    expect(clean).toContain('<rect');
    expect(clean).not.toMatch(/script|onload|javascript|foreignObject/i);

    const external = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><rect fill="url(https://evil.example/x)" width="1" height="1"/></svg>',
    );
    expect(
      (await upload(t.app, admin, path, { name: 'x.svg', type: 'image/svg+xml', bytes: external })).statusCode,
    ).toBe(415);
    expect((await upload(t.app, admin, path, { name: 'x.pdf', type: 'image/png', bytes: PDF })).statusCode).toBe(415);
    const large = Buffer.concat([PNG, Buffer.alloc(600 * 1024)]);
    expect((await upload(t.app, admin, path, { name: 'big.png', type: 'image/png', bytes: large })).statusCode).toBe(
      413,
    );
    expect(
      (
        await upload(t.app, hr, `/organization/${acme()}/upload/logo/header`, {
          name: 'l.png',
          type: 'image/png',
          bytes: PNG,
        })
      ).statusCode,
    ).toBe(403);
  });

  it("reports an organisation's users, roles, applications by stage and last activity", async () => {
    const report = (await v1(t.app, hr, 'GET', `/admin/report/${acme()}`)).json<OrganizationReport>();
    expect(report.organization.subdomain).toBe('acme');
    expect(report.users.byType.map((u) => u.userType)).toEqual(
      expect.arrayContaining(['CANDIDATE', 'HIRING_MANAGER', 'HIRING_MANAGER_ADMIN']),
    );
    expect(report.roles.total).toBeGreaterThan(0);
    expect(report.applications.byStage[0]).toMatchObject({ stageId: 1, name: 'Applied' });
    expect(report.lastActivity).not.toBeNull();
    expect((await v1(t.app, hr, 'GET', `/admin/report/${hartley()}`)).statusCode).toBe(404);
    expect((await v1(t.app, recruiter, 'GET', `/admin/report/${acme()}`)).statusCode).toBe(403);
    expect((await v1(t.app, admin, 'GET', `/admin/report/${hartley()}`)).statusCode).toBe(200);
  });
});

describe('managers of an organisation', () => {
  it('a platform admin invites the first admin of a new organisation through the job queue', async () => {
    const org = await created();
    const invite = await v1(t.app, admin, 'POST', `/organization/${org.id}/user`, {
      email: 'lead@fenwick.example',
      firstName: 'Lea',
      userType: 'HIRING_MANAGER_ADMIN',
    });
    expect(invite.statusCode, invite.body).toBe(201);
    const sent = messageTo(await deliverEmails(t.db), 'lead@fenwick.example');
    expect(sent.link).toMatch(/^http:\/\/fenwick\.localhost(:\d+)?\/on-boarding\//);
    const users = (await v1(t.app, admin, 'GET', `/organization/${org.id}/users`)).json<OrganizationUser[]>();
    expect(users).toEqual([
      expect.objectContaining({ email: 'lead@fenwick.example', userType: 'HIRING_MANAGER_ADMIN', active: true }),
    ]);
    expect(users[0]!.invitationAccepted).toBe(false);
  });

  it("changes a manager's type and deactivates them: their session ends and they cannot sign in", async () => {
    const invite = await v1(t.app, hr, 'POST', `/organization/${acme()}/user`, {
      email: 'temp@acme.example',
      userType: 'HIRING_MANAGER',
    });
    const userId = invite.json<{ id: string }>().id;
    const promoted = await v1(t.app, hr, 'POST', `/organization/${acme()}/user/${userId}`, {
      userType: 'HIRING_MANAGER_ADMIN',
    });
    expect(promoted.json()).toMatchObject({ userType: 'HIRING_MANAGER_ADMIN', active: true });

    const users = (await v1(t.app, hr, 'GET', `/organization/${acme()}/users`)).json<OrganizationUser[]>();
    const recruiterId = users.find((u) => u.email === 'recruiter@acme.example')!.id;
    const own = await signIn(t.app, 'recruiter@acme.example');
    expect((await v1(t.app, own.access_token, 'GET', '/user')).statusCode).toBe(200);
    const off = await v1(t.app, hr, 'POST', `/organization/${acme()}/user/${recruiterId}`, { active: false });
    expect(off.json()).toMatchObject({ active: false });
    expect((await v1(t.app, own.access_token, 'GET', '/user')).statusCode).toBe(401);
    expect((await passwordLogin(t.app, 'recruiter@acme.example')).statusCode).toBe(400);
    const on = await v1(t.app, hr, 'POST', `/organization/${acme()}/user/${recruiterId}`, { active: true });
    expect(on.json()).toMatchObject({ active: true });
    recruiter = (await signIn(t.app, 'recruiter@acme.example')).access_token;
  });

  it('a Standard manager cannot manage users; nobody changes themselves; other organisations 404', async () => {
    const users = (await v1(t.app, hr, 'GET', `/organization/${acme()}/users`)).json<OrganizationUser[]>();
    const hrId = users.find((u) => u.email === 'hr@acme.example')!.id;
    const recruiterId = users.find((u) => u.email === 'recruiter@acme.example')!.id;
    expect((await v1(t.app, recruiter, 'GET', `/organization/${acme()}/users`)).statusCode).toBe(403);
    expect(
      (await v1(t.app, recruiter, 'POST', `/organization/${acme()}/user/${hrId}`, { active: false })).statusCode,
    ).toBe(403);
    expect((await v1(t.app, hr, 'POST', `/organization/${acme()}/user/${hrId}`, { active: false })).statusCode).toBe(
      403,
    );
    expect(
      (await v1(t.app, hartleyHr, 'POST', `/organization/${acme()}/user/${recruiterId}`, { active: false })).statusCode,
    ).toBe(404);
    // A user of acme named under hartley's organisation is not found there.
    expect(
      (await v1(t.app, admin, 'POST', `/organization/${hartley()}/user/${recruiterId}`, { active: false })).statusCode,
    ).toBe(404);
    expect((await v1(t.app, hartleyHr, 'GET', `/organization/${acme()}/users`)).statusCode).toBe(404);
  });
});

describe('contacts of an organisation', () => {
  it('admins add and change contacts; the hiring side reads them; other organisations 404', async () => {
    const added = await v1(t.app, hr, 'POST', `/organization/${acme()}/contacts`, {
      name: 'Priya Shah',
      email: 'Priya.Shah@client.example',
      jobTitle: 'Graduate recruitment lead',
    });
    expect(added.statusCode, added.body).toBe(201);
    const contact = added.json<Contact>();
    expect(contact).toMatchObject({ email: 'priya.shah@client.example', phone: null });
    const list = (await v1(t.app, recruiter, 'GET', `/organization/${acme()}/contacts`)).json<Contact[]>();
    expect(list.map((c) => c.name)).toContain('Priya Shah');
    const changed = await v1(t.app, hr, 'POST', `/organization/${acme()}/contacts/${contact.id}`, {
      name: 'Priya Shah',
      phone: '020 7946 0000',
    });
    expect(changed.json()).toMatchObject({ phone: '020 7946 0000', email: null });
    expect((await v1(t.app, recruiter, 'GET', `/organization/${acme()}/contacts/${contact.id}`)).statusCode).toBe(200);
    const bad = await v1(t.app, hr, 'POST', `/organization/${acme()}/contacts`, { name: 'X', email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'email' })]);
    expect((await v1(t.app, recruiter, 'POST', `/organization/${acme()}/contacts`, { name: 'Y' })).statusCode).toBe(
      403,
    );
    expect((await v1(t.app, candidate, 'GET', `/organization/${acme()}/contacts`)).statusCode).toBe(403);
    expect((await v1(t.app, hartleyHr, 'GET', `/organization/${acme()}/contacts`)).statusCode).toBe(404);
    expect((await v1(t.app, admin, 'GET', `/organization/${hartley()}/contacts/${contact.id}`)).statusCode).toBe(404);
    expect(
      (await v1(t.app, admin, 'POST', `/organization/${hartley()}/contacts/${contact.id}`, { name: 'Z' })).statusCode,
    ).toBe(404);
  });
});

describe('data calls', () => {
  const TYPES = [
    'CLIENTS',
    'USERS',
    'USERS_NO_ADMIN',
    'SECTOR',
    'LAW_DEPARTMENT',
    'BUSINESS_DEPARTMENT',
    'EMPLOYEE_ROLE',
    'GRADE_LEVEL',
    'TARGET_ROLE',
  ];

  it.each(TYPES)('GET /organization/:id/data/%s answers a list from the organisation', async (type) => {
    const res = await v1(t.app, recruiter, 'GET', `/organization/${acme()}/data/${type}`);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<ReferenceItem[]>();
    if (type !== 'CLIENTS') expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item).toEqual({ id: expect.any(String), value: expect.any(String) });
  });

  it('USERS has the admins, USERS_NO_ADMIN only Standard managers; ORGANIZATION_EMAIL searches addresses', async () => {
    const all = (await v1(t.app, hr, 'GET', `/organization/${acme()}/data/USERS`)).json<ReferenceItem[]>();
    const standard = (await v1(t.app, hr, 'GET', `/organization/${acme()}/data/USERS_NO_ADMIN`)).json<
      ReferenceItem[]
    >();
    expect(all.length).toBeGreaterThan(standard.length);
    const emails = (await v1(t.app, hr, 'GET', `/organization/${acme()}/data/ORGANIZATION_EMAIL?search=recruit`)).json<
      ReferenceItem[]
    >();
    expect(emails.map((e) => e.value)).toEqual(['recruiter@acme.example']);
    const sectors = (await v1(t.app, hr, 'GET', `/organization/${acme()}/data/SECTOR`)).json<ReferenceItem[]>();
    expect(sectors).toContainEqual({ id: '3', value: 'Professional services' });
  });

  it("serves an organisation's own list once set, and refuses unknown types, candidates and other organisations", async () => {
    const org = await created();
    await v1(t.app, admin, 'PUT', `/organization/${org.id}`, { referenceLists: { GRADE_LEVEL: ['Band 1', 'Band 2'] } });
    const grades = await v1(t.app, admin, 'GET', `/organization/${org.id}/data/GRADE_LEVEL`);
    expect(grades.json()).toEqual([
      { id: 'Band 1', value: 'Band 1' },
      { id: 'Band 2', value: 'Band 2' },
    ]);
    const unknown = await v1(t.app, hr, 'GET', `/organization/${acme()}/data/NOPE`);
    expect(unknown.statusCode).toBe(400);
    expect((await v1(t.app, candidate, 'GET', `/organization/${acme()}/data/USERS`)).statusCode).toBe(403);
    expect((await v1(t.app, hartleyHr, 'GET', `/organization/${acme()}/data/USERS`)).statusCode).toBe(404);
  });

  it('modules follow the menus and hr flags; qualification types and grade systems put the region first', async () => {
    const modules = (await v1(t.app, hr, 'GET', '/data/modules')).json<ProductModule[]>();
    expect(modules).toContainEqual({ id: 'roles', kind: 'menu', enabled: true });
    expect(modules.filter((m) => m.kind === 'hr').length).toBeGreaterThan(10);
    const types = await v1(t.app, hartleyHr, 'GET', '/data/schoolQualificationTypes?subdomain=hartley');
    expect(types.statusCode, types.body).toBe(200);
    expect(types.json()[0]).toMatchObject({ region: 'HK', list: 'QUALIFICATION_TYPE_HK' });
    const grades = await v1(t.app, hartleyHr, 'GET', '/data/schoolQualificationGradeSystems?subdomain=hartley');
    expect(grades.json()[0].regions).toContain('HK');
    expect((await v1(t.app, candidate, 'GET', '/data/schoolQualificationGradeSystems')).statusCode).toBe(200);
  });

  it('GET /public/builder serves the product files the builder starts from, and nothing else', async () => {
    const get = (fileName: string) =>
      t.app.inject({ method: 'GET', url: `/api/public/builder?fileName=${encodeURIComponent(fileName)}` });
    const product = await get('default-configuration.json');
    expect(product.statusCode).toBe(200);
    expect(product.json()).toHaveProperty('views');
    expect(product.json()).not.toHaveProperty('$schema');
    expect((await get('regions/OZ.json')).json()).toHaveProperty('lists');
    expect((await get('configuration.schema.json')).json()).toHaveProperty('properties');
    expect((await get('../package.json')).statusCode).toBe(400);
    expect((await get('regions/../../package.json')).statusCode).toBe(400);
    expect((await get('product.json')).statusCode).toBe(404);
  });
});
