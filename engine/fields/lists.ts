import lists from '../../configs/reference-data/lists.json';
import countries from '../../configs/reference-data/countries.json';
import type { ListType } from './types';

const COUNTRY_NAMES: readonly string[] = countries.map((c) => c.name);

/** Options of a reference list, in display order. */
export function listOptions(type: ListType): readonly string[] {
  if (type === 'COUNTRY') return COUNTRY_NAMES;
  return lists[type];
}

export function isListType(name: string): name is ListType {
  return name === 'COUNTRY' || Object.prototype.hasOwnProperty.call(lists, name);
}

export const LIST_TYPES: readonly ListType[] = ['COUNTRY', ...(Object.keys(lists) as ListType[])];

/** Options whose choice asks for the specify text (spec §5: appended for 'other' options). */
export function isOtherOption(option: string): boolean {
  return /\bother\b/i.test(option) || /another/i.test(option);
}
