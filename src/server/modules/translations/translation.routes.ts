import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError } from '#schemas/api';
import { Subdomain } from '#schemas/organization';
import { TranslationEntry } from '#schemas/translation';
import { loadOrganization, organizationOf } from '../../plugins/tenancy';
import { languageLayer } from './product-translations';
import { findTranslations } from './translation.repository';

const Query = Type.Object({
  subdomain: Type.Optional(Subdomain),
  language: Type.Optional(Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z]{2,4})?$', description: 'one language code' })),
});

/**
 * Spec §7 Public GET /translation: the organisation's language layers (of the host, or `subdomain`),
 * one per language it offers: the product's translation with the organisation's own on top.
 */
export const translationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/translation',
    {
      schema: {
        tags: ['public'],
        summary: "The organisation's translations: one configuration layer per additional language",
        querystring: Query,
        response: { 200: Type.Array(TranslationEntry), 400: ApiError, 404: ApiError },
      },
      preHandler: loadOrganization,
    },
    async (request) => {
      const organization = organizationOf(request);
      const rows = await findTranslations(app.db, organization.id, request.query.language);
      const offered = organization.additional_language_support
        .map((l) => l.code)
        .filter((code) => !request.query.language || code === request.query.language);
      const codes = [...new Set([...offered, ...rows.map((row) => row.language_code)])].sort();
      return codes.flatMap((code) => {
        const configuration = languageLayer(code, rows.find((row) => row.language_code === code)?.configuration);
        return configuration ? [{ languageCode: code, configuration }] : [];
      });
    },
  );
};
