import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contracts from '#schemas/contracts/moves.contract';
import { strictBodyValidatorCompiler } from '../../lib/body-validator';
import { route } from '../../lib/route';
import type { SiteConfig } from '../../lib/site-config';
import type { StageMessage } from '../communications/send.service';
import { applyBaseUrl } from '../../lib/links';
import { authenticate, requireRole, viewerOf } from '../../plugins/auth';
import { bulkMoveSelectionOf } from './bulk-move-body';
import { bulkMoveCandidates } from './bulk-move.service';
import { assignCandidate, copyToRole } from './candidate-role.service';
import { fastTrackCandidates, jobProgress } from './fast-track.service';
import { moveCandidate, moveHistory, undoMove } from './move.service';

/**
 * Spec §7 Candidate stage calls (decision 0014), as schemas/contracts/moves.contract.ts declares
 * them. Every route is the hiring side's — both manager levels (HIRING_MANAGER and above; a
 * candidate gets 403) — within the organisation of the token (another organisation's ids answer
 * 404). Moves follow the engine's rules (engine/pipeline/moves.ts), the same the client offers
 * choices with.
 */
export const moveRoutes: FastifyPluginAsyncTypebox<{ siteConfig: SiteConfig }> = async (app, { siteConfig }) => {
  /** The stage's message goes unless the manager asked not to send it (issue 16). */
  const stageMessage = (request: FastifyRequest, skip: boolean | undefined): StageMessage =>
    skip ? null : { siteBase: applyBaseUrl(request, viewerOf(request).organization.subdomain, siteConfig) };

  app.setValidatorCompiler(strictBodyValidatorCompiler);
  app.addHook('preValidation', authenticate);
  // Before params and body are validated: a candidate is told 403 whatever they send.
  app.addHook('preValidation', requireRole('HIRING_MANAGER'));

  route(app, contracts.moveCandidate, async (request) =>
    moveCandidate(app.db, viewerOf(request), request.params.id, request.params.stageId, {
      substageId: request.params.subId,
      message: stageMessage(request, request.query.skipMessage),
    }),
  );
  route(app, contracts.moveCandidateToStage, async (request) =>
    moveCandidate(app.db, viewerOf(request), request.params.id, request.params.stageId, {
      message: stageMessage(request, request.query.skipMessage),
    }),
  );
  route(app, contracts.bulkMove, async (request) => {
    const viewer = viewerOf(request);
    const { stageId, roleId } = request.params;
    const selection = bulkMoveSelectionOf(viewer.organization, request.params, request.body);
    const message = stageMessage(request, request.query.skipMessage);
    return bulkMoveCandidates(app.db, viewer, stageId, roleId, selection, {
      assignee: request.query.assignee,
      message,
    });
  });
  route(app, contracts.fastTrack, async (request, reply) => {
    const { id, roleId, stageId } = request.params;
    return reply
      .code(202)
      .send(await fastTrackCandidates(app.db, viewerOf(request), id, roleId, stageId, request.body.ids));
  });
  route(app, contracts.jobProgress, async (request) => jobProgress(app.db, viewerOf(request), request.params.jobId));
  route(app, contracts.undoMove, async (request) => undoMove(app.db, viewerOf(request), request.params.id));
  route(app, contracts.copyToRole, async (request, reply) =>
    reply.code(201).send(await copyToRole(app.db, viewerOf(request), request.params.id, request.params.roleId)),
  );
  route(app, contracts.setAssignee, async (request) =>
    assignCandidate(app.db, viewerOf(request), request.params.id, request.params.userId),
  );
  route(app, contracts.moveHistory, async (request) => moveHistory(app.db, viewerOf(request), request.params.id));
};
