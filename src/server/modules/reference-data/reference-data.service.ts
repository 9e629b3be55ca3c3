import countries from '../../../../configs/reference-data/countries.json' with { type: 'json' };
import schools from '../../../../configs/reference-data/schools.json' with { type: 'json' };
import subjects from '../../../../configs/reference-data/subjects.json' with { type: 'json' };
import universities from '../../../../configs/reference-data/universities.json' with { type: 'json' };
import type { Country, School, University } from '../../../../schemas/reference-data';

/** Reference data shipped in configs/reference-data: read once, searched in memory (a few hundred rows). */
export const COUNTRIES: readonly Country[] = countries;
export const UNIVERSITIES: readonly University[] = universities as University[];
export const SCHOOLS: readonly School[] = schools;
export const SUBJECTS: readonly string[] = subjects;

export function matches(name: string, term: string | undefined): boolean {
  if (!term?.trim()) return true;
  return name.toLocaleLowerCase('en-GB').includes(term.trim().toLocaleLowerCase('en-GB'));
}

/** Items whose name contains the term, names starting with it first, at most `limit`. */
export function search<T>(items: readonly T[], nameOf: (item: T) => string, term: string | undefined, limit: number): T[] {
  const lower = term?.trim().toLocaleLowerCase('en-GB') ?? '';
  const found = items.filter((item) => matches(nameOf(item), term));
  if (lower) found.sort((a, b) => Number(!nameOf(a).toLocaleLowerCase('en-GB').startsWith(lower)) - Number(!nameOf(b).toLocaleLowerCase('en-GB').startsWith(lower)));
  return found.slice(0, limit);
}
