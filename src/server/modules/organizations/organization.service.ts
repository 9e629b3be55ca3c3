import { pathOf } from '#schemas/contract';
import { organizationLogo as logoRoute } from '#schemas/contracts/organizations.contract';
import type { Configuration, PublicOrganization } from '#schemas/organization';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-error';
import { findOrganizationLogo } from './organization.repository';
import type { OrganizationRecord } from '../../db/types';

/** Where the organisation's logo is served (GET /api/public/organization/:sub/logo). */
const logoUrl = (subdomain: string): string => `/api${pathOf(logoRoute, { sub: subdomain })}`;

/** Configuration without its hiring-side part, which only the HR side may read. */
export function withoutHr(configuration: Configuration): Configuration {
  const { hr: _hr, ...rest } = configuration;
  return rest;
}

/** What any visitor of an organisation's hosts may read about it (schemas PublicOrganization). */
export function toPublicOrganization(org: OrganizationRecord): PublicOrganization {
  const { gtmId, sessionTimeout, subdomainRestricted, otpRequired, smsSegmentLimit } = org.settings;
  return {
    id: org.id,
    name: org.name,
    subdomain: org.subdomain,
    productType: org.product_type,
    edition: org.edition,
    tier: org.tier,
    sector: org.sector,
    countryBase: org.country_base,
    supportEmail: org.support_email,
    logoUrl: logoUrl(org.subdomain),
    themeConfiguration: org.theme_configuration,
    additionalLanguageSupport: org.additional_language_support,
    settings: {
      ...(gtmId !== undefined && { gtmId }),
      ...(sessionTimeout !== undefined && { sessionTimeout }),
      subdomainRestricted: subdomainRestricted ?? false,
      ...(otpRequired === true && { otpRequired: true }),
      ...(smsSegmentLimit !== undefined && { smsSegmentLimit }),
    },
    defaultConfiguration: withoutHr(org.default_configuration),
    formConfiguration: withoutHr(org.form_configuration),
  };
}

/** Bytes (a Buffer from pg, a Uint8Array from PGlite: Fastify sends either) and content type. */
export async function organizationLogo(
  db: Db,
  org: OrganizationRecord,
): Promise<{ bytes: Uint8Array; contentType: string }> {
  const logo = await findOrganizationLogo(db, org.id);
  if (!logo) throw notFound(`Organisation '${org.subdomain}' has no logo.`);
  return { bytes: logo.logo, contentType: logo.contentType };
}
