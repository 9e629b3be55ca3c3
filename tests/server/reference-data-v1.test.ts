import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Degrees, ReferenceItem, School, University } from '../../schemas/reference-data';
import { DEMO_PASSWORD, signIn, v1 } from '../helpers/auth';
import { signInWithAnyCode } from '../helpers/applications';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let acme: string;
let northbridge: string;
beforeAll(async () => {
  t = await createTestApp();
  acme = (await signIn(t.app, 'candidate@acme.example', DEMO_PASSWORD)).access_token;
  northbridge = await signInWithAnyCode(t.app, t.db, 'candidate@northbridge.example', 'northbridge');
});
afterAll(() => t?.close());

describe('GET /api/v1/data/type/:type', () => {
  it('answers shipped lists, the organisation’s role attributes, its roles and the stages', async () => {
    expect((await v1(t.app, acme, 'GET', '/data/type/GENDER')).json<ReferenceItem[]>()[0]).toEqual({ id: 'Woman', value: 'Woman' });
    expect((await v1(t.app, acme, 'GET', '/data/type/COUNTRY')).json<ReferenceItem[]>().length).toBeGreaterThan(240);
    expect((await v1(t.app, acme, 'GET', '/data/type/ORGANIZATION_LOCATION')).json<ReferenceItem[]>().map((i) => i.value)).toEqual(['Cardiff', 'Edinburgh', 'London', 'Manchester', 'Remote']);
    expect((await v1(t.app, acme, 'GET', '/data/type/EMPLOYMENT_TYPE')).json<ReferenceItem[]>().map((i) => i.value)).toEqual(['Fixed term', 'Permanent']);
    const roles = (await v1(t.app, acme, 'GET', '/data/type/ROLE')).json<ReferenceItem[]>();
    expect(roles).toHaveLength(12);
    expect(roles[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await v1(t.app, acme, 'GET', '/data/type/STAGE')).json<ReferenceItem[]>()).toContainEqual({ id: '1', value: 'Applied' });
  });

  it('answers 400 naming the known types for an unknown one, and 401 without a token', async () => {
    const unknown = await v1(t.app, acme, 'GET', '/data/type/SPACESHIP');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("There is no reference list 'SPACESHIP'");
    expect(unknown.json().errors[0].message).toMatch(/DEGREE_CLASS.*ROLE_TYPE/);
    expect((await v1(t.app, acme, 'GET', '/data/type/lower')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/data/type/GENDER' })).statusCode).toBe(401);
  });
});

describe('schools, subjects, degrees and universities', () => {
  it('searches schools and subjects, and lists degree types and classes', async () => {
    const schools = (await v1(t.app, acme, 'GET', '/data/schools?term=camden')).json<School[]>();
    expect(schools.map((s) => s.name)).toContain('Camden School for Girls');
    expect((await v1(t.app, acme, 'GET', '/data/subjects?term=math&limit=3')).json<string[]>()).toContain('Mathematics');
    const degrees = (await v1(t.app, acme, 'GET', '/data/degrees')).json<Degrees>();
    expect(degrees.types).toContain('BSc');
    expect(degrees.classes).toContain('First-class honours');
    expect((await v1(t.app, acme, 'GET', `/data/schools?term=${'x'.repeat(101)}`)).statusCode).toBe(400);
    expect((await v1(t.app, acme, 'GET', '/data/subjects?limit=0')).statusCode).toBe(400);
  });

  it("puts the organisation's region first, and keeps to the caller's organisation", async () => {
    const ids = await t.db.selectFrom('organizations').select(['id', 'subdomain']).execute();
    const id = (sub: string) => ids.find((o) => o.subdomain === sub)!.id;
    const oz = (await v1(t.app, northbridge, 'GET', `/data/organization/${id('northbridge')}/universities?subdomain=northbridge&term=university&year=2025&limit=5`)).json<University[]>();
    expect(oz.every((u) => u.region === 'OZ')).toBe(true);
    const go8 = (await v1(t.app, acme, 'GET', `/data/organization/acme/universities?group=GO8&limit=100`)).json<University[]>();
    expect(go8).toHaveLength(8);
    expect((await v1(t.app, acme, 'GET', `/data/organization/${id('hartley')}/universities`)).statusCode).toBe(404);
    expect((await v1(t.app, acme, 'GET', '/data/organization/acme/universities?year=1800')).statusCode).toBe(400);
  });
});
