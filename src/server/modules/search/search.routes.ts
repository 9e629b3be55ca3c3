import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { OrganizationKey } from '#schemas/role';
import { CandidateSearchPage, ProfileMatch, SearchBody, SearchQuery } from '#schemas/search';
import { BEARER, SubdomainQuery, V1_ERRORS } from '../../lib/route-schemas';
import { strictBodyValidatorCompiler } from '../../lib/body-validator';
import { authenticate, requireRole, viewerOf } from '../../plugins/auth';
import { quickSearch, searchCandidates, searchProfiles, type SearchVariant } from './search.service';

const tags = ['search'];
const OrgParams = Type.Object({ orgId: OrganizationKey });
const PageQuery = Type.Object(
  { ...SearchQuery.properties, ...SubdomainQuery.properties },
  { additionalProperties: false },
);
const QuickQuery = Type.Object(
  {
    ...PageQuery.properties,
    searchTerm: Type.Optional(Type.String({ maxLength: 100 })),
    roleId: Type.Optional(Type.String({ maxLength: 64 })),
    stageId: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })),
    substageId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);
const ProfilesQuery = Type.Object(
  { ...SubdomainQuery.properties, searchTerm: Type.String({ maxLength: 100 }) },
  { additionalProperties: false },
);

const VARIANTS: Array<[SearchVariant, string]> = [
  [
    'candidate',
    'Search the candidates (applications, never drafts): a page with the counts per stage and substage (totalForStage)',
  ],
  [
    'candidatev',
    "Search the candidates: a page whose items also carry the role's listFields answers (with filters.roleId), and the counts per stage",
  ],
  ['fastCandidate', 'Search the candidates: the page only, without counts per stage (a cheap refresh)'],
];

/** Spec §7 Search: the hiring side's candidate list, quick search and people search, under /api/v1. */
export const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.setValidatorCompiler(strictBodyValidatorCompiler);
  app.addHook('preValidation', authenticate);
  const hiring = requireRole('HIRING_MANAGER');

  for (const [variant, summary] of VARIANTS) {
    app.post(
      `/search/${variant}/:orgId`,
      {
        schema: {
          tags,
          security: BEARER,
          summary,
          params: OrgParams,
          querystring: PageQuery,
          body: Type.Optional(SearchBody),
          response: { 200: CandidateSearchPage, ...V1_ERRORS },
        },
        preHandler: hiring,
      },
      async (request) =>
        searchCandidates(app.db, viewerOf(request).organization, {
          variant,
          filters: request.body?.filters ?? {},
          query: request.query,
          now: new Date(),
        }),
    );
  }

  app.get(
    '/search/candidates/:orgId',
    {
      schema: {
        tags,
        security: BEARER,
        summary:
          'Quick search: applications whose candidate name or email contains searchTerm, optionally in one role and stage (no counts per stage)',
        params: OrgParams,
        querystring: QuickQuery,
        response: { 200: CandidateSearchPage, ...V1_ERRORS },
      },
      preHandler: hiring,
    },
    async (request) => {
      const { searchTerm, roleId, stageId, substageId, ...page } = request.query;
      return quickSearch(
        app.db,
        viewerOf(request).organization,
        { searchTerm, roleId, stageId, substageId },
        page,
        new Date(),
      );
    },
  );

  app.get(
    '/search/profiles',
    {
      schema: {
        tags,
        security: BEARER,
        summary:
          "People search: the organisation's candidates whose name or email contains searchTerm, with how many applications each has",
        querystring: ProfilesQuery,
        response: { 200: Type.Array(ProfileMatch), ...V1_ERRORS },
      },
      preHandler: hiring,
    },
    async (request) => searchProfiles(app.db, viewerOf(request).organization, request.query.searchTerm),
  );
};
