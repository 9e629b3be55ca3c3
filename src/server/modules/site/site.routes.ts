import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contracts from '#schemas/contracts/site.contract';
import { route } from '../../lib/route';

/** The organisation and side the Host header names (resolved by the tenancy plugin). */
export const siteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, contracts.site, async (request) => request.site);
};
