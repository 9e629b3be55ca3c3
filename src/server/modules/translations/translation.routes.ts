import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contracts from '#schemas/contracts/site.contract';
import { route } from '../../lib/route';
import { loadOrganization, organizationOf } from '../../plugins/tenancy';
import { languageLayer } from './product-translations';
import { findTranslations } from './translation.repository';

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
      const rows = await findTranslations(app.db, organization.id, request.query.language);
      const offered = organization.additional_language_support
        .map((l) => l.code)
        .filter((code) => !request.query.language || code === request.query.language);
      const codes = [...new Set([...offered, ...rows.map((row) => row.language_code)])].sort();
      return codes.flatMap((code) => {
        const own = rows.find((row) => row.language_code === code)?.configuration;
        const configuration = languageLayer(code, own, organization.country_base);
        return configuration ? [{ languageCode: code, configuration }] : [];
      });
    },
    { preHandler: loadOrganization },
  );
};
