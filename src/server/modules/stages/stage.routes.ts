import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { OrganizationStages } from '#schemas/pipeline';
import { OrganizationKey } from '#schemas/role';
import { BEARER, SubdomainQuery, V1_ERRORS } from '../../lib/route-schemas';
import { authenticate, requireRole, viewerOf } from '../../plugins/auth';

/** Spec §3 Organisation stage: the hiring side reads its organisation's pipeline. */
export const stageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preValidation', authenticate);
  app.get(
    '/organization/:orgId/stages',
    {
      schema: {
        tags: ['pipeline'],
        security: BEARER,
        summary: "The organisation's pipeline: stages in order with their substages and score metrics",
        params: Type.Object({ orgId: OrganizationKey }),
        querystring: SubdomainQuery,
        response: { 200: OrganizationStages, ...V1_ERRORS },
      },
      preHandler: requireRole('HIRING_MANAGER'),
    },
    async (request) => viewerOf(request).organization.stages,
  );
};
