import { Type } from 'typebox';
import { OrganizationKey } from '../role';
import { CandidateSearchPage, ProfileMatch, SearchBody, SearchQuery } from '../search';
import { defineRoute } from '../contract';

/*
 * Spec §7 Search (decision 0013): the hiring side's candidate list (three variants of one call),
 * quick search and people search. The body's spec shapes beside ours: decision 0020.
 */
const tags = ['search'];
const access = 'signed-in';
const params = Type.Object({ orgId: OrganizationKey });
/** The list calls: the page's query (page, sortBy, orderBy, resultsPerPage) and the filter payload of spec §3. */
const list = {
  tags,
  access,
  authz: 'hiring',
  params,
  querystring: SearchQuery,
  body: Type.Optional(SearchBody),
} as const;

export const searchCandidate = defineRoute({
  ...list,
  method: 'POST',
  path: '/v1/search/candidate/:orgId',
  summary:
    'Search the candidates (applications, never drafts): a page with the counts per stage and substage (totalForStage)',
  response: { 200: CandidateSearchPage },
});

const searchCandidatev = defineRoute({
  ...list,
  method: 'POST',
  path: '/v1/search/candidatev/:orgId',
  summary:
    "Search the candidates: a page whose items also carry the role's listFields answers (with filters.roleId), and the counts per stage",
  response: { 200: CandidateSearchPage },
});

const searchFastCandidate = defineRoute({
  ...list,
  method: 'POST',
  path: '/v1/search/fastCandidate/:orgId',
  summary: 'Search the candidates: the page only, without counts per stage (a cheap refresh)',
  response: { 200: CandidateSearchPage },
});

/** The three list calls by variant: with tab counts, with the role's list fields, or just the page. */
export const SEARCH_VARIANTS = {
  candidate: searchCandidate,
  candidatev: searchCandidatev,
  fastCandidate: searchFastCandidate,
} as const;

export const quickSearch = defineRoute({
  method: 'GET',
  path: '/v1/search/candidates/:orgId',
  summary:
    'Quick search: applications whose candidate name or email contains searchTerm, optionally in one role and stage (no counts per stage)',
  tags,
  access,
  authz: 'hiring',
  params,
  querystring: Type.Object(
    {
      ...SearchQuery.properties,
      searchTerm: Type.Optional(Type.String({ maxLength: 100 })),
      roleId: Type.Optional(Type.String({ maxLength: 64 })),
      stageId: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })),
      substageId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    },
    { additionalProperties: false },
  ),
  response: { 200: CandidateSearchPage },
});

export const searchProfiles = defineRoute({
  method: 'GET',
  path: '/v1/search/profiles',
  summary:
    "People search: the organisation's candidates whose name or email contains searchTerm, with how many applications each has",
  tags,
  access,
  authz: 'hiring',
  querystring: Type.Object({ searchTerm: Type.String({ maxLength: 100 }) }, { additionalProperties: false }),
  response: { 200: Type.Array(ProfileMatch) },
});
