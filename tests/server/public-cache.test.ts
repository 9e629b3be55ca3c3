import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role, RolePage } from '#schemas/role';
import type { Db } from '#server/db/client';
import { cachedOrganization, cachedPublicRead, organizationChanged } from '#server/lib/public-cache';
import { findOrganizationIds } from '#server/modules/organizations/organization.repository';
import { findActiveRoleNames } from '#server/modules/roles/role.repository';
import { insertTranslationIfAbsent } from '#server/modules/translations/translation.repository';
import { signIn, v1 } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * Issue 18, decision 0056: public reads come from the process's cache, and every write that changes
 * what candidates see is visible on the next request; unchanged answers revalidate with 304.
 */
let t: TestApp;
let ids: Map<string, string>;
let admin: string;
let recruiter: string;

beforeAll(async () => {
  t = await createTestApp();
  ids = await findOrganizationIds(t.db, ['acme', 'hartley']);
  [admin, recruiter] = await Promise.all([
    signIn(t.app, 'admin@candid.example').then((r) => r.access_token),
    signIn(t.app, 'recruiter@acme.example').then((r) => r.access_token),
  ]);
});
afterAll(() => t?.close());

const get = (url: string, etag?: string) =>
  t.app.inject({ method: 'GET', url, headers: etag ? { 'if-none-match': etag } : {} });
const rolePage = (org = 'acme') =>
  t.app.inject({ method: 'POST', url: `/api/public/${org}/roles?resultsPerPage=100`, payload: {} });

/** An active acme role's id, by its name. */
async function roleId(name: string): Promise<string> {
  const roles = await findActiveRoleNames(t.db, ids.get('acme')!);
  return roles.find((role) => role.name === name)!.id;
}

describe('public role reads', () => {
  it('an edited role is visible on the next request, in the list and on its page; unchanged ones answer 304', async () => {
    const id = await roleId('Sustainability Analyst');
    const first = await get(`/api/public/acme/roles/${id}`);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get(`/api/public/acme/roles/${id}`, etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await rolePage()).json<RolePage>().content.map((r) => r.name)).toContain('Sustainability Analyst');

    const edit = await v1(t.app, recruiter, 'PUT', `/role/${id}`, { name: 'Sustainability Analyst (London)' });
    expect(edit.statusCode, edit.body).toBe(200);

    const after = await get(`/api/public/acme/roles/${id}`, etag);
    expect(after.statusCode).toBe(200);
    expect(after.json<Role>().name).toBe('Sustainability Analyst (London)');
    expect(after.headers.etag).not.toBe(etag);
    const names = (await rolePage()).json<RolePage>().content.map((r) => r.name);
    expect(names).toContain('Sustainability Analyst (London)');
    expect(names).not.toContain('Sustainability Analyst');
  });

  it('an archived role leaves the list and its page at once, and comes back when restored', async () => {
    const id = await roleId('Graduate Data Analyst');
    expect((await get(`/api/public/acme/roles/${id}`)).statusCode).toBe(200);
    expect((await rolePage()).json<RolePage>().content.map((r) => r.id)).toContain(id);
    expect((await v1(t.app, recruiter, 'POST', `/role/${id}/archive`)).statusCode).toBe(200);
    expect((await get(`/api/public/acme/roles/${id}`)).statusCode).toBe(404);
    expect((await rolePage()).json<RolePage>().content.map((r) => r.id)).not.toContain(id);
    expect((await v1(t.app, recruiter, 'POST', `/role/${id}/restore`)).statusCode).toBe(200);
    expect((await get(`/api/public/acme/roles/${id}`)).statusCode).toBe(200);
  });

  it("another organisation's role is 404 through the cache too, and each organisation keeps its own list", async () => {
    const id = await roleId('Graduate Data Analyst');
    expect((await get(`/api/public/acme/roles/${id}`)).statusCode).toBe(200);
    expect((await get(`/api/public/hartley/roles/${id}`)).statusCode).toBe(404);
    const hartley = (await rolePage('hartley')).json<RolePage>().content.map((r) => r.id);
    expect(hartley).not.toContain(id);
  });
});

describe('public filter values and deadlines', () => {
  it('follow a role archived and restored on the next request', async () => {
    const id = await roleId('Finance Graduate Scheme');
    const url = '/api/public/organization/acme/departments';
    expect((await get(url)).json<string[]>()).toContain('Finance');
    expect((await v1(t.app, recruiter, 'POST', `/role/${id}/archive`)).statusCode).toBe(200);
    expect((await get(url)).json<string[]>()).not.toContain('Finance');
    expect((await v1(t.app, recruiter, 'POST', `/role/${id}/restore`)).statusCode).toBe(200);
    expect((await get(url)).json<string[]>()).toContain('Finance');
  });

  it('a role shows as closed once its deadline passes, with nothing written in between', async () => {
    const id = await roleId('Consultant, Public Sector');
    const deadline = new Date(Date.now() + 1_500).toISOString();
    expect((await v1(t.app, recruiter, 'PUT', `/role/${id}`, { deadline })).statusCode).toBe(200);
    const closed = async () => {
      const page = (await rolePage()).json<RolePage>().content.find((r) => r.id === id);
      const role = (await get(`/api/public/acme/roles/${id}`)).json<Role>();
      return [page?.closed, role.closed];
    };
    expect(await closed()).toEqual([false, false]);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect(await closed()).toEqual([true, true]);
  });
});

describe('public organisation and translations', () => {
  it('an edited organisation is visible on the next request; an unchanged one answers 304', async () => {
    const first = await get('/api/public/organization/hartley');
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect((await get('/api/public/organization/hartley', etag)).statusCode).toBe(304);
    // A list of tags, one of them current, matches too.
    expect((await get('/api/public/organization/hartley', `W/"old", ${etag}`)).statusCode).toBe(304);

    const edit = await v1(t.app, admin, 'PUT', `/organization/${ids.get('hartley')}`, { name: 'Hartley & Sons' });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await get('/api/public/organization/hartley', etag);
    expect(after.statusCode).toBe(200);
    expect(after.json<{ name: string }>().name).toBe('Hartley & Sons');
  });

  it('an unknown subdomain is 404 every time, and is not kept', async () => {
    expect((await get('/api/public/organization/nobody-here')).statusCode).toBe(404);
    expect((await get('/api/public/organization/nobody-here')).statusCode).toBe(404);
  });

  it('an uploaded translation is served on the next request', async () => {
    const url = '/api/public/translation?subdomain=hartley&language=cy';
    const before = await get(url);
    expect(before.statusCode).toBe(200);
    const etag = before.headers.etag as string;
    expect((await get(url, etag)).statusCode).toBe(304);
    const layer = { text: { 'ui.pages.home.lead': 'Croeso i Hartley' } };
    expect(await insertTranslationIfAbsent(t.db, ids.get('hartley')!, 'cy', layer)).toBe(true);
    const after = await get(url, etag);
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Croeso i Hartley');
  });

  it('a compressed answer carries the same tag, and revalidates too', async () => {
    const url = '/api/public/organization/acme';
    const plain = await get(url);
    const headers = { 'accept-encoding': 'br', 'if-none-match': 'W/"other"' };
    const compressed = await t.app.inject({ method: 'GET', url, headers });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.etag).toBe(plain.headers.etag);
    const revalidated = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': plain.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });

  it('reference lists revalidate: 304 for the same list', async () => {
    const first = await get('/api/public/countries');
    expect((await get('/api/public/countries', first.headers.etag as string)).statusCode).toBe(304);
  });
});

describe('the cache module', () => {
  const db = {} as Db;
  afterEach(() => vi.useRealTimers());

  it('reads once per generation, again after a change, and ends an entry at the time its read gave', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    let reads = 0;
    const read = async () => ({ value: ++reads, validUntil: start + 1_000 });
    expect(await cachedPublicRead(db, 'org-1', 'list', read)).toBe(1);
    expect(await cachedPublicRead(db, 'org-1', 'list', read)).toBe(1);
    expect(await cachedPublicRead(db, 'org-2', 'list', read)).toBe(2);
    await organizationChanged(t.db, 'org-1');
    expect(await cachedPublicRead(db, 'org-1', 'list', read)).toBe(3);
    expect(await cachedPublicRead(db, 'org-2', 'list', read)).toBe(2);
    vi.setSystemTime(start + 1_000);
    expect(await cachedPublicRead(db, 'org-2', 'list', read)).toBe(4);
  });

  it('does not keep a read that a change overlapped as current', async () => {
    let reads = 0;
    const slowRead = async () => {
      reads += 1;
      const value = `read ${reads}`;
      if (reads === 1) await organizationChanged(t.db, 'org-3');
      return { value };
    };
    expect(await cachedPublicRead(db, 'org-3', 'page', slowRead)).toBe('read 1');
    expect(await cachedPublicRead(db, 'org-3', 'page', slowRead)).toBe('read 2');
    let lookups = 0;
    const find = async () => {
      lookups += 1;
      if (lookups === 1) await organizationChanged(t.db, 'org-4');
      return { id: 'org-4', lookups };
    };
    expect(await cachedOrganization(db, 'four', find)).toEqual({ id: 'org-4', lookups: 1 });
    expect(await cachedOrganization(db, 'four', find)).toEqual({ id: 'org-4', lookups: 2 });
    expect(await cachedOrganization(db, 'four', find)).toEqual({ id: 'org-4', lookups: 2 });
  });
});
