import {
  orderedSubStages,
  compactFilters,
  pageInfo,
  displayName,
  isAnonymisedEmail,
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT_FIELD,
  DEFAULT_SORT_ORDER,
} from '#engine';
import type { CompiledQuery } from 'kysely';
import type { FieldError } from '#schemas/api';
import type {
  CandidateListItem,
  CandidateSearchFilters,
  CandidateSearchPage,
  ListFieldColumns,
  SearchQuery,
  StageTotals,
} from '#schemas/search';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/http-error';
import { isUuid } from '../../lib/uuid';
import { accountAnswers, listFieldPanel } from '../applications/list-field-panel';
import type { OrganizationRecord } from '../../db/types';
import type { OrganizationStage, SubStage } from '#schemas/pipeline';
import type { RoleRecord } from '../roles/role.repository';
import { roleOf } from '../roles/role.service';
import {
  candidatePageQuery,
  countQuery,
  findPeople,
  findProfileAnswers,
  type CandidatePageRow,
  type SearchSort,
} from './search.repository';
import { SEARCH_COUNT_CAP, stageCounts, type CountRow } from './search-counts';

/** The three list calls of spec §7 Search: with tab counts, with the role's list fields, or just the page. */
export type SearchVariant = 'candidate' | 'candidatev' | 'fastCandidate';

export const INVALID_FILTERS_MESSAGE = 'There is a problem with the search filters';
/** How many people the quick profile search answers at most. */
const PROFILE_RESULTS = 20;

type Range = { min?: number; max?: number };

/**
 * What the schema cannot say about a filter payload: ids that cannot name a row, stages and
 * substages the organisation does not have, ranges upside down. Each problem names its field.
 */
function filterProblems(
  organization: Pick<OrganizationRecord, 'stages'>,
  filters: CandidateSearchFilters,
  prefix = 'filters',
): FieldError[] {
  const problems: FieldError[] = [];
  const at = (field: string, message: string) => problems.push({ field: `${prefix}.${field}`, message });
  if (filters.roleId !== undefined && !isUuid(filters.roleId)) at('roleId', 'must be a role id');
  if (filters.assigneeId !== undefined && filters.assigneeId !== 'none' && !isUuid(filters.assigneeId))
    at('assigneeId', "must be a user id or 'none'");
  filters.eventIds?.forEach((id, i) => {
    if (!isUuid(id)) at(`eventIds.${i}`, 'must be an event id');
  });
  for (const key of ['ids', 'unselectedIds', 'recruiters'] as const) {
    filters[key]?.forEach((id, i) => {
      if (!isUuid(id)) at(`${key}.${i}`, key === 'recruiters' ? 'must be a user id' : 'must be an application id');
    });
  }
  const stage = filters.stageId === undefined ? undefined : organization.stages.find((s) => s.id === filters.stageId);
  if (filters.stageId !== undefined && !stage) at('stageId', `is not a stage of this organisation's pipeline`);
  if (filters.substageId !== undefined) {
    const owner = organization.stages.find((s) => s.subStages.some((sub) => sub.id === filters.substageId));
    if (!owner) at('substageId', `is not a substage of this organisation's pipeline`);
    else if (stage && owner.id !== stage.id) at('substageId', `is not a substage of stage ${stage.id}`);
  }
  const checkRange = (field: string, r: Range | undefined) => {
    if (r?.min !== undefined && r.max !== undefined && r.min > r.max) at(field, 'min must not be greater than max');
  };
  checkRange('schoolPercentile', filters.schoolPercentile);
  checkRange('universityPercentile', filters.universityPercentile);
  filters.wamRanges?.forEach((r, i) => checkRange(`wamRanges.${i}`, r));
  filters.scores?.forEach((r, i) => checkRange(`scores.${i}`, r));
  for (const key of [
    'performanceIndex',
    'ks4Points',
    'ks5',
    'universityAveragePercentile',
    'universityAverage',
  ] as const)
    checkRange(key, filters[key]);
  for (const key of ['interviewDate', 'openDate'] as const) {
    const period = filters[key];
    if (period?.from !== undefined && period.to !== undefined && period.from > period.to)
      at(`${key}.to`, 'must not be before from');
  }
  if (
    filters.roleStartDate !== undefined &&
    filters.roleEndDate !== undefined &&
    filters.roleStartDate > filters.roleEndDate
  ) {
    at('roleEndDate', 'must not be before roleStartDate');
  }
  return problems;
}

function assertFilters(organization: OrganizationRecord, filters: CandidateSearchFilters, prefix?: string): void {
  const problems = filterProblems(organization, filters, prefix);
  if (problems.length) throw badRequest(INVALID_FILTERS_MESSAGE, problems);
}

function sortOf(organization: OrganizationRecord, query: SearchQuery): SearchSort {
  return {
    field: query.sortBy ?? DEFAULT_SORT_FIELD,
    order: query.orderBy ?? DEFAULT_SORT_ORDER,
    stageOrder: pipelineOf(organization).stages.map(({ stage }) => stage.id),
  };
}

const numberOrNull = (value: string | number | null): number | null => (value === null ? null : Number(value));

/** An organisation's pipeline as the list reads it, worked out once per organisation record (decision 0057). */
interface Pipeline {
  /** Stages in pipeline order, each with its substages in order. */
  stages: { stage: OrganizationStage; subStages: SubStage[] }[];
  /** Each stage's name and its substages' names, by id. */
  names: Map<number, { name: string; substages: Map<string, string> }>;
}
const pipelines = new WeakMap<OrganizationRecord, Pipeline>();

function pipelineOf(organization: OrganizationRecord): Pipeline {
  let pipeline = pipelines.get(organization);
  if (pipeline) return pipeline;
  const stages = [...organization.stages].sort((a, b) => a.orderIndex - b.orderIndex);
  pipeline = {
    stages: stages.map((stage) => ({ stage, subStages: orderedSubStages(stage) })),
    names: new Map(
      stages.map((s) => [s.id, { name: s.name, substages: new Map(s.subStages.map((sub) => [sub.id, sub.name])) }]),
    ),
  };
  pipelines.set(organization, pipeline);
  return pipeline;
}

function toListItem(row: CandidatePageRow, pipeline: Pipeline): CandidateListItem {
  const stage = row.stage_id === null ? undefined : pipeline.names.get(row.stage_id);
  const email = row.email ?? row.user_email;
  const anonymised = row.user_anonymised_at !== null;
  return {
    id: row.id,
    candidateId: row.user_id,
    name: displayName({
      id: row.user_id,
      firstName: row.first_name ?? row.user_first_name,
      preferredName: row.user_preferred_name,
      lastName: row.last_name ?? row.user_last_name,
      email,
      anonymised,
    }),
    // Spec §3: an email with the anonymisation marker is hidden.
    email: anonymised || isAnonymisedEmail(email) ? null : email,
    roleId: row.role_id,
    roleName: row.role_name,
    stageId: row.stage_id,
    stageName: stage?.name ?? null,
    substageId: row.substage_id,
    substageName: row.substage_id === null ? null : (stage?.substages.get(row.substage_id) ?? null),
    stageStatus: row.stage_status,
    step: row.step,
    source: row.source,
    location: row.location,
    universityName: row.university_name,
    universityGroups: row.university_groups,
    degreeClass: row.degree_class,
    averagePercent: numberOrNull(row.average_percent),
    totalScore: numberOrNull(row.total_score),
    matched: row.matched,
    assignee:
      row.assignee_id === null
        ? null
        : {
            id: row.assignee_id,
            name: displayName({
              id: row.assignee_id,
              firstName: row.assignee_first_name,
              preferredName: row.assignee_preferred_name,
              lastName: row.assignee_last_name,
              email: row.assignee_email,
            }),
          },
    appliedAt: row.applied_at,
    lastChangeAt: row.last_change_at,
  };
}

interface StageCount {
  stageId: number | null;
  substageId: string | null;
  total: number;
}

/**
 * Spec §3 totalForStage: every stage of the organisation's pipeline in order with every substage
 * (zeros included, so each tab has a number), then any stage or substage the data holds that the
 * pipeline no longer lists, so the counts always add up to the matching total. With a `cap` (decision 0079), a
 * stage that reached the cap answers the cap and `capped`, and its substages what was counted, `capped` too.
 */
function stageTotals(pipeline: Pipeline, counts: readonly StageCount[], cap: number | null): StageTotals {
  const result: StageTotals = pipeline.stages.map(({ stage, subStages }) => ({
    stageId: stage.id,
    total: 0,
    subStages: subStages.map((sub) => ({ substageId: sub.id, total: 0 })),
  }));
  for (const count of counts) {
    if (count.stageId === null) continue;
    let entry = result.find((s) => s.stageId === count.stageId);
    if (!entry) result.push((entry = { stageId: count.stageId, total: 0, subStages: [] }));
    entry.total += count.total;
    if (count.substageId === null) continue;
    const sub = entry.subStages.find((s) => s.substageId === count.substageId);
    if (sub) sub.total += count.total;
    else entry.subStages.push({ substageId: count.substageId, total: count.total });
  }
  if (cap !== null)
    for (const entry of result.filter((s) => s.total > cap)) {
      entry.total = cap;
      entry.capped = true;
      for (const sub of entry.subStages) sub.capped = true;
    }
  return result;
}

/** The page's total out of the tab counts: the part in the chosen stage and substage; capped when that part is. */
function pageTotal(totals: StageTotals, strays: readonly StageCount[], filters: CandidateSearchFilters) {
  if (filters.stageId === undefined)
    return {
      total: totals.reduce((sum, s) => sum + s.total, 0) + strays.reduce((sum, c) => sum + c.total, 0),
      capped: totals.some((s) => s.capped === true),
    };
  const stage = totals.find((s) => s.stageId === filters.stageId);
  const part =
    filters.substageId === undefined ? stage : stage?.subStages.find((s) => s.substageId === filters.substageId);
  return { total: part?.total ?? 0, capped: part?.capped === true };
}

export interface SearchRequest {
  variant: SearchVariant;
  filters: CandidateSearchFilters;
  query: SearchQuery;
  now: Date;
  /** Where counts across all roles with filters no roll-up carries stop per stage (tests set a small one). */
  countCap?: number;
}

/**
 * The SQL of one search call, checked and built but not run: the page, and either the counts per
 * stage (candidate, candidatev) or the plain count (fastCandidate). The benchmark runs exactly
 * these to time the database alone.
 */
export function searchQueries(db: Db, organization: OrganizationRecord, request: SearchRequest) {
  const filters = compactFilters(request.filters);
  assertFilters(organization, filters);
  const size = request.query.resultsPerPage ?? DEFAULT_PAGE_SIZE;
  const number = request.query.page ?? 0;
  const sort = sortOf(organization, request.query);
  // The tab counts match every filter but the tab itself (spec §3 totalForStage).
  const { stageId: _stage, substageId: _substage, ...tabFilters } = filters;
  const withTotals = request.variant !== 'fastCandidate';
  const cap = request.countCap ?? SEARCH_COUNT_CAP;
  const counts = withTotals ? stageCounts(db, organization, tabFilters, request.now, cap) : undefined;
  const withAnswers = request.variant === 'candidatev' && filters.roleId !== undefined;
  return {
    filters,
    size,
    number,
    page: candidatePageQuery(db, organization, filters, request.now, sort, {
      offset: number * size,
      limit: size,
      withAnswers,
    }),
    counts: counts?.query,
    cap: counts?.way === 'capped' ? cap : null,
    count: withTotals ? undefined : countQuery(db, organization, filters, request.now),
  };
}

/** The SQL of one search call, compiled: what the endpoint runs. */
interface CompiledSearch {
  filters: CandidateSearchFilters;
  size: number;
  number: number;
  page: CompiledQuery<CandidatePageRow>;
  counts: CompiledQuery<CountRow> | undefined;
  count: CompiledQuery<{ total: number }> | undefined;
  cap: number | null;
}

function compileSearch(db: Db, organization: OrganizationRecord, request: SearchRequest): CompiledSearch {
  const { filters, size, number, page, counts, count, cap } = searchQueries(db, organization, request);
  return { filters, size, number, page: page.compile(), counts: counts?.compile(db), count: count?.compile(), cap };
}

/** How many compiled searches each organisation keeps; past it the oldest goes. */
const COMPILED_SEARCHES = 500;
const YEAR_MS = 366 * 24 * 60 * 60 * 1000;

/**
 * Compiled searches by organisation record and request (decision 0089). The record is the one the organisation cache
 * answers (decision 0057): a change to the organisation (its stages, its sector) reads a new record, so nothing
 * compiled for the old one is used again. A search whose SQL does not depend on the time of the call is kept as it
 * is: the first time, it is compiled a second time a year later, and kept when both agree. A search that compares
 * with the time (`dateAdded`, `deadlinePassed`…) is `timed`: it compares with the start of the second of the call,
 * and its SQL is kept for the rest of that second (decision 0091).
 */
interface TimedSearch {
  second: number;
  compiled: CompiledSearch;
}
const compiledSearches = new WeakMap<OrganizationRecord, Map<string, CompiledSearch | TimedSearch>>();

const sameQuery = (a: CompiledQuery | undefined, b: CompiledQuery | undefined): boolean =>
  a?.sql === b?.sql && JSON.stringify(a?.parameters) === JSON.stringify(b?.parameters);

function compiledSearch(db: Db, organization: OrganizationRecord, request: SearchRequest): CompiledSearch {
  let held = compiledSearches.get(organization);
  if (!held) compiledSearches.set(organization, (held = new Map()));
  const key = JSON.stringify([request.variant, request.filters, request.query, request.countCap ?? null]);
  const found = held.get(key);
  if (found && !('second' in found)) return found;
  const second = Math.floor(request.now.getTime() / 1000);
  const atSecond = { ...request, now: new Date(second * 1000) };
  if (found) {
    if (found.second !== second) Object.assign(found, { second, compiled: compileSearch(db, organization, atSecond) });
    return found.compiled;
  }
  const compiled = compileSearch(db, organization, atSecond);
  const later = compileSearch(db, organization, { ...atSecond, now: new Date(second * 1000 + YEAR_MS) });
  const timeless =
    sameQuery(compiled.page, later.page) &&
    sameQuery(compiled.counts, later.counts) &&
    sameQuery(compiled.count, later.count);
  if (held.size >= COMPILED_SEARCHES) held.delete(held.keys().next().value!);
  held.set(key, timeless ? compiled : { second, compiled });
  return compiled;
}

/**
 * POST /search/{candidate,candidatev,fastCandidate}/:orgId. The page and the per-stage counts run
 * side by side; with counts, the page's total comes out of them (the counts match every filter
 * but stageId/substageId, so the page's total is the part of them in that stage and substage),
 * which saves a separate count(*).
 */
export async function searchCandidates(
  db: Db,
  organization: OrganizationRecord,
  request: SearchRequest,
): Promise<CandidateSearchPage> {
  const { filters, size, number, page, counts, cap, count } = compiledSearch(db, organization, request);
  const [role, { rows }, stageCounts, matching] = await Promise.all([
    request.variant === 'candidatev' && filters.roleId !== undefined
      ? roleOf(db, organization, filters.roleId)
      : undefined,
    db.executeQuery(page),
    counts && db.executeQuery(counts),
    count && db.executeQuery(count),
  ]);
  // Another organisation's role (or none) answers 404, like every id of another organisation. Such
  // a role matches nothing, so only an empty page needs the extra look-up.
  if (filters.roleId !== undefined && rows.length === 0 && !role) await roleOf(db, organization, filters.roleId);
  const perStage = stageCounts?.rows.map((r) => ({
    stageId: r.stage_id,
    substageId: r.substage_id,
    total: Number(r.total),
  }));
  const pipeline = pipelineOf(organization);
  const totalForStage = perStage && stageTotals(pipeline, perStage, cap);
  const total = totalForStage
    ? pageTotal(
        totalForStage,
        perStage!.filter((c) => c.stageId === null),
        filters,
      )
    : { total: Number(matching!.rows[0]!.total), capped: false };
  const content = rows.map((row) => toListItem(row, pipeline));
  const columns =
    request.variant === 'candidatev' && role ? await addRoleFields(db, organization, role, rows, content) : undefined;
  const info = pageInfo(number, size, total.total, content.length);
  return {
    ...info,
    // Past a capped total there is more than the total says: a full page has a next one.
    ...(total.capped && { totalCapped: true, hasNext: content.length === size, last: content.length < size }),
    content,
    ...(totalForStage && { totalForStage }),
    ...(columns && { columns }),
  };
}

/**
 * candidatev: each item's answers to the role's template.viewConfiguration listFields, as the candidate panel shows
 * them (its profile started from the account, decision 0010); answers the columns, headed with the form's labels.
 */
async function addRoleFields(
  db: Db,
  organization: OrganizationRecord,
  role: RoleRecord,
  rows: CandidatePageRow[],
  content: CandidateListItem[],
): Promise<ListFieldColumns> {
  const [panelOf, profiles] = await Promise.all([
    listFieldPanel(db, organization, role),
    findProfileAnswers(
      db,
      organization.id,
      rows.map((r) => r.user_id),
    ),
  ]);
  rows.forEach((row, i) => {
    const answers = ('answers' in row ? (row.answers as Record<string, unknown>) : undefined) ?? {};
    const account = accountAnswers({
      first_name: row.user_first_name,
      last_name: row.user_last_name,
      email: row.user_email,
      anonymised_at: row.user_anonymised_at,
    });
    const panel = panelOf({ application: answers, profile: { ...account, ...profiles.get(row.user_id) } });
    content[i]!.fields = Object.fromEntries(panel.map((r) => [r.id, r.value]));
  });
  return panelOf({ application: {}, profile: {} }).map(({ id, label }) => ({ id, label }));
}

export interface QuickSearch {
  searchTerm?: string;
  roleId?: string;
  stageId?: number;
  substageId?: string;
}

/** GET /search/candidates/:orgId: the quick search, a page without tab counts. */
export function quickSearch(
  db: Db,
  organization: OrganizationRecord,
  params: QuickSearch,
  query: SearchQuery,
  now: Date,
): Promise<CandidateSearchPage> {
  const filters = compactFilters({
    searchTerm: params.searchTerm,
    roleId: params.roleId,
    stageId: params.stageId,
    substageId: params.substageId,
  });
  const problems = filterProblems(organization, filters, 'query').map((p) => ({
    ...p,
    field: p.field.replace(/^query\./, ''),
  }));
  if (problems.length) throw badRequest(INVALID_FILTERS_MESSAGE, problems);
  return searchCandidates(db, organization, { variant: 'fastCandidate', filters, query, now });
}

/** GET /search/profiles: candidates of the organisation whose name or email contains the term. */
export async function searchProfiles(db: Db, organization: OrganizationRecord, searchTerm: string) {
  const term = searchTerm.trim();
  if (!term) return [];
  const people = await findPeople(db, organization.id, term, PROFILE_RESULTS);
  return people.map((p) => ({
    candidateId: p.id,
    name: displayName({
      id: p.id,
      firstName: p.first_name,
      preferredName: p.preferred_name,
      lastName: p.last_name,
      email: p.email,
    }),
    email: isAnonymisedEmail(p.email) ? null : p.email,
    applications: p.applications,
  }));
}
