import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Degrees, ReferenceItem, School, University } from '#schemas/reference-data';
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
    expect((await v1(t.app, acme, 'GET', '/data/type/GENDER')).json<ReferenceItem[]>()[0]).toEqual({
      id: 'Woman',
      value: 'Woman',
    });
    expect((await v1(t.app, acme, 'GET', '/data/type/COUNTRY')).json<ReferenceItem[]>().length).toBeGreaterThan(240);
    expect(
      (await v1(t.app, acme, 'GET', '/data/type/ORGANIZATION_LOCATION')).json<ReferenceItem[]>().map((i) => i.value),
    ).toEqual(['Cardiff', 'Edinburgh', 'London', 'Manchester', 'Remote']);
    expect(
      (await v1(t.app, acme, 'GET', '/data/type/EMPLOYMENT_TYPE')).json<ReferenceItem[]>().map((i) => i.value),
    ).toEqual(['Fixed term', 'Permanent']);
    const roles = (await v1(t.app, acme, 'GET', '/data/type/ROLE')).json<ReferenceItem[]>();
    expect(roles).toHaveLength(12);
    expect(roles[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await v1(t.app, acme, 'GET', '/data/type/STAGE')).json<ReferenceItem[]>()).toContainEqual({
      id: '1',
      value: 'Applied',
    });
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
    expect((await v1(t.app, acme, 'GET', '/data/subjects?term=math&limit=3')).json<string[]>()).toContain(
      'Mathematics',
    );
    const degrees = (await v1(t.app, acme, 'GET', '/data/degrees')).json<Degrees>();
    expect(degrees.types).toContain('BSc');
    expect(degrees.classes).toContain('First-class honours');
    expect((await v1(t.app, acme, 'GET', `/data/schools?term=${'x'.repeat(101)}`)).statusCode).toBe(400);
    expect((await v1(t.app, acme, 'GET', '/data/subjects?limit=0')).statusCode).toBe(400);
  });

  it("puts the organisation's region first, and keeps to the caller's organisation", async () => {
    const ids = await t.db.selectFrom('organizations').select(['id', 'subdomain']).execute();
    const id = (sub: string) => ids.find((o) => o.subdomain === sub)!.id;
    const oz = (
      await v1(
        t.app,
        northbridge,
        'GET',
        `/data/organization/${id('northbridge')}/universities?subdomain=northbridge&term=university&year=2025&limit=5`,
      )
    ).json<University[]>();
    expect(oz.every((u) => u.region === 'OZ')).toBe(true);
    const go8 = (await v1(t.app, acme, 'GET', `/data/organization/acme/universities?group=GO8&limit=100`)).json<
      University[]
    >();
    expect(go8).toHaveLength(8);
    expect((await v1(t.app, acme, 'GET', `/data/organization/${id('hartley')}/universities`)).statusCode).toBe(404);
    expect((await v1(t.app, acme, 'GET', '/data/organization/acme/universities?year=1800')).statusCode).toBe(400);
  });

  it('year gives the groups as they stood that year: Russell Group members from the year they joined', async () => {
    const russell = async (year: number) =>
      (await v1(t.app, acme, 'GET', `/data/organization/acme/universities?group=RUSSELL&limit=100&year=${year}`))
        .json<University[]>()
        .map((u) => u.name);
    expect(await russell(2025)).toHaveLength(24);
    expect(await russell(2012)).toHaveLength(24);
    // Durham, Exeter, Queen Mary and York joined in 2012.
    const before2012 = await russell(2011);
    expect(before2012).toHaveLength(20);
    expect(before2012).not.toContain('Durham University');
    expect(before2012).toContain("Queen's University Belfast");
    // Queen's University Belfast joined in 2006; Cardiff and King's College London in 1998.
    expect(await russell(2005)).toHaveLength(19);
    expect(await russell(1997)).toHaveLength(17);
    expect(await russell(1993)).toEqual([]);
    // Not Russell Group that year is NON_RUSSELL; Oxbridge is not dated.
    const durham = (await v1(t.app, acme, 'GET', '/data/organization/acme/universities?term=durham&year=2010')).json<
      University[]
    >();
    expect(durham.map((u) => [u.name, u.groups])).toEqual([['Durham University', ['NON_RUSSELL']]]);
    const cambridge = (
      await v1(t.app, acme, 'GET', '/data/organization/acme/universities?term=university%20of%20cambridge&year=1990')
    ).json<University[]>();
    expect(cambridge[0]!.groups).toEqual(['OXBRIDGE', 'NON_RUSSELL']);
    expect(
      (
        await v1(t.app, acme, 'GET', '/data/organization/acme/universities?group=NON_RUSSELL&term=durham&year=2010')
      ).json<University[]>(),
    ).toHaveLength(1);
    expect(
      (
        await v1(t.app, acme, 'GET', '/data/organization/acme/universities?group=NON_RUSSELL&term=durham&year=2013')
      ).json<University[]>(),
    ).toEqual([]);
    // Go8 counts from its incorporation in 1999; no university is dropped, only its groups change.
    expect(
      (await v1(t.app, acme, 'GET', '/data/organization/acme/universities?group=GO8&year=1998')).json<University[]>(),
    ).toEqual([]);
    const all = (await v1(t.app, acme, 'GET', '/data/organization/acme/universities?limit=1000')).json<University[]>();
    expect(
      (await v1(t.app, acme, 'GET', '/data/organization/acme/universities?limit=1000&year=1960'))
        .json<University[]>()
        .map((u) => u.id),
    ).toEqual(all.map((u) => u.id));
  });

  it('answers 400 for a year that is not a whole number in range', async () => {
    for (const year of ['abc', '2012.5', '', '1949', '2101']) {
      const res = await v1(t.app, acme, 'GET', `/data/organization/acme/universities?year=${year}`);
      expect(res.statusCode, `year=${year}`).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/public/universities?year=nineteen' })).statusCode).toBe(400);
    const publicDurham = (
      await t.app.inject({ method: 'GET', url: '/api/public/universities?term=durham&year=2011' })
    ).json<University[]>();
    expect(publicDurham[0]!.groups).toEqual(['NON_RUSSELL']);
  });
});
