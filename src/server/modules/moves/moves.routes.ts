import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError } from '../../../../schemas/api';
import { AssigneeResult, BulkMoveBody, BulkMoveResult, CopyResult, FastTrackBody, JobAccepted, JobProgress, MoveResult, StageHistory } from '../../../../schemas/pipeline';
import { OrganizationKey } from '../../../../schemas/role';
import { BEARER, SubdomainQuery, V1_ERRORS } from '../../lib/route-schemas';
import { strictBodyValidatorCompiler } from '../../lib/body-validator';
import { authenticate, requireRole, viewerOf } from '../../plugins/auth';
import { bulkMoveCandidates } from './bulk-move.service';
import { assignCandidate, copyToRole } from './candidate-role.service';
import { fastTrackCandidates, jobProgress } from './fast-track.service';
import { moveCandidate, moveHistory, undoMove } from './move.service';

const tags = ['pipeline', 'moves'];
const errors = { ...V1_ERRORS, 409: ApiError };
const Id = Type.String({ maxLength: 64, description: 'the application id' });
/** Any stage id in range; one the product does not have is a 400 naming it, one the organisation lacks a 404. */
const StageIdParam = Type.Integer({ minimum: 1, maximum: 99, description: 'a pipeline stage id of spec §4' });
const RoleIdParam = Type.String({ maxLength: 64, description: 'a role of the organisation' });

/**
 * Spec §7 Candidate stage calls (decision 0014): single and bulk moves, fast-track to another role
 * (a job), undo, copy, assignee and the history of an application. Every route is the hiring
 * side's — both manager levels (HIRING_MANAGER and above; a candidate gets 403) — within the
 * organisation of the token (another organisation's ids answer 404). Moves follow the engine's
 * rules (engine/pipeline/moves.ts), the same the client offers choices with.
 */
export const moveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.setValidatorCompiler(strictBodyValidatorCompiler);
  app.addHook('preValidation', authenticate);
  // Before params and body are validated: a candidate is told 403 whatever they send.
  app.addHook('preValidation', requireRole('HIRING_MANAGER'));

  app.post(
    '/candidate/:id/stage/:stageId/:subId/organization/:orgId',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "Move an application to a stage and substage of the organisation's pipeline (history written, version bumped)",
        params: Type.Object({ id: Id, stageId: StageIdParam, subId: Type.String({ maxLength: 64 }), orgId: OrganizationKey }),
        querystring: SubdomainQuery,
        response: { 200: MoveResult, ...errors },
      },
    },
    async (request) => moveCandidate(app.db, viewerOf(request), request.params.id, request.params.stageId, request.params.subId),
  );

  app.post(
    '/candidate/:id/ostage/:stageId',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "Move an application to a stage's default substage",
        params: Type.Object({ id: Id, stageId: StageIdParam }),
        querystring: SubdomainQuery,
        response: { 200: MoveResult, ...errors },
      },
    },
    async (request) => moveCandidate(app.db, viewerOf(request), request.params.id, request.params.stageId),
  );

  app.post(
    '/candidate/bulkstage/:stageId/:roleId',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "Move a role's selected applications (ids, or all matching filters minus unselectedIds) to a stage: all or nothing",
        params: Type.Object({ stageId: StageIdParam, roleId: RoleIdParam }),
        querystring: Type.Object({ ...SubdomainQuery.properties, assignee: Type.Optional(Type.String({ maxLength: 64, description: 'a hiring manager to assign the moved applications to' })) }),
        body: BulkMoveBody,
        response: { 200: BulkMoveResult, ...errors },
      },
    },
    async (request) => bulkMoveCandidates(app.db, viewerOf(request), request.params.stageId, request.params.roleId, request.body, request.query.assignee),
  );

  app.post(
    '/candidate/:id/fasttrackcandidates/:roleId/stage/:stageId',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "Fast-track the application and those of `ids` to a stage of another role: a job (202) whose progress GET /jobs/:jobId reports",
        params: Type.Object({ id: Id, roleId: RoleIdParam, stageId: StageIdParam }),
        querystring: SubdomainQuery,
        body: FastTrackBody,
        response: { 202: JobAccepted, ...errors },
      },
    },
    async (request, reply) => {
      const { id, roleId, stageId } = request.params;
      return reply.code(202).send(await fastTrackCandidates(app.db, viewerOf(request), id, roleId, stageId, request.body.ids));
    },
  );

  app.get(
    '/jobs/:jobId',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "Progress of one of the organisation's pipeline jobs",
        params: Type.Object({ jobId: Type.String({ maxLength: 64 }) }),
        querystring: SubdomainQuery,
        response: { 200: JobProgress, ...errors },
      },
    },
    async (request) => jobProgress(app.db, viewerOf(request), request.params.jobId),
  );

  app.post(
    '/candidate/:id/undo',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "Undo the application's last move: back where it found the application (409 'Nothing to undo')",
        params: Type.Object({ id: Id }),
        querystring: SubdomainQuery,
        response: { 200: MoveResult, ...errors },
      },
    },
    async (request) => undoMove(app.db, viewerOf(request), request.params.id),
  );

  app.post(
    '/candidate/:id/copy/:roleId',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "Copy the application to another role: the same candidate and answers, at that pipeline's entry stage",
        params: Type.Object({ id: Id, roleId: RoleIdParam }),
        querystring: SubdomainQuery,
        response: { 201: CopyResult, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await copyToRole(app.db, viewerOf(request), request.params.id, request.params.roleId)),
  );

  app.post(
    '/candidate/:id/assignee/:userId',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "Assign the application to a hiring manager of the organisation ('none' clears)",
        params: Type.Object({ id: Id, userId: Type.String({ maxLength: 64 }) }),
        querystring: SubdomainQuery,
        response: { 200: AssigneeResult, ...errors },
      },
    },
    async (request) => assignCandidate(app.db, viewerOf(request), request.params.id, request.params.userId),
  );

  app.get(
    '/candidate/:id/history',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'The moves of an application, newest first: who, when, from, to, and whether it was undone',
        params: Type.Object({ id: Id }),
        querystring: SubdomainQuery,
        response: { 200: StageHistory, ...errors },
      },
    },
    async (request) => moveHistory(app.db, viewerOf(request), request.params.id),
  );
};
