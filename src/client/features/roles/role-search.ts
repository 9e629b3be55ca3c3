import type { RoleFilters, WorkType } from '#schemas/role';
import { WORK_TYPES } from '#schemas/role';

/** The role list's filters and page live in the address (so a link, Back and a reload keep them). */
const LIST_PARAMS = {
  roleTypes: 'type',
  roleLevels: 'level',
  departments: 'department',
  locations: 'location',
  workTypes: 'work',
} as const;
export type ListFilter = keyof typeof LIST_PARAMS;
const LIST_FILTERS = Object.keys(LIST_PARAMS) as ListFilter[];

export interface RoleSearch {
  filters: RoleFilters;
  /** From 0. */
  page: number;
}

export function roleSearchFrom(search: string): RoleSearch {
  const params = new URLSearchParams(search);
  const filters: RoleFilters = {};
  for (const filter of LIST_FILTERS) {
    const values = params.getAll(LIST_PARAMS[filter]).filter(Boolean);
    if (values.length === 0) continue;
    if (filter === 'workTypes')
      filters.workTypes = values.filter((v): v is WorkType => (WORK_TYPES as readonly string[]).includes(v));
    else filters[filter] = values;
  }
  const term = params.get('q')?.trim();
  if (term) filters.searchTerm = term.slice(0, 100);
  const page = Number(params.get('page') ?? '1');
  return { filters, page: Number.isInteger(page) && page > 1 ? page - 1 : 0 };
}

/** The query string of a search; pages are numbered from 1 in the address, as people count them. */
export function roleSearchQuery({ filters, page }: RoleSearch): string {
  const params = new URLSearchParams();
  if (filters.searchTerm) params.set('q', filters.searchTerm);
  for (const filter of LIST_FILTERS)
    for (const value of filters[filter] ?? []) params.append(LIST_PARAMS[filter], value);
  if (page > 0) params.set('page', String(page + 1));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function activeFilterCount(filters: RoleFilters): number {
  return LIST_FILTERS.reduce((n, filter) => n + (filters[filter]?.length ?? 0), 0);
}
