import type { OrganizationStage } from '#schemas/pipeline';
import type { CandidateSearchFilters } from '#schemas/search';
import type { SearchParams } from '../../api/pipeline';
import {
  compactFilters,
  decodeSearchState,
  encodeSearchState,
  type SearchState,
  selectedTab,
  orderedSubStages,
  localPath,
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT_FIELD,
  DEFAULT_SORT_ORDER,
} from '#engine';

/*
 * The search page's address (spec §2): the whole search state as JSON in `search`, the
 * selectedTabIndex rule while no stage is chosen, the board or list view, and the list variant.
 * A link reproduces the view; Back and Forward move between views.
 */
const SEARCH_PATH = '/manager/search';

export type View = 'list' | 'board';
/** Spec §2 candidate-list variants: candidatesx shows the role's answer columns (candidatev), candidatesc the compact
 * list. */
type ListVariant = 'candidatesc' | 'candidatesx';

export interface SearchLocation {
  state: SearchState;
  /** selectedTabIndex; it applies while the state names no stage. */
  tabIndex: number | null;
  view: View;
  list: ListVariant;
}

/** The search location in `search` (a query string); the engine's decodeSearchState cleans the state. */
export function readSearchLocation(search: string): SearchLocation {
  const params = new URLSearchParams(search);
  const tab = params.get('selectedTabIndex');
  const tabIndex = tab !== null && /^-?\d+$/.test(tab) ? Number(tab) : null;
  return {
    state: decodeSearchState(params.get('search')),
    tabIndex,
    view: params.get('view') === 'board' ? 'board' : 'list',
    list: params.get('list') === 'candidatesx' ? 'candidatesx' : 'candidatesc',
  };
}

/** The address of a search location. Defaults are left out, so the plain page stays /manager/search. */
export function searchHref(location: SearchLocation): string {
  const params = new URLSearchParams();
  if (location.view === 'board') params.set('view', 'board');
  if (location.list === 'candidatesx') params.set('list', 'candidatesx');
  if (location.tabIndex !== null && location.state.stageId === undefined)
    params.set('selectedTabIndex', String(location.tabIndex));
  params.set('search', encodeSearchState(location.state));
  return `${SEARCH_PATH}?${params.toString()}`;
}

/** The page of a role's candidates (and its board), as the role list links to them. */
export function roleSearchHref(roleId: string, view: View = 'list'): string {
  return searchHref({
    state: {
      filters: {},
      roleId,
      sortBy: DEFAULT_SORT_FIELD,
      orderBy: DEFAULT_SORT_ORDER,
      page: 0,
      resultsPerPage: DEFAULT_PAGE_SIZE,
    },
    tabIndex: null,
    view,
    list: 'candidatesc',
  });
}

/** Where the list stands in the pipeline: a stage and optionally one of its substages. */
export interface StagePosition {
  stageId?: number;
  substageId?: string;
}

/** A stage's substage for a stage status, or the whole stage when it has none. */
function atStatus(stage: OrganizationStage, status: string): StagePosition {
  const sub = orderedSubStages(stage).find((s) => s.codeStage === status);
  return sub ? { stageId: stage.id, substageId: sub.id } : { stageId: stage.id };
}

/**
 * Spec §2 selectedTabIndex through the engine's rule: 0 applied pending, 1 applied completed,
 * 2 interview stages pending, 3 offers group pending, any other value the first stage's default
 * substage. A rule this organisation's pipeline cannot meet falls back to that default too.
 */
function tabPosition(index: number, stages: readonly OrganizationStage[]): StagePosition {
  const fallback = (): StagePosition => {
    const rule = selectedTab(-1, stages);
    return rule.kind === 'defaultSubStage' ? { stageId: rule.stageId, substageId: rule.subStageId } : {};
  };
  const rule = selectedTab(index, stages);
  switch (rule.kind) {
    case 'stage': {
      const stage = stages.find((s) => (rule.stageIds as readonly number[]).includes(s.id));
      return stage ? atStatus(stage, rule.status) : fallback();
    }
    case 'group': {
      const stage = stages.find((s) => s.groupStage === rule.group);
      return stage ? atStatus(stage, rule.status) : fallback();
    }
    case 'defaultSubStage':
      return { stageId: rule.stageId, substageId: rule.subStageId };
  }
}

/** The stage and substage shown: the state's own, else the selectedTabIndex rule. */
export function effectivePosition(
  location: Pick<SearchLocation, 'state' | 'tabIndex'>,
  stages: readonly OrganizationStage[],
): StagePosition {
  const { stageId, substageId } = location.state;
  if (stageId !== undefined && stages.some((s) => s.id === stageId)) {
    const stage = stages.find((s) => s.id === stageId)!;
    return substageId && stage.subStages.some((s) => s.id === substageId) ? { stageId, substageId } : { stageId };
  }
  return tabPosition(location.tabIndex ?? -1, stages);
}

/** "Assigned to me" is kept as `me` in the address, so a shared link means its reader; the call names the user. */
export const ASSIGNED_TO_ME = 'me';

function withAssignee(filters: CandidateSearchFilters, userId: string | undefined): CandidateSearchFilters {
  return filters.assigneeId === ASSIGNED_TO_ME ? { ...filters, assigneeId: userId } : filters;
}

/** The filter payload of spec §3 for the state at a position (empty values dropped). */
export function searchFilters(state: SearchState, position: StagePosition, userId?: string): CandidateSearchFilters {
  return compactFilters(
    withAssignee(
      { ...state.filters, roleId: state.roleId, stageId: position.stageId, substageId: position.substageId },
      userId,
    ),
  );
}

/** The filters without the pipeline position (what the board applies to every column). */
export function filtersWithoutStage(state: SearchState, userId?: string): CandidateSearchFilters {
  return compactFilters(withAssignee({ ...state.filters, roleId: state.roleId }, userId));
}

export function searchQuery(state: SearchState): SearchParams {
  return {
    page: state.page,
    sortBy: state.sortBy,
    orderBy: state.orderBy,
    resultsPerPage: state.resultsPerPage,
  };
}

/** A new state after choosing something: a new search starts on the first page. */
export function withChanges(state: SearchState, changes: Partial<SearchState>): SearchState {
  return { ...state, page: 0, ...changes };
}

/**
 * Spec §2 `return` on /manager/candidate/:id: a path on this site goes back there (the list with
 * its state); a value naming the candidatesx or candidatesc variant opens that list; else the search.
 */
export function returnTarget(value: string | null): string {
  const local = localPath(value);
  if (local) return local;
  if (value?.includes('candidatesx')) return `${SEARCH_PATH}?list=candidatesx`;
  if (value?.includes('candidatesc')) return `${SEARCH_PATH}?list=candidatesc`;
  return SEARCH_PATH;
}

/** The candidate page's address, with the list to come back to. */
export function candidateHref(applicationId: string, returnTo: string): string {
  return `/manager/candidate/${encodeURIComponent(applicationId)}?${new URLSearchParams({ return: returnTo }).toString()}`;
}
