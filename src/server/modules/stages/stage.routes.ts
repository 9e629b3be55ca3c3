import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contracts from '#schemas/contracts/stages.contract';
import { route } from '../../lib/route';
import { authenticate, requireRole, viewerOf } from '../../plugins/auth';
import { updateStages } from './stage.service';

/**
 * Spec §3 Organisation stage: the hiring side reads its organisation's pipeline, its admins edit it
 * (stages.contract.ts).
 * `authenticate` loads the organisation of `:orgId` (another organisation's answers 404).
 */
export const stageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preValidation', authenticate);
  route(app, contracts.organizationStages, async (request) => viewerOf(request).organization.stages, {
    preHandler: requireRole('HIRING_MANAGER'),
  });
  route(
    app,
    contracts.updateOrganizationStages,
    async (request) => updateStages(app.db, viewerOf(request).organization, request.body.stages),
    // Before the body is validated: a refused caller gets 403, not a 400 about a body it may not send.
    { preValidation: requireRole('HIRING_MANAGER_ADMIN') },
  );
};
