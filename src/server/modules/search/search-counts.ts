import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { CandidateSearchFilters } from '#schemas/search';
import type { Db } from '../../db/client';
import type { Database } from '../../db/types';
import { isUuid } from '../../lib/uuid';
import {
  groupStageIds,
  matchingApplications,
  outsideOrganization,
  rolesMatching,
  type FilterOrganization,
} from './candidate-filter';

/*
 * The tab counts (spec §3 totalForStage) of a search, decision 0079: matching applications per stage and substage,
 * read by the cheapest way that is still exact, or exact up to a cap:
 *
 * - `roles`: the filters only pick roles (the role, its attributes), stage groups or the organisation — summed from
 *   the roll-up application_stage_counts (migration 0026), a few hundred rows at most;
 * - `profile`: across all roles, the filters are university groups and mark ranges with whole-number bounds — summed
 *   from the roll-up application_profile_counts;
 * - `roleGroups`: the filters of `roles` and university groups — summed from application_role_group_counts
 *   (migration 0029, decision 0084), a few hundred rows per role;
 * - `facets`: across all roles, locations and stage statuses — summed from application_facet_counts (migration 0029);
 * - `exact`: one role with any other filter — a GROUP BY over the role's range of the search index (decision 0013);
 * - `capped`: across all roles with any other filter — each stage counted up to SEARCH_COUNT_CAP + 1 matching
 *   applications; a stage past the cap answers "at least SEARCH_COUNT_CAP".
 */

/** Where counting across all roles with arbitrary filters stops, per stage. */
export const SEARCH_COUNT_CAP = 1_000;

export interface CountRow {
  stage_id: number | null;
  substage_id: string | null;
  total: number;
}

export type CountWay = 'roles' | 'profile' | 'roleGroups' | 'facets' | 'exact' | 'capped';

type Filter = keyof CandidateSearchFilters;
const ROLE_FILTERS: ReadonlySet<Filter> = new Set<Filter>([
  'roleId',
  'roleTypes',
  'lateralRoleTypes',
  'roleLevels',
  'departments',
  'employmentTypes',
  'status',
  'roleStartDate',
  'roleEndDate',
  'openDate',
  'deadlinePassed',
]);
const ORGANIZATION_FILTERS: ReadonlySet<Filter> = new Set<Filter>(['groups', 'clients', 'sector']);
const PROFILE_FILTERS: ReadonlySet<Filter> = new Set<Filter>(['universityGroups', 'universityPercentile', 'wamRanges']);
const FACET_FILTERS: ReadonlySet<Filter> = new Set<Filter>(['locations', 'statuses']);

type Range = { min?: number; max?: number };
const whole = (r: Range): boolean =>
  (r.min === undefined || Number.isInteger(r.min)) && (r.max === undefined || Number.isInteger(r.max));

/** How the counts of `filters` (the tab's own stageId and substageId already left out) are taken. */
export function countWay(filters: CandidateSearchFilters): CountWay {
  const keys = (Object.keys(filters) as Filter[]).filter((k) => filters[k] !== undefined);
  if (keys.every((k) => ROLE_FILTERS.has(k) || ORGANIZATION_FILTERS.has(k))) return 'roles';
  if (
    keys.every((k) => PROFILE_FILTERS.has(k) || ORGANIZATION_FILTERS.has(k)) &&
    (filters.universityPercentile === undefined || whole(filters.universityPercentile)) &&
    (filters.wamRanges ?? []).every(whole)
  )
    return 'profile';
  if (keys.every((k) => ROLE_FILTERS.has(k) || ORGANIZATION_FILTERS.has(k) || k === 'universityGroups'))
    return 'roleGroups';
  if (keys.every((k) => FACET_FILTERS.has(k) || ORGANIZATION_FILTERS.has(k))) return 'facets';
  return filters.roleId === undefined ? 'capped' : 'exact';
}

type RollupEb = ExpressionBuilder<
  Database & {
    c: Database['application_stage_counts'] &
      Database['application_profile_counts'] &
      Database['application_role_group_counts'] &
      Database['application_facet_counts'];
  },
  'c'
>;

/** What both roll-ups and the capped count share: the organisation, stage groups, `clients` and `sector`. */
function organizationConditions(eb: RollupEb, organization: FilterOrganization, f: CandidateSearchFilters) {
  const conditions: Expression<SqlBool>[] = [eb('c.organization_id', '=', organization.id), eb('c.total', '<>', 0)];
  if (f.groups?.length) {
    const stageIds = groupStageIds(organization, f.groups);
    conditions.push(stageIds.length ? eb('c.stage_id', 'in', stageIds) : sql<SqlBool>`false`);
  }
  if (outsideOrganization(organization, f)) conditions.push(sql<SqlBool>`false`);
  return conditions;
}

/**
 * A mark range on the profile roll-up's (mark = floor of the mark, whole_mark): with whole-number bounds,
 * x >= min is mark >= min, and x <= max is mark < max or the mark is exactly max.
 */
function markRange(eb: RollupEb, r: Range): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [eb('c.mark', 'is not', null)];
  if (r.min !== undefined) conditions.push(eb('c.mark', '>=', r.min));
  if (r.max !== undefined)
    conditions.push(
      eb.or([eb('c.mark', '<', r.max), eb.and([eb('c.mark', '=', r.max), eb('c.whole_mark', '=', true)])]),
    );
  return eb.and(conditions);
}

/** Spec §3 university groups on a roll-up's has_university and university_groups (NON_RUSSELL: not Russell). */
function groupsCondition(eb: RollupEb, groups: readonly string[]): Expression<SqlBool> {
  const named = groups.filter((g) => g !== 'NON_RUSSELL');
  return eb.or([
    ...(named.length ? [sql<SqlBool>`c.university_groups && ${sql`${named}::text[]`}`] : []),
    ...(groups.includes('NON_RUSSELL')
      ? [eb.and([eb('c.has_university', '=', true), sql<SqlBool>`not ('RUSSELL' = any(c.university_groups))`])]
      : []),
  ]);
}

/**
 * The roll-up of roles: the role, the roles its attributes keep; with university groups, the roll-up of roles and
 * groups (migration 0029).
 */
function roleRollup(db: Db, organization: FilterOrganization, f: CandidateSearchFilters, now: Date) {
  const roles = rolesMatching(db, organization, f, now);
  const groups = f.universityGroups ?? [];
  return (
    db
      // The same columns as far as this query reads them (the groups only when the role-group roll-up is read).
      .selectFrom(
        (groups.length
          ? 'application_role_group_counts as c'
          : 'application_stage_counts as c') as 'application_stage_counts as c',
      )
      .select(['c.stage_id', 'c.substage_id', sql<number>`sum(c.total)::int`.as('total')])
      .where((eb0) => {
        const eb = eb0 as unknown as RollupEb;
        const conditions = organizationConditions(eb, organization, f);
        if (f.roleId !== undefined)
          conditions.push(isUuid(f.roleId) ? eb('c.role_id', '=', f.roleId.toLowerCase()) : sql<SqlBool>`false`);
        if (roles) conditions.push(eb('c.role_id', 'in', roles));
        if (groups.length) conditions.push(groupsCondition(eb, groups));
        return eb0.and(conditions);
      })
      .groupBy(['c.stage_id', 'c.substage_id'])
  );
}

/** The roll-up of locations and stage statuses across roles (migration 0029). */
function facetRollup(db: Db, organization: FilterOrganization, f: CandidateSearchFilters) {
  return db
    .selectFrom('application_facet_counts as c')
    .select(['c.stage_id', 'c.substage_id', sql<number>`sum(c.total)::int`.as('total')])
    .where((eb0) => {
      const eb = eb0 as unknown as RollupEb;
      const conditions = organizationConditions(eb, organization, f);
      if (f.locations?.length) conditions.push(eb('c.location', 'in', f.locations));
      if (f.statuses?.length) conditions.push(eb('c.stage_status', 'in', f.statuses));
      return eb0.and(conditions);
    })
    .groupBy(['c.stage_id', 'c.substage_id']);
}

/** The roll-up of academic profiles across roles: university groups (spec §3, decision 0013) and mark ranges. */
function profileRollup(db: Db, organization: FilterOrganization, f: CandidateSearchFilters) {
  return db
    .selectFrom('application_profile_counts as c')
    .select(['c.stage_id', 'c.substage_id', sql<number>`sum(c.total)::int`.as('total')])
    .where((eb0) => {
      const eb = eb0 as unknown as RollupEb;
      const conditions = organizationConditions(eb, organization, f);
      if (f.universityGroups?.length) conditions.push(groupsCondition(eb, f.universityGroups));
      if (f.universityPercentile) conditions.push(markRange(eb, f.universityPercentile));
      if (f.wamRanges?.length) conditions.push(eb.or(f.wamRanges.map((r) => markRange(eb, r))));
      return eb0.and(conditions);
    })
    .groupBy(['c.stage_id', 'c.substage_id']);
}

/**
 * Across all roles with other filters: each stage that holds applications (from the roll-up) counted up to the cap
 * + 1, an index-only scan of the stage's range of applications_stage_search_idx that stops there.
 */
function cappedCount(db: Db, organization: FilterOrganization, f: CandidateSearchFilters, now: Date, cap: number) {
  const stages = db
    .selectFrom('application_stage_counts as c')
    .select('c.stage_id')
    .distinct()
    .where((eb) =>
      eb.and([...organizationConditions(eb as unknown as RollupEb, organization, f), eb('c.stage_id', 'is not', null)]),
    );
  const limited = matchingApplications(db, organization, f, now)
    .select('a.substage_id')
    .where(sql<SqlBool>`a.stage_id = s.stage_id`)
    .limit(cap + 1);
  return sql<CountRow>`select s.stage_id, m.substage_id, count(*)::int as total
    from (${stages}) as s cross join lateral (${limited}) as m
    group by s.stage_id, m.substage_id`;
}

/** The counts query of `filters` (without the tab's stageId and substageId), not yet run, and how it counts. */
export function stageCounts(
  db: Db,
  organization: FilterOrganization,
  filters: CandidateSearchFilters,
  now: Date,
  cap: number,
): { way: CountWay; query: RawBuilder<CountRow> } {
  const way = countWay(filters);
  const query =
    way === 'roles' || way === 'roleGroups'
      ? roleRollup(db, organization, filters, now)
      : way === 'profile'
        ? profileRollup(db, organization, filters)
        : way === 'facets'
          ? facetRollup(db, organization, filters)
          : way === 'capped'
            ? cappedCount(db, organization, filters, now, cap)
            : matchingApplications(db, organization, filters, now)
                .select(['a.stage_id', 'a.substage_id', sql<number>`count(*)::int`.as('total')])
                .groupBy(['a.stage_id', 'a.substage_id']);
  return { way, query: way === 'capped' ? (query as RawBuilder<CountRow>) : sql<CountRow>`${query}` };
}
