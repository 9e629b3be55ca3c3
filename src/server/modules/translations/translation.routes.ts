import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contracts from '#schemas/contracts/site.contract';
import type { Db } from '../../db/client';
import type { OrganizationRecord } from '../../db/types';
import { cachedPublicRead } from '../../lib/public-cache';
import { route } from '../../lib/route';
import { loadOrganization, organizationOf } from '../../plugins/tenancy';
import { languageLayer } from './product-translations';
import { findTranslations } from './translation.repository';

async function languageLayers(db: Db, organization: OrganizationRecord, language: string | undefined) {
  const rows = await findTranslations(db, organization.id, language);
  const offered = organization.additional_language_support
    .map((l) => l.code)
    .filter((code) => !language || code === language);
  const codes = [...new Set([...offered, ...rows.map((row) => row.language_code)])].sort();
  return codes.flatMap((code) => {
    const own = rows.find((row) => row.language_code === code)?.configuration;
    const configuration = languageLayer(code, own, organization.country_base);
    return configuration ? [{ languageCode: code, configuration }] : [];
  });
}

/**
 * Spec §7 Public GET /translation: the organisation's language layers (of the host, or `subdomain`),
 * one per language it offers: the product's translation (for its region) with the organisation's own on top.
 */
export const translationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(
    app,
    contracts.translations,
    async (request) => {
      const organization = organizationOf(request);
      const { language } = request.query;
      return cachedPublicRead(app.db, organization.id, `translations\u0000${language ?? ''}`, async () => ({
        value: await languageLayers(app.db, organization, language),
      }));
    },
    { preHandler: loadOrganization, config: { revalidate: true } },
  );
};
