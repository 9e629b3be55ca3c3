import lists from '#configs/reference-data/lists.json';
import countries from '#configs/reference-data/countries.json';
import type { ListType, RemoteListType } from './types';

const COUNTRY_NAMES: readonly string[] = countries.map((c) => c.name);
const COUNTRY_CODES = new Map(countries.map((c) => [c.name, c.code]));

/** Options of a reference list, in display order. */
export function listOptions(type: ListType): readonly string[] {
  if (type === 'COUNTRY') return COUNTRY_NAMES;
  return lists[type];
}

export function isListType(name: string): name is ListType {
  return name === 'COUNTRY' || Object.prototype.hasOwnProperty.call(lists, name);
}

export const LIST_TYPES: readonly ListType[] = ['COUNTRY', ...(Object.keys(lists) as ListType[])];

/** The text key of a reference-list option's label in a language layer: `list.GENDER.Woman`. */
export function listOptionKey(type: ListType | RemoteListType, value: string): string {
  return `list.${type}.${value}`;
}

const regionNames = new Map<string, Intl.DisplayNames | null>();

/** A country's name in a language, from the platform's Intl data (the answer stays the English name). */
export function countryName(name: string, language: string): string | undefined {
  const code = COUNTRY_CODES.get(name);
  if (!code || language === 'en') return undefined;
  if (!regionNames.has(language)) {
    try {
      regionNames.set(language, new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }));
    } catch {
      regionNames.set(language, null);
    }
  }
  return regionNames.get(language)?.of(code) ?? undefined;
}
