import { Type } from 'typebox';
import { ApiError } from '../api';
import {
  AssigneeResult,
  BulkMoveBody,
  BulkMoveResult,
  CopyResult,
  FastTrackBody,
  JobAccepted,
  JobProgress,
  MoveResult,
  StageHistory,
} from '../pipeline';
import { OrganizationKey } from '../role';
import { defineRoute } from '../contract';

/*
 * Spec §7 Candidate stage calls (decision 0014): single and bulk moves, fast-track to another role
 * (a job), undo, copy, assignee and the history of an application. Hiring side only.
 */
const tags = ['pipeline', 'moves'];
const access = 'signed-in';
const Id = Type.String({ maxLength: 64, description: 'the application id' });
/** Any stage id in range; one the product does not have is a 400 naming it, one the organisation lacks a 404. */
const StageIdParam = Type.Integer({ minimum: 1, maximum: 99, description: 'a pipeline stage id of spec §4' });
const RoleIdParam = Type.String({ maxLength: 64, description: 'a role of the organisation' });
const Conflict = { 409: ApiError };
/** Issue 16: a move to a stage with a template set for it sends it, unless the manager says not to. */
const skipMessage = Type.Optional(
  Type.Boolean({ description: "don't send the stage's message (templates set for the target stage)" }),
);
const MoveQuery = Type.Object({ skipMessage });

export const moveCandidate = defineRoute({
  method: 'POST',
  audit: { action: 'move', target: 'application', param: 'id' },
  path: '/v1/candidate/:id/stage/:stageId/:subId/organization/:orgId',
  summary:
    "Move an application to a stage and substage of the organisation's pipeline (history written, version bumped)",
  tags,
  access,
  authz: 'hiring',
  params: Type.Object({ id: Id, stageId: StageIdParam, subId: Type.String({ maxLength: 64 }), orgId: OrganizationKey }),
  querystring: MoveQuery,
  response: { 200: MoveResult, ...Conflict },
});

export const moveCandidateToStage = defineRoute({
  method: 'POST',
  audit: { action: 'move', target: 'application', param: 'id' },
  path: '/v1/candidate/:id/ostage/:stageId',
  summary: "Move an application to a stage's default substage",
  tags,
  access,
  authz: 'hiring',
  params: Type.Object({ id: Id, stageId: StageIdParam }),
  querystring: MoveQuery,
  response: { 200: MoveResult, ...Conflict },
});

export const bulkMove = defineRoute({
  method: 'POST',
  audit: { action: 'move', target: 'role', param: 'roleId' },
  path: '/v1/candidate/bulkstage/:stageId/:roleId',
  summary:
    "Move a role's selected applications (ids, or all matching filters minus unselectedIds) to a stage: all or nothing",
  tags,
  access,
  authz: 'hiring',
  params: Type.Object({ stageId: StageIdParam, roleId: RoleIdParam }),
  querystring: Type.Object({
    assignee: Type.Optional(
      Type.String({ maxLength: 64, description: 'a hiring manager to assign the moved applications to' }),
    ),
    skipMessage,
  }),
  body: BulkMoveBody,
  response: { 200: BulkMoveResult, ...Conflict },
});

export const fastTrack = defineRoute({
  method: 'POST',
  audit: { action: 'move', target: 'application', param: 'id' },
  path: '/v1/candidate/:id/fasttrackcandidates/:roleId/stage/:stageId',
  summary:
    'Fast-track the application and those of `ids` to a stage of another role: a job (202) whose progress GET /jobs/:jobId reports',
  tags,
  access,
  authz: 'hiring',
  params: Type.Object({ id: Id, roleId: RoleIdParam, stageId: StageIdParam }),
  body: FastTrackBody,
  response: { 202: JobAccepted, ...Conflict },
});

export const jobProgress = defineRoute({
  method: 'GET',
  path: '/v1/jobs/:jobId',
  summary: "Progress of one of the organisation's pipeline jobs",
  tags,
  access,
  authz: 'hiring',
  params: Type.Object({ jobId: Type.String({ maxLength: 64 }) }),
  response: { 200: JobProgress },
});

export const undoMove = defineRoute({
  method: 'POST',
  audit: { action: 'move', target: 'application', param: 'id' },
  path: '/v1/candidate/:id/undo',
  summary: "Undo the application's last move: back where it found the application (409 'Nothing to undo')",
  tags,
  access,
  authz: 'hiring',
  params: Type.Object({ id: Id }),
  response: { 200: MoveResult, ...Conflict },
});

export const copyToRole = defineRoute({
  method: 'POST',
  audit: { action: 'move', target: 'application', param: 'id' },
  path: '/v1/candidate/:id/copy/:roleId',
  summary: "Copy the application to another role: the same candidate and answers, at that pipeline's entry stage",
  tags,
  access,
  authz: 'hiring',
  params: Type.Object({ id: Id, roleId: RoleIdParam }),
  response: { 201: CopyResult, ...Conflict },
});

export const setAssignee = defineRoute({
  method: 'POST',
  audit: { action: 'change', target: 'application', param: 'id' },
  path: '/v1/candidate/:id/assignee/:userId',
  summary: "Assign the application to a hiring manager of the organisation ('none' clears)",
  tags,
  access,
  authz: 'hiring',
  params: Type.Object({ id: Id, userId: Type.String({ maxLength: 64 }) }),
  response: { 200: AssigneeResult, ...Conflict },
});

export const moveHistory = defineRoute({
  method: 'GET',
  audit: { action: 'view', target: 'application', param: 'id' },
  path: '/v1/candidate/:id/history',
  summary: 'The moves of an application, newest first: who, when, from, to, and whether it was undone',
  tags,
  access,
  authz: 'hiring',
  params: Type.Object({ id: Id }),
  response: { 200: StageHistory },
});
