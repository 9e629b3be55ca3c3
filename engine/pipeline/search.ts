import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT_FIELD,
  DEFAULT_SORT_ORDER,
  MAX_PAGE_SIZE,
  SORT_FIELDS,
  SORT_ORDERS,
  type CandidateSearchFilters,
  type DateAdded,
  type PageInfo,
  type SortField,
  type SortOrder,
} from '#schemas/search';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(compact).filter((v) => !isEmpty(v));
  if (value && typeof value === 'object') {
    const result: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      const kept = compact(child);
      if (!isEmpty(kept)) result[key] = kept;
    }
    return result;
  }
  return typeof value === 'string' ? value.trim() : value;
}

/** Spec §3: empty values (blank strings, empty lists and objects, null) are dropped, at every depth. */
export function compactFilters(filters: CandidateSearchFilters): CandidateSearchFilters {
  return compact(filters as Json) as CandidateSearchFilters;
}

const DAY = 24 * 60 * 60 * 1000;

/** The start of an application-date range (spec §4: last day, week, month, 3 months, 6 months, year). */
export function dateAddedSince(range: DateAdded, now: Date): Date {
  const monthsBack = (months: number) => {
    const date = new Date(now);
    date.setUTCMonth(date.getUTCMonth() - months);
    return date;
  };
  switch (range) {
    case 'LAST_DAY':
      return new Date(now.getTime() - DAY);
    case 'LAST_WEEK':
      return new Date(now.getTime() - 7 * DAY);
    case 'LAST_MONTH':
      return monthsBack(1);
    case 'LAST_3_MONTHS':
      return monthsBack(3);
    case 'LAST_6_MONTHS':
      return monthsBack(6);
    case 'LAST_YEAR':
      return monthsBack(12);
  }
}

/** The page fields of spec §3 for page `number` (from 0) of `size` over `totalElements`. */
export function pageInfo(number: number, size: number, totalElements: number, numberOfElements: number): PageInfo {
  const totalPages = size > 0 ? Math.ceil(totalElements / size) : 0;
  return {
    first: number === 0,
    last: number >= totalPages - 1,
    number,
    numberOfElements,
    size,
    totalElements,
    totalPages,
    hasNext: number < totalPages - 1,
    hasPrevious: number > 0,
    hasContent: numberOfElements > 0,
  };
}

/** The `search` query parameter (spec §2): the search state as JSON, so a link reproduces the view. */
export interface SearchState {
  filters: CandidateSearchFilters;
  roleId?: string;
  stageId?: number;
  substageId?: string;
  sortBy: SortField;
  orderBy: SortOrder;
  page: number;
  resultsPerPage: number;
}

export const DEFAULT_SEARCH_STATE: SearchState = {
  filters: {},
  sortBy: DEFAULT_SORT_FIELD,
  orderBy: DEFAULT_SORT_ORDER,
  page: 0,
  resultsPerPage: DEFAULT_PAGE_SIZE,
};

export function encodeSearchState(state: SearchState): string {
  return JSON.stringify({ ...state, filters: compactFilters(state.filters) });
}

const isSortField = (value: unknown): value is SortField => (SORT_FIELDS as readonly unknown[]).includes(value);
const nonEmptyText = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/**
 * Reads the `search` parameter; anything unreadable falls back to the default view, and each
 * field that is not what it should be (an unknown sort field, an empty role, a stage that is not
 * a whole number) to its default.
 */
export function decodeSearchState(value: string | null): SearchState {
  if (!value) return DEFAULT_SEARCH_STATE;
  try {
    const parsed = JSON.parse(value) as Partial<Record<keyof SearchState, unknown>>;
    if (!parsed || typeof parsed !== 'object') return DEFAULT_SEARCH_STATE;
    return {
      ...DEFAULT_SEARCH_STATE,
      ...(parsed as Partial<SearchState>),
      filters:
        parsed.filters && typeof parsed.filters === 'object'
          ? compactFilters(parsed.filters as CandidateSearchFilters)
          : {},
      roleId: nonEmptyText(parsed.roleId),
      stageId: Number.isInteger(parsed.stageId) ? (parsed.stageId as number) : undefined,
      substageId: nonEmptyText(parsed.substageId),
      sortBy: isSortField(parsed.sortBy) ? parsed.sortBy : DEFAULT_SEARCH_STATE.sortBy,
      page: Number.isInteger(parsed.page) && (parsed.page as number) >= 0 ? (parsed.page as number) : 0,
      resultsPerPage: parsed.resultsPerPage === MAX_PAGE_SIZE ? MAX_PAGE_SIZE : DEFAULT_PAGE_SIZE,
      orderBy: SORT_ORDERS.includes(parsed.orderBy as SortOrder) ? (parsed.orderBy as SortOrder) : DEFAULT_SORT_ORDER,
    };
  } catch {
    return DEFAULT_SEARCH_STATE;
  }
}
