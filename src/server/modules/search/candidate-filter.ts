import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { dateAddedSince, SMALLEST_SHOWN_COUNT } from '#engine';
import { LEGAL_INTERESTS_QUESTION, type CandidateSearchFilters } from '#schemas/search';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like-pattern';
import type { Database, OrganizationRecord } from '../../db/types';
import { isUuid } from '../../lib/uuid';

/*
 * The candidate-search filter payload (spec §3) as SQL: one place that says which applications
 * "match", shared by the search calls, bulk moves of "all matching" and the CSV export.
 *
 * Signature: `matchingApplications(db, organization, filters, now)` — the ORGANISATION (an
 * OrganizationRecord, or anything with its id, stages and sector), not just its id, because the
 * `groups` filter reads the organisation's stage groups (viewer.organization.stages) and `sector`
 * its sector. Drafts are never matched. Filter values that cannot name a row (a malformed uuid in
 * ids, roleId, assigneeId…) match nothing rather than failing in SQL; the search calls reject them
 * with a 400 first (see search.service.ts `filterProblems`).
 */

export type FilterOrganization = Pick<OrganizationRecord, 'id' | 'stages' | 'sector'>;
type Eb = ExpressionBuilder<Database & { a: Database['applications'] }, 'a'>;

/**
 * The text `searchTerm` looks in: first name, last name and email, lower-cased. The expression is
 * exactly the one the trigram index of migration 0007 is built on, so the planner can use it.
 */
const SEARCH_TEXT = sql<string>`lower(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '') || ' ' || coalesce(a.email, ''))`;

const uuids = (values: readonly string[]): string[] => values.filter(isUuid).map((v) => v.toLowerCase());
const nothing = sql<SqlBool>`false`;
const textArray = (values: readonly string[]) => sql`${[...values]}::text[]`;
const uuidArray = (values: readonly string[]) => sql`${[...values]}::uuid[]`;

/** min..max of a numeric column, either bound optional; no bounds at all still asks for a value. */
type RangeColumn =
  | 'a.school_percentile'
  | 'a.average_percent'
  | 's.score'
  | 'a.performance_index'
  | 'a.ks4_points'
  | 'a.ks5_points'
  | 'a.university_percentile';

function range(column: RangeColumn, r: { min?: number; max?: number }): Expression<SqlBool>[] {
  const ref = sql.ref(column);
  const conditions: Expression<SqlBool>[] = [];
  if (r.min !== undefined) conditions.push(sql<SqlBool>`${ref} >= ${r.min}`);
  if (r.max !== undefined) conditions.push(sql<SqlBool>`${ref} <= ${r.max}`);
  if (conditions.length === 0) conditions.push(sql<SqlBool>`${ref} is not null`);
  return conditions;
}

/** Spec §3 university groups: NON_RUSSELL is "has a university, none of them Russell Group". */
function universityGroups(eb: Eb, groups: readonly string[]): Expression<SqlBool> {
  const named = groups.filter((g) => g !== 'NON_RUSSELL');
  const options: Expression<SqlBool>[] = [];
  if (named.length) options.push(sql<SqlBool>`a.university_groups && ${textArray(named)}`);
  if (groups.includes('NON_RUSSELL'))
    options.push(
      eb.and([eb('a.university_name', 'is not', null), sql<SqlBool>`not ('RUSSELL' = any(a.university_groups))`]),
    );
  return eb.or(options);
}

/** Events (issue 14): the candidate has a place at one of the events (any when none is named), marked as asked. */
function eventCondition(eb: Eb, organizationId: string, f: CandidateSearchFilters): Expression<SqlBool> {
  const eventIds = f.eventIds && uuids(f.eventIds);
  if (eventIds && eventIds.length === 0) return nothing;
  const marks = (f.attendance ?? []).filter((m) => m !== 'NOT_MARKED');
  const unmarked = f.attendance?.includes('NOT_MARKED') ?? false;
  let registrations = eb
    .selectFrom('event_registrations as r')
    .select(sql`1`.as('one'))
    .whereRef('r.user_id', '=', 'a.user_id')
    .where('r.organization_id', '=', organizationId)
    .where('r.status', '=', 'REGISTERED');
  if (eventIds) registrations = registrations.where(sql<SqlBool>`r.event_id = any(${uuidArray(eventIds)})`);
  if (f.attendance?.length)
    registrations = registrations.where((rb) =>
      rb.or([
        ...(marks.length ? [rb('r.attendance', 'in', marks)] : []),
        ...(unmarked ? [rb('r.attendance', 'is', null)] : []),
      ]),
    );
  return eb.exists(registrations);
}

/** A period of epoch seconds as conditions on a timestamp column. */
function period(column: 'sl.starts_at' | 'roles.created_at', p: { from?: number; to?: number }): Expression<SqlBool>[] {
  const ref = sql.ref(column);
  return [
    ...(p.from === undefined ? [] : [sql<SqlBool>`${ref} >= to_timestamp(${p.from})`]),
    ...(p.to === undefined ? [] : [sql<SqlBool>`${ref} <= to_timestamp(${p.to})`]),
  ];
}

/** An interview booked (not cancelled) for the application, starting within the period. */
function interviewCondition(eb: Eb, organizationId: string, p: { from?: number; to?: number }): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('interview_invitations as i')
      .innerJoin('interview_bookings as b', 'b.invitation_id', 'i.id')
      .innerJoin('interview_slots as sl', 'sl.id', 'b.slot_id')
      .select(sql`1`.as('one'))
      .whereRef('i.application_id', '=', 'a.id')
      .where('i.organization_id', '=', organizationId)
      .where('b.status', '=', 'BOOKED')
      .where((ib) => ib.and(period('sl.starts_at', p))),
  );
}

/**
 * Spec §3 university averages: the applications whose average mark is within `r` points of the
 * average of the organisation's applicants from the same university (decision 0063). One pass
 * groups the organisation's marks by university; universities with fewer than 5 marks have none.
 */
function universityAverageCondition(
  eb: Eb,
  organizationId: string,
  r: { min?: number; max?: number },
): Expression<SqlBool> {
  const difference = sql`x.average_percent - u.average`;
  const from = r.min === undefined ? sql`` : sql`and ${difference} >= ${r.min}`;
  const to = r.max === undefined ? sql`` : sql`and ${difference} <= ${r.max}`;
  const marked = sql`organization_id = ${organizationId} and state <> 'DRAFT'
    and university_name is not null and average_percent is not null`;
  return eb(
    'a.id',
    'in',
    sql<string>`(select x.id from applications x join (
        select university_name, avg(average_percent) as average from applications where ${marked}
        group by university_name having count(*) >= ${SMALLEST_SHOWN_COUNT}) u
      on u.university_name = x.university_name
      where x.organization_id = ${organizationId} and x.state <> 'DRAFT' and x.average_percent is not null
      ${from} ${to})`,
  );
}

/** Contextual data and the degree (issue 17): flags, PI, bands, grade points, university measures, years. */
function contextualConditions(eb: Eb, organizationId: string, f: CandidateSearchFilters): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (f.flags?.length) conditions.push(sql<SqlBool>`a.contextual_flags && ${textArray(f.flags)}`);
  if (f.performanceIndex) conditions.push(...range('a.performance_index', f.performanceIndex));
  if (f.schoolBands?.length) conditions.push(eb('a.school_band', 'in', f.schoolBands));
  if (f.ks4Points) conditions.push(...range('a.ks4_points', f.ks4Points));
  if (f.ks5) conditions.push(eb('a.ks5_system', '=', f.ks5.system), ...range('a.ks5_points', f.ks5));
  if (f.universityAveragePercentile)
    conditions.push(...range('a.university_percentile', f.universityAveragePercentile));
  if (f.universityAverage) conditions.push(universityAverageCondition(eb, organizationId, f.universityAverage));
  if (f.graduationYears?.length) conditions.push(eb('a.graduation_year', 'in', f.graduationYears));
  if (f.startYears?.length) conditions.push(eb('a.start_year', 'in', f.startYears));
  if (f.degreeClasses?.length) conditions.push(eb('a.degree_class', 'in', f.degreeClasses));
  if (f.degreeSubjects?.length) conditions.push(eb('a.degree_subject', 'in', f.degreeSubjects));
  if (f.degreeTypes?.length) conditions.push(eb('a.degree_type', 'in', f.degreeTypes));
  if (f.legalInterests?.length)
    conditions.push(
      sql<SqlBool>`jsonb_exists_any(a.answers -> ${LEGAL_INTERESTS_QUESTION}::text, ${textArray(f.legalInterests)})`,
    );
  if (f.customQuestion)
    conditions.push(
      sql<SqlBool>`jsonb_exists_any(a.answers -> ${f.customQuestion.id}, ${textArray(f.customQuestion.values)})`,
    );
  return conditions;
}

/** Role attribute filters, as a condition on the application's role (same organisation). */
function roleConditions(
  filters: CandidateSearchFilters,
  now: Date,
): Array<(eb: ExpressionBuilder<Database, 'roles'>) => Expression<SqlBool>> {
  const conditions: Array<(eb: ExpressionBuilder<Database, 'roles'>) => Expression<SqlBool>> = [];
  if (filters.roleTypes?.length) conditions.push((eb) => eb('roles.role_type', 'in', filters.roleTypes!));
  // The lateral edition's role types live in the same column.
  if (filters.lateralRoleTypes?.length) conditions.push((eb) => eb('roles.role_type', 'in', filters.lateralRoleTypes!));
  if (filters.roleLevels?.length) conditions.push((eb) => eb('roles.role_level', 'in', filters.roleLevels!));
  if (filters.departments?.length) conditions.push((eb) => eb('roles.department', 'in', filters.departments!));
  if (filters.employmentTypes?.length)
    conditions.push((eb) => eb('roles.employment_type', 'in', filters.employmentTypes!));
  if (filters.status) conditions.push((eb) => eb('roles.status', '=', filters.status!));
  // Roles starting within [roleStartDate, roleEndDate] (epoch seconds, compared as UTC days).
  if (filters.roleStartDate !== undefined)
    conditions.push(
      () => sql<SqlBool>`roles.start_date >= (to_timestamp(${filters.roleStartDate}) at time zone 'UTC')::date`,
    );
  if (filters.roleEndDate !== undefined)
    conditions.push(
      () => sql<SqlBool>`roles.start_date <= (to_timestamp(${filters.roleEndDate}) at time zone 'UTC')::date`,
    );
  if (filters.openDate) conditions.push((eb) => eb.and(period('roles.created_at', filters.openDate!)));
  if (filters.deadlinePassed === true) conditions.push((eb) => eb('roles.deadline', '<', now));
  if (filters.deadlinePassed === false)
    conditions.push((eb) => eb.or([eb('roles.deadline', 'is', null), eb('roles.deadline', '>=', now)]));
  return conditions;
}

/** The stages of the organisation whose groupStage is one of `groups`. */
export function groupStageIds(organization: FilterOrganization, groups: readonly string[]): number[] {
  return organization.stages.filter((s) => s.groupStage && groups.includes(s.groupStage)).map((s) => s.id);
}

/** One organisation is searched: `clients` and `sector` either keep all of it or nothing (true: nothing). */
export function outsideOrganization(organization: FilterOrganization, f: CandidateSearchFilters): boolean {
  return (
    (f.clients?.length !== undefined &&
      f.clients.length > 0 &&
      !f.clients.some((c) => c.toLowerCase() === organization.id)) ||
    (f.sector !== undefined && organization.sector.id !== f.sector)
  );
}

/** The ids of the organisation's roles the role attribute filters keep; undefined when there are none. */
export function rolesMatching(db: Db, organization: FilterOrganization, f: CandidateSearchFilters, now: Date) {
  const roleFilters = roleConditions(f, now);
  if (roleFilters.length === 0) return undefined;
  return db
    .selectFrom('roles')
    .select('roles.id')
    .where('roles.organization_id', '=', organization.id)
    .where((rb) => rb.and(roleFilters.map((c) => c(rb))));
}

/** Every condition of the payload, for applications aliased `a` of `organization`. */
function filterConditions(db: Db, organization: FilterOrganization, filters: CandidateSearchFilters, now: Date) {
  return (eb: Eb): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [
      eb('a.organization_id', '=', organization.id),
      eb('a.state', '<>', 'DRAFT'),
    ];
    const f = filters;

    if (f.locations?.length) conditions.push(eb('a.location', 'in', f.locations));
    if (f.groups?.length) {
      const stageIds = groupStageIds(organization, f.groups);
      conditions.push(stageIds.length ? eb('a.stage_id', 'in', stageIds) : nothing);
    }
    if (f.statuses?.length) conditions.push(eb('a.stage_status', 'in', f.statuses));
    if (f.steps?.length) conditions.push(eb('a.step', 'in', f.steps));
    if (f.sources?.length) conditions.push(eb('a.source', 'in', f.sources));
    if (f.roleId !== undefined)
      conditions.push(isUuid(f.roleId) ? eb('a.role_id', '=', f.roleId.toLowerCase()) : nothing);
    if (f.stageId !== undefined) conditions.push(eb('a.stage_id', '=', f.stageId));
    if (f.substageId !== undefined) conditions.push(eb('a.substage_id', '=', f.substageId));
    if (f.dateAdded) conditions.push(eb('a.applied_at', '>=', dateAddedSince(f.dateAdded, now)));
    for (const score of f.scores ?? []) {
      conditions.push(
        eb.exists(
          eb
            .selectFrom('candidate_scores as s')
            .select(sql`1`.as('one'))
            .whereRef('s.application_id', '=', 'a.id')
            .where('s.organization_id', '=', organization.id)
            .where('s.key', '=', score.key)
            .where((sb) => sb.and(range('s.score', score))),
        ),
      );
    }
    if (f.ids?.length) {
      const ids = uuids(f.ids);
      conditions.push(ids.length ? sql<SqlBool>`a.id = any(${uuidArray(ids)})` : nothing);
    }
    if (f.unselectedIds?.length) {
      const ids = uuids(f.unselectedIds);
      if (ids.length) conditions.push(sql<SqlBool>`not (a.id = any(${uuidArray(ids)}))`);
    }
    if (f.assigneeId !== undefined) {
      // 'none': nobody is assigned (the same word the assignee call uses to clear).
      if (f.assigneeId === 'none') conditions.push(eb('a.assignee_id', 'is', null));
      else conditions.push(isUuid(f.assigneeId) ? eb('a.assignee_id', '=', f.assigneeId.toLowerCase()) : nothing);
    }
    if (f.recruiters?.length) {
      // A recruiter's candidates: the applications assigned to them.
      const ids = uuids(f.recruiters);
      conditions.push(ids.length ? sql<SqlBool>`a.assignee_id = any(${uuidArray(ids)})` : nothing);
    }
    const term = f.searchTerm?.trim();
    if (term) conditions.push(sql<SqlBool>`${SEARCH_TEXT} like ${containsPattern(term)}`);

    if (f.schoolPercentile) conditions.push(...range('a.school_percentile', f.schoolPercentile));
    if (f.universityPercentile) conditions.push(...range('a.average_percent', f.universityPercentile));
    if (f.wamRanges?.length) conditions.push(eb.or(f.wamRanges.map((r) => eb.and(range('a.average_percent', r)))));
    if (f.universityGroups?.length) conditions.push(universityGroups(eb, f.universityGroups));
    if (f.permitTypes?.length) conditions.push(eb('a.permit_type', 'in', f.permitTypes));
    conditions.push(...contextualConditions(eb, organization.id, f));
    if (f.interviewDate) conditions.push(interviewCondition(eb, organization.id, f.interviewDate));

    if (outsideOrganization(organization, f)) conditions.push(nothing);

    if (f.eventIds?.length || f.attendance?.length) conditions.push(eventCondition(eb, organization.id, f));

    const roles = rolesMatching(db, organization, f, now);
    if (roles) conditions.push(eb('a.role_id', 'in', roles));
    return eb.and(conditions);
  };
}

/**
 * The organisation's applications (never drafts) matching every filter of the payload: a Kysely
 * select over `applications as a` with nothing selected yet — add columns, counts or a delete.
 */
export function matchingApplications(
  db: Db,
  organization: FilterOrganization,
  filters: CandidateSearchFilters,
  now: Date,
) {
  return db.selectFrom('applications as a').where(filterConditions(db, organization, filters, now));
}
