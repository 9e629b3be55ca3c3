import { sql, type RawBuilder } from 'kysely';
import type { CandidateSearchFilters, SearchQuery } from '#schemas/search';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like-pattern';
import { matchingApplications, type FilterOrganization } from './candidate-filter';

type SortField = NonNullable<SearchQuery['sortBy']>;
type SortOrder = 'ASC' | 'DESC';

export interface SearchSort {
  field: SortField;
  order: SortOrder;
  /** Stage ids in pipeline order: the `stage` sort follows the organisation's pipeline, not the ids. */
  stageOrder: readonly number[];
}

/**
 * ORDER BY of the list over columns of `alias`, always ending with the id in the same direction,
 * so pages never overlap or skip rows that tie on the sort value. The default sort
 * (lastChangeAt DESC, id DESC) is exactly the order of the search indexes of migration 0007.
 */
function orderTerms(alias: 'a', sort: SearchSort): RawBuilder<unknown>[] {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const dir = sql.raw(sort.order === 'ASC' ? 'asc' : 'desc');
  const id = sql`${column('id')} ${dir}`;
  switch (sort.field) {
    case 'lastChangeAt':
      return [sql`${column('last_change_at')} ${dir}`, id];
    case 'appliedAt':
      return [sql`${column('applied_at')} ${dir} nulls last`, id];
    case 'name':
      return [
        sql`lower(${column('first_name')}) ${dir} nulls last`,
        sql`lower(${column('last_name')}) ${dir} nulls last`,
        id,
      ];
    case 'stage':
      return [
        sql`array_position(${sql.val([...sort.stageOrder])}::int[], ${column('stage_id')}) ${dir} nulls last`,
        id,
      ];
    case 'score':
      return [sql`${column('total_score')} ${dir} nulls last`, id];
  }
}

const LIST_COLUMNS = [
  'a.id',
  'a.user_id',
  'a.role_id',
  'a.first_name',
  'a.last_name',
  'a.email',
  'a.stage_id',
  'a.substage_id',
  'a.stage_status',
  'a.step',
  'a.source',
  'a.location',
  'a.university_name',
  'a.university_groups',
  'a.degree_class',
  'a.average_percent',
  'a.total_score',
  'a.matched',
  'a.assignee_id',
] as const;

/**
 * A timestamp written by the database as the API answers it: ISO 8601 in UTC to the millisecond, exactly as
 * Date#toISOString writes it, so a page's rows need no parsing into dates and formatting back.
 */
const isoText = (column: 'a.applied_at' | 'a.last_change_at') =>
  sql<string | null>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface PageRequest {
  offset: number;
  limit: number;
  /** Also read the answers (candidatev's role fields). */
  withAnswers: boolean;
}

/**
 * One page of matching applications with what the list shows, in two steps (a "deferred join"):
 * the page's ids are cut first — filters, sort, offset and limit over columns the search index of
 * migration 0007 carries, so this can be an index-only scan — and only those rows are read from
 * the table and joined to their role, candidate account and assignee. The query, not yet run
 * (the benchmark times it bare).
 */
export function candidatePageQuery(
  db: Db,
  organization: FilterOrganization,
  filters: CandidateSearchFilters,
  now: Date,
  sort: SearchSort,
  page: PageRequest,
) {
  let ids = matchingApplications(db, organization, filters, now).select('a.id as page_id');
  for (const term of orderTerms('a', sort)) ids = ids.orderBy(term);
  let query = db
    .selectFrom(ids.offset(page.offset).limit(page.limit).as('k'))
    .innerJoin('applications as a', 'a.id', 'k.page_id')
    .innerJoin('roles as r', 'r.id', 'a.role_id')
    .innerJoin('users as cu', 'cu.id', 'a.user_id')
    .leftJoin('users as au', 'au.id', 'a.assignee_id')
    .select(LIST_COLUMNS)
    .select([
      isoText('a.applied_at').as('applied_at'),
      isoText('a.last_change_at').$notNull().as('last_change_at'),
      'r.name as role_name',
      'cu.first_name as user_first_name',
      'cu.preferred_name as user_preferred_name',
      'cu.last_name as user_last_name',
      'cu.email as user_email',
      'cu.anonymised_at as user_anonymised_at',
      'au.first_name as assignee_first_name',
      'au.preferred_name as assignee_preferred_name',
      'au.last_name as assignee_last_name',
      'au.email as assignee_email',
    ])
    .$if(page.withAnswers, (q) => q.select('a.answers'));
  for (const term of orderTerms('a', sort)) query = query.orderBy(term);
  return query;
}

export type CandidatePageRow = Awaited<ReturnType<ReturnType<typeof candidatePageQuery>['execute']>>[number];

/** How many applications match. */
export function countQuery(db: Db, organization: FilterOrganization, filters: CandidateSearchFilters, now: Date) {
  return matchingApplications(db, organization, filters, now).select(sql<number>`count(*)::int`.as('total'));
}

/** Profile answers of the candidates on a page (candidatev's listFields that read the profile). */
export async function findProfileAnswers(
  db: Db,
  organizationId: string,
  userIds: readonly string[],
): Promise<Map<string, Record<string, unknown>>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('candidate_profiles')
    .select(['user_id', 'answers'])
    .where('organization_id', '=', organizationId)
    .where('user_id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.answers]));
}

/**
 * The text `GET /search/profiles` looks in: a person's first name, last name and email,
 * lower-cased — the expression of the users trigram index of migration 0007.
 */
const PERSON_TEXT = sql<string>`lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '') || ' ' || u.email)`;

/** Candidates of the organisation whose name or email contains the term, with how many applications (not drafts) each
 * has. */
export async function findPeople(db: Db, organizationId: string, term: string, limit: number) {
  const rows = await db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.first_name',
      'u.preferred_name',
      'u.last_name',
      'u.email',
      (eb) =>
        eb
          .selectFrom('applications as a')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('a.organization_id', '=', organizationId)
          .whereRef('a.user_id', '=', 'u.id')
          .where('a.state', '<>', 'DRAFT')
          .as('applications'),
    ])
    .where('u.organization_id', '=', organizationId)
    .where('u.user_type', 'in', ['CANDIDATE', 'ANONYMOUS_CANDIDATE'])
    .where('u.anonymised_at', 'is', null)
    .where(sql<boolean>`${PERSON_TEXT} like ${containsPattern(term)}`)
    .orderBy(sql`lower(u.first_name)`)
    .orderBy(sql`lower(u.last_name)`)
    .orderBy('u.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, applications: Number(r.applications ?? 0) }));
}
