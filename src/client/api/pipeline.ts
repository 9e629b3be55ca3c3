import type { AssigneeResult, BulkMoveResult, HistoryEntry, JobProgress, MoveResult, OrganizationStage } from '../../../schemas/pipeline';
import type { CandidateSearchFilters, CandidateSearchPage, SORT_FIELDS } from '../../../schemas/search';
import type { ReferenceItem } from '../../../schemas/reference-data';
import { http } from './http';

/*
 * The hiring side's pipeline calls (spec §7 Search and Candidate stage calls), under /api/v1:
 * the organisation's stages, candidate search, single and bulk moves, undo, assignee, history.
 * Calls without a payload send `{}` (axios labels an empty POST as a form, which the API refuses).
 */
const NO_PAYLOAD = {};
const enc = encodeURIComponent;

export type { AssigneeResult, HistoryEntry, MoveResult, OrganizationStage };

/** GET /organization/:orgId/stages: the organisation's pipeline in order. */
export async function fetchStages(organizationId: string): Promise<OrganizationStage[]> {
  return (await http.get<OrganizationStage[]>(`/v1/organization/${enc(organizationId)}/stages`)).data;
}

/** The search call's query (spec §7 Search: page, sortBy, orderBy, resultsPerPage). */
export interface SearchParams {
  page: number;
  sortBy: (typeof SORT_FIELDS)[number];
  orderBy: 'ASC' | 'DESC';
  resultsPerPage: number;
}

/** Which search call: the list with totals, the list with the role's answer columns, or the cheap refresh. */
export type SearchVariant = 'candidate' | 'candidatev' | 'fastCandidate';

/** POST /search/{candidate,candidatev,fastCandidate}/:orgId with the filter payload of spec §3. */
export async function searchCandidates(organizationId: string, variant: SearchVariant, filters: CandidateSearchFilters, query: SearchParams): Promise<CandidateSearchPage> {
  return (await http.post<CandidateSearchPage>(`/v1/search/${variant}/${enc(organizationId)}`, { filters }, { params: query })).data;
}

/** POST /candidate/:id/stage/:stageId/:subId/organization/:orgId: one application to a stage and substage. */
export async function moveCandidate(organizationId: string, applicationId: string, stageId: number, substageId: string): Promise<MoveResult> {
  const url = `/v1/candidate/${enc(applicationId)}/stage/${stageId}/${enc(substageId)}/organization/${enc(organizationId)}`;
  return (await http.post<MoveResult>(url, NO_PAYLOAD)).data;
}

/** POST /candidate/:id/ostage/:stageId: one application to a stage's default substage. */
export async function moveCandidateToStage(applicationId: string, stageId: number): Promise<MoveResult> {
  return (await http.post<MoveResult>(`/v1/candidate/${enc(applicationId)}/ostage/${stageId}`, NO_PAYLOAD)).data;
}

/** The bulk move body: exactly one of ids, or filters with the rows left out of "all matching". */
export type BulkSelection = { ids: string[] } | { filters: CandidateSearchFilters; unselectedIds: string[] };

/** POST /candidate/bulkstage/:stageId/:roleId?assignee: all or nothing. */
export async function bulkMove(roleId: string, stageId: number, selection: BulkSelection, options: { substageId?: string; assignee?: string } = {}): Promise<BulkMoveResult> {
  const body = { ...selection, ...(options.substageId ? { substageId: options.substageId } : {}) };
  const params = options.assignee ? { assignee: options.assignee } : {};
  return (await http.post<BulkMoveResult>(`/v1/candidate/bulkstage/${stageId}/${enc(roleId)}`, body, { params })).data;
}

/** POST /candidate/:id/undo: back where the last move found it (409 'Nothing to undo'). */
export async function undoMove(applicationId: string): Promise<MoveResult> {
  return (await http.post<MoveResult>(`/v1/candidate/${enc(applicationId)}/undo`, NO_PAYLOAD)).data;
}

/** POST /candidate/:id/assignee/:userId ('none' clears). */
export async function setAssignee(applicationId: string, userId: string | null): Promise<AssigneeResult> {
  return (await http.post<AssigneeResult>(`/v1/candidate/${enc(applicationId)}/assignee/${enc(userId ?? 'none')}`, NO_PAYLOAD)).data;
}

/** POST /candidate/:id/copy/:roleId: a new application of the same candidate on another role. */
export async function copyToRole(applicationId: string, roleId: string): Promise<{ id: string }> {
  return (await http.post<{ id: string }>(`/v1/candidate/${enc(applicationId)}/copy/${enc(roleId)}`, NO_PAYLOAD)).data;
}

/** GET /candidate/:id/history, newest first. */
export async function fetchHistory(applicationId: string): Promise<HistoryEntry[]> {
  return (await http.get<HistoryEntry[]>(`/v1/candidate/${enc(applicationId)}/history`)).data;
}

/** GET /data/type/:type: a reference list (roles, locations, permit types, role attributes). */
export async function fetchReferenceList(type: string): Promise<ReferenceItem[]> {
  return (await http.get<ReferenceItem[]>(`/v1/data/type/${enc(type)}`)).data;
}

/**
 * POST /candidate/:id/fasttrackcandidates/:roleId/stage/:stageId: the first application is the
 * path's `:id`, the others go in `ids`. Answers a job to poll.
 */
export async function fastTrack(applicationIds: readonly string[], roleId: string, stageId: number): Promise<{ jobId: string }> {
  const [first, ...rest] = applicationIds;
  const url = `/v1/candidate/${enc(first ?? '')}/fasttrackcandidates/${enc(roleId)}/stage/${stageId}`;
  return (await http.post<{ jobId: string }>(url, { ids: rest })).data;
}

/** GET /jobs/:jobId: how far an asynchronous pipeline job has got. */
export async function fetchJob(jobId: string): Promise<JobProgress> {
  return (await http.get<JobProgress>(`/v1/jobs/${enc(jobId)}`)).data;
}
