import type { CandidateSearchFilters } from '#schemas/search';
import type { BulkSelection } from '../../api/pipeline';

/**
 * The candidate table's selection: chosen rows (on any page), or every application matching the
 * search with some rows taken out again. A bulk action sends ids, or the filters minus unselectedIds.
 */
export type Selection = { mode: 'ids'; ids: readonly string[] } | { mode: 'all'; unselectedIds: readonly string[] };

export const NO_SELECTION: Selection = { mode: 'ids', ids: [] };

export function isSelected(selection: Selection, id: string): boolean {
  return selection.mode === 'ids' ? selection.ids.includes(id) : !selection.unselectedIds.includes(id);
}

/** Selects or unselects one row. */
export function toggleRow(selection: Selection, id: string, selected: boolean): Selection {
  if (selection.mode === 'ids') {
    const rest = selection.ids.filter((x) => x !== id);
    return { mode: 'ids', ids: selected ? [...rest, id] : rest };
  }
  const rest = selection.unselectedIds.filter((x) => x !== id);
  return { mode: 'all', unselectedIds: selected ? rest : [...rest, id] };
}

/** Selects or unselects every row of the page shown. */
export function togglePage(selection: Selection, pageIds: readonly string[], selected: boolean): Selection {
  return pageIds.reduce((current, id) => toggleRow(current, id, selected), selection);
}

export function isPageSelected(selection: Selection, pageIds: readonly string[]): boolean {
  return pageIds.length > 0 && pageIds.every((id) => isSelected(selection, id));
}

export const ALL_MATCHING: Selection = { mode: 'all', unselectedIds: [] };

/** How many applications a bulk action would touch. */
export function selectedCount(selection: Selection, totalElements: number): number {
  return selection.mode === 'ids' ? selection.ids.length : Math.max(0, totalElements - selection.unselectedIds.length);
}

/** The bulk move or export body: ids, or the search's filters minus the rows taken out. */
export function selectionPayload(selection: Selection, filters: CandidateSearchFilters): BulkSelection {
  return selection.mode === 'ids'
    ? { ids: [...selection.ids] }
    : { filters, unselectedIds: [...selection.unselectedIds] };
}
