import type {
  AssigneeResult,
  BulkMoveResult,
  HistoryEntry,
  JobProgress,
  MoveResult,
  OrganizationStage,
} from '#schemas/pipeline';
import type { CandidateSearchFilters, CandidateSearchPage } from '#schemas/search';
import * as moves from '#schemas/contracts/moves.contract';
import * as search from '#schemas/contracts/search.contract';
import * as stages from '#schemas/contracts/stages.contract';
import type { RouteBody, RouteQuery } from '#schemas/contract';
import { call } from './call';

/*
 * The hiring side's pipeline calls (spec §7 Search and Candidate stage calls), under /api/v1:
 * the organisation's stages, candidate search, single and bulk moves, undo, assignee, history.
 */
export type { AssigneeResult, HistoryEntry, MoveResult, OrganizationStage };

/** GET /organization/:orgId/stages: the organisation's pipeline in order. */
export async function fetchStages(organizationId: string): Promise<OrganizationStage[]> {
  return call(stages.organizationStages, { params: { orgId: organizationId } });
}

/** The search call's query (spec §7 Search: page, sortBy, orderBy, resultsPerPage), every field given. */
export type SearchParams = Required<RouteQuery<typeof search.searchCandidate>>;

/** Which search call: the list with totals, the list with the role's answer columns, or the cheap refresh. */
export type SearchVariant = keyof typeof search.SEARCH_VARIANTS;

/** POST /search/{candidate,candidatev,fastCandidate}/:orgId with the filter payload of spec §3. */
export async function searchCandidates(
  organizationId: string,
  variant: SearchVariant,
  filters: CandidateSearchFilters,
  query: SearchParams,
): Promise<CandidateSearchPage> {
  return call(search.SEARCH_VARIANTS[variant], { params: { orgId: organizationId }, query, body: { filters } });
}

/** One application to a stage and substage. */
export async function moveCandidate(
  organizationId: string,
  applicationId: string,
  stageId: number,
  substageId: string,
  { skipMessage = false }: { skipMessage?: boolean } = {},
): Promise<MoveResult> {
  return call(moves.moveCandidate, {
    params: { id: applicationId, stageId, subId: substageId, orgId: organizationId },
    query: skipMessage ? { skipMessage } : {},
  });
}

/** One application to a stage's default substage. */
export async function moveCandidateToStage(
  applicationId: string,
  stageId: number,
  { skipMessage = false }: { skipMessage?: boolean } = {},
): Promise<MoveResult> {
  return call(moves.moveCandidateToStage, {
    params: { id: applicationId, stageId },
    query: skipMessage ? { skipMessage } : {},
  });
}

/** The bulk move body: exactly one of ids, or filters with the rows left out of "all matching". */
export type BulkSelection = RouteBody<typeof moves.bulkMove>;

/** A role's selected applications to a stage: all or nothing. */
export async function bulkMove(
  roleId: string,
  stageId: number,
  selection: BulkSelection,
  options: { substageId?: string; assignee?: string; skipMessage?: boolean } = {},
): Promise<BulkMoveResult> {
  const body = { ...selection, ...(options.substageId ? { substageId: options.substageId } : {}) };
  const query = {
    ...(options.assignee ? { assignee: options.assignee } : {}),
    ...(options.skipMessage ? { skipMessage: true } : {}),
  };
  return call(moves.bulkMove, { params: { stageId, roleId }, query, body });
}

/** Back where the last move found it (409 'Nothing to undo'). */
export async function undoMove(applicationId: string): Promise<MoveResult> {
  return call(moves.undoMove, { params: { id: applicationId } });
}

/** The application's hiring manager; null clears. */
export async function setAssignee(applicationId: string, userId: string | null): Promise<AssigneeResult> {
  return call(moves.setAssignee, { params: { id: applicationId, userId: userId ?? 'none' } });
}

/** A new application of the same candidate on another role. */
export async function copyToRole(applicationId: string, roleId: string): Promise<{ id: string }> {
  return call(moves.copyToRole, { params: { id: applicationId, roleId } });
}

/** The moves of an application, newest first. */
export async function fetchHistory(applicationId: string): Promise<HistoryEntry[]> {
  return call(moves.moveHistory, { params: { id: applicationId } });
}

/** Fast-track: the first application is the path's `:id`, the others go in `ids`. Answers a job to poll. */
export async function fastTrack(
  applicationIds: readonly string[],
  roleId: string,
  stageId: number,
): Promise<{ jobId: string }> {
  const [first, ...rest] = applicationIds;
  return call(moves.fastTrack, { params: { id: first ?? '', roleId, stageId }, body: { ids: rest } });
}

/** How far an asynchronous pipeline job has got. */
export async function fetchJob(jobId: string): Promise<JobProgress> {
  return call(moves.jobProgress, { params: { jobId } });
}
