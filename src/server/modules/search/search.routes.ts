import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contracts from '#schemas/contracts/search.contract';
import { strictBodyValidatorCompiler } from '../../lib/body-validator';
import { route } from '../../lib/route';
import { authenticate, requireRole, viewerOf } from '../../plugins/auth';
import { searchFiltersOf } from './search-body';
import { quickSearch, searchCandidates, searchProfiles, type SearchVariant } from './search.service';

/**
 * Spec §7 Search: the hiring side's candidate list, quick search and people search, as
 * schemas/contracts/search.contract.ts declares them.
 */
export const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.setValidatorCompiler(strictBodyValidatorCompiler);
  app.addHook('preValidation', authenticate);
  const hiring = requireRole('HIRING_MANAGER');
  // Searches change nothing: their token is confirmed while they run (decision 0091).
  const searching = { preHandler: hiring, config: { readOnly: true } };

  for (const variant of Object.keys(contracts.SEARCH_VARIANTS) as SearchVariant[]) {
    route(
      app,
      contracts.SEARCH_VARIANTS[variant],
      async (request) => {
        const { organization } = viewerOf(request);
        return searchCandidates(app.db, organization, {
          variant,
          filters: searchFiltersOf(organization, request.body),
          query: request.query,
          now: new Date(),
        });
      },
      searching,
    );
  }

  route(
    app,
    contracts.quickSearch,
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
    searching,
  );

  route(
    app,
    contracts.searchProfiles,
    async (request) => searchProfiles(app.db, viewerOf(request).organization, request.query.searchTerm),
    searching,
  );
};
