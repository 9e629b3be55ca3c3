import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SiteInfo } from '#schemas/api';

/** The organisation and side the Host header names (resolved by the tenancy plugin). */
export const siteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/site',
    {
      schema: {
        tags: ['public'],
        summary: 'Organisation subdomain and side (apply or hr) named by the Host header',
        response: { 200: SiteInfo },
      },
    },
    async (request) => request.site,
  );
};
