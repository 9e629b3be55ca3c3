import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contracts from '#schemas/contracts/stages.contract';
import { route } from '../../lib/route';
import { authenticate, requireRole, viewerOf } from '../../plugins/auth';

/** Spec §3 Organisation stage: the hiring side reads its organisation's pipeline (stages.contract.ts). */
export const stageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preValidation', authenticate);
  route(app, contracts.organizationStages, async (request) => viewerOf(request).organization.stages, {
    preHandler: requireRole('HIRING_MANAGER'),
  });
};
