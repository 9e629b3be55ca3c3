import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Country, University } from '#schemas/reference-data';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('public reference data', () => {
  it('lists universities with their groups, searchable by name, region and group', async () => {
    const oxford = (await get('/api/public/universities?term=oxf')).json<University[]>();
    expect(oxford.map((u) => u.name)).toEqual(['Oxford Brookes University', 'University of Oxford']);
    expect(oxford.find((u) => u.name === 'University of Oxford')!.groups).toEqual(['RUSSELL', 'OXBRIDGE']);
    const russell = (await get('/api/public/universities?group=RUSSELL&limit=100')).json<University[]>();
    expect(russell).toHaveLength(24);
    const go8 = (await get('/api/public/universities?region=OZ&group=GO8')).json<University[]>();
    expect(go8).toHaveLength(8);
    expect((await get('/api/public/universities?limit=5000')).statusCode).toBe(400);
  });

  it('lists every country', async () => {
    const countries = (await get('/api/public/countries')).json<Country[]>();
    expect(countries.length).toBeGreaterThan(240);
    expect(countries).toContainEqual({ code: 'GB', name: 'United Kingdom' });
  });

  it("checks UK post codes and answers 'Invalid post code' otherwise", async () => {
    expect((await get('/api/public/postCode/validation?postCode=sw1a1aa')).json()).toEqual({
      postCode: 'SW1A 1AA',
      valid: true,
    });
    const bad = await get('/api/public/postCode/validation?postCode=12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'Invalid post code',
      code: 'invalidPostCode',
      errors: [{ field: 'postCode', message: 'Invalid post code', code: 'invalidPostCode' }],
    });
  });
});
