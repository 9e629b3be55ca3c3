import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicOrganization } from '#schemas/organization';
import { createOrganization } from '#server/seed/factories';
import { loadOrganizationSources, type OrganizationSource } from '#server/seed/seed';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let sources: OrganizationSource[];

beforeAll(async () => {
  t = await createTestApp();
  sources = await loadOrganizationSources();
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/public/organization/:sub/', () => {
  it('serves the profile of each of the five demo organisations', async () => {
    expect(sources).toHaveLength(5);
    for (const { organization: expected } of sources) {
      const res = await get(`/api/public/organization/${expected.subdomain}/`);
      expect(res.statusCode).toBe(200);
      const org = res.json<PublicOrganization>();
      expect(org).toMatchObject({
        name: expected.name,
        subdomain: expected.subdomain,
        productType: expected.productType,
        edition: expected.edition,
        tier: expected.tier,
        sector: expected.sector,
        countryBase: expected.countryBase,
        supportEmail: expected.supportEmail,
        themeConfiguration: expected.themeConfiguration,
        additionalLanguageSupport: expected.additionalLanguageSupport,
        logoUrl: `/api/public/organization/${expected.subdomain}/logo`,
        formConfiguration: expected.formConfiguration,
      });
      expect(org.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(org.settings.subdomainRestricted).toBe(expected.settings.subdomainRestricted ?? false);
      expect(org.defaultConfiguration).not.toHaveProperty('hr');
      expect(org.formConfiguration).not.toHaveProperty('hr');

      const logo = await get(org.logoUrl);
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toBe('image/svg+xml');
      expect(logo.headers['content-disposition']).toBe('inline');
      expect(logo.headers['cache-control']).toBe('public, max-age=3600');
      expect(logo.body).toMatch(/^<svg/);
      expect(logo.rawPayload.equals(Buffer.from(expected.logo!.bytes))).toBe(true);
    }
  });

  it('answers without the trailing slash too', async () => {
    const res = await get('/api/public/organization/meridian');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      edition: 'internal',
      settings: { sessionTimeout: 30, subdomainRestricted: true },
    });
  });

  it('keeps the hiring-side configuration and private settings out', async () => {
    await createOrganization(t.db, {
      subdomain: 'private-parts',
      settings: { gtmId: 'GTM-ABCD12', countryBase: 'HK', hr: { dontUseFetchCandidatesLambda: true } },
      defaultConfiguration: { hr: { scores: false }, views: { profile: ['personalInformation'] } },
      formConfiguration: { hr: { notes: false }, text: { welcome: 'Hi' } },
    });
    // A column value with a key the contract does not know must not reach the response either.
    await sql`update organizations set theme_configuration = theme_configuration || '{"internalNote":"x"}'::jsonb
      where subdomain = 'private-parts'`.execute(t.db);

    const res = await get('/api/public/organization/private-parts/');
    expect(res.statusCode).toBe(200);
    const org = res.json<PublicOrganization>();
    expect(org.settings).toEqual({ gtmId: 'GTM-ABCD12', subdomainRestricted: false });
    expect(org.defaultConfiguration).toEqual({ views: { profile: ['personalInformation'] } });
    expect(org.formConfiguration).toEqual({ text: { welcome: 'Hi' } });
    expect(org.themeConfiguration).not.toHaveProperty('internalNote');
    expect(res.body).not.toMatch(/salaryBands|reviewers|dontUseFetchCandidatesLambda|internalNote/);
  });

  it('answers 404 with the message for an unknown subdomain', async () => {
    const res = await get('/api/public/organization/xyz/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "No organisation with subdomain 'xyz'." });
    const logo = await get('/api/public/organization/xyz/logo');
    expect(logo.statusCode).toBe(404);
    expect(logo.json()).toEqual({ message: "No organisation with subdomain 'xyz'." });
  });

  it('answers 404 for an organisation without a logo', async () => {
    await createOrganization(t.db, { subdomain: 'no-logo' });
    const res = await get('/api/public/organization/no-logo/logo');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Organisation 'no-logo' has no logo." });
  });

  it.each(['ACME', 'a', 'acme_co', '1acme'])('answers 400 naming field sub for %s', async (sub) => {
    const res = await get(`/api/public/organization/${sub}/`);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('Invalid request');
    expect(body.errors[0]).toEqual({ field: 'sub', message: expect.stringContaining('must match pattern') });
  });
});
