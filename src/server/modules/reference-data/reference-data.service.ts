import countries from '#configs/reference-data/countries.json' with { type: 'json' };
import schools from '#configs/reference-data/schools.json' with { type: 'json' };
import subjects from '#configs/reference-data/subjects.json' with { type: 'json' };
import universities from '#configs/reference-data/universities.json' with { type: 'json' };
import type { Static } from 'typebox';
import { isListType, LIST_TYPES, listOptions, STAGE_NAMES } from '#engine';
import type { Region } from '#schemas/organization';
import type {
  Country,
  Degrees,
  ReferenceItem,
  School,
  University,
  UniversityEntry,
  UniversityGroup,
  UniversitySearch,
} from '#schemas/reference-data';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/http-error';
import type { OrganizationRecord } from '../../db/types';
import { findActiveRoleNames, findRoleValues, type RoleValueColumn } from '../roles/role.repository';

/** Reference data shipped in configs/reference-data: read once, searched in memory (a few hundred rows). */
export const COUNTRIES: readonly Country[] = countries;
const ENTRIES: readonly UniversityEntry[] = universities as UniversityEntry[];
/** Universities with their groups today. */
export const UNIVERSITIES: readonly University[] = ENTRIES.map(({ joined: _joined, ...university }) => university);
const SCHOOLS: readonly School[] = schools;
const SUBJECTS: readonly string[] = subjects;

function matches(name: string, term: string | undefined): boolean {
  if (!term?.trim()) return true;
  return name.toLocaleLowerCase('en-GB').includes(term.trim().toLocaleLowerCase('en-GB'));
}

/** Items whose name contains the term, names starting with it first, at most `limit`. */
function search<T>(items: readonly T[], nameOf: (item: T) => string, term: string | undefined, limit: number): T[] {
  const lower = term?.trim().toLocaleLowerCase('en-GB') ?? '';
  const found = items.filter((item) => matches(nameOf(item), term));
  if (lower)
    found.sort(
      (a, b) =>
        Number(!nameOf(a).toLocaleLowerCase('en-GB').startsWith(lower)) -
        Number(!nameOf(b).toLocaleLowerCase('en-GB').startsWith(lower)),
    );
  return found.slice(0, limit);
}

/**
 * A university's groups as they stood in `year`: a dated group (Russell, Go8) counts from the
 * year the university joined it; a UK university outside the Russell Group that year is
 * NON_RUSSELL. Without a year, today's groups.
 */
function groupsInYear(entry: UniversityEntry, year: number | undefined): UniversityGroup[] {
  if (year === undefined) return [...entry.groups];
  const joined = (group: UniversityGroup): number =>
    group === 'RUSSELL' || group === 'GO8' ? (entry.joined?.[group] ?? 0) : 0;
  const held = entry.groups.filter((group) => group !== 'NON_RUSSELL' && joined(group) <= year);
  const ukUniversity = entry.groups.includes('RUSSELL') || entry.groups.includes('NON_RUSSELL');
  return ukUniversity && !held.includes('RUSSELL') ? [...held, 'NON_RUSSELL'] : held;
}

/**
 * Universities matching a search; with `year`, their groups as they stood that year (so
 * `group=RUSSELL&year=2010` leaves out Durham, which joined in 2012); with `preferRegion`, those
 * of the organisation's region come first (a UK employer sees UK universities before Australian
 * ones of the same name).
 */
export function searchUniversities(query: Static<typeof UniversitySearch>, preferRegion?: Region): University[] {
  const { term, limit = 50, region, group, year } = query;
  const dated = ENTRIES.map((entry): University => ({
    id: entry.id,
    name: entry.name,
    region: entry.region,
    groups: groupsInYear(entry, year),
  }));
  const scoped = dated.filter((u) => (!region || u.region === region) && (!group || u.groups.includes(group)));
  const ordered = preferRegion
    ? [...scoped].sort((a, b) => Number(a.region !== preferRegion) - Number(b.region !== preferRegion))
    : scoped;
  return search(ordered, (u) => u.name, term, limit);
}

export function searchSchools(term: string | undefined, limit: number): School[] {
  return search(SCHOOLS, (s) => s.name, term, limit);
}

export function searchSubjects(term: string | undefined, limit: number): string[] {
  return search(SUBJECTS, (s) => s, term, limit);
}

export function degrees(): Degrees {
  return { types: [...listOptions('DEGREE_TYPE')], classes: [...listOptions('DEGREE_CLASS')] };
}

/** Lists made from the organisation's roles (spec §3 role attributes), by type. */
const ROLE_VALUE_TYPES: Record<string, RoleValueColumn> = {
  ROLE_TYPE: 'role_type',
  ROLE_LEVEL: 'role_level',
  DEPARTMENT: 'department',
  ORGANIZATION_LOCATION: 'location',
  EMPLOYMENT_TYPE: 'employment_type',
};

const item = (value: string): ReferenceItem => ({ id: value, value });

/** The reference list types this server answers: shipped lists, role attributes, roles and stages. */
function referenceListTypes(): string[] {
  return [...LIST_TYPES, ...Object.keys(ROLE_VALUE_TYPES), 'ROLE', 'STAGE'].sort();
}

/** GET /api/v1/data/type/:type (spec §3 Reference data lists). */
export async function referenceList(db: Db, organization: OrganizationRecord, type: string): Promise<ReferenceItem[]> {
  if (isListType(type)) return listOptions(type).map(item);
  const column = ROLE_VALUE_TYPES[type];
  if (column) return (await findRoleValues(db, organization.id, column)).map(item);
  if (type === 'ROLE')
    return (await findActiveRoleNames(db, organization.id)).map((role) => ({ id: role.id, value: role.name }));
  if (type === 'STAGE') return Object.entries(STAGE_NAMES).map(([id, value]) => ({ id, value }));
  throw badRequest(`There is no reference list '${type}'`, [
    { field: 'type', message: `Choose one of: ${referenceListTypes().join(', ')}` },
  ]);
}
