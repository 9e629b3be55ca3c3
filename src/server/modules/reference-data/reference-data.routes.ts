import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contracts from '#schemas/contracts/reference-data.contract';
import { route } from '../../lib/route';
import { authenticate, viewerOf } from '../../plugins/auth';
import { degrees, referenceList, searchSchools, searchSubjects, searchUniversities } from './reference-data.service';

/** Spec §7 Data: reference lists for signed-in users, as schemas/contracts/reference-data.contract.ts declares them. */
export const referenceDataRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preValidation', authenticate);

  route(app, contracts.referenceList, async (request) =>
    referenceList(app.db, viewerOf(request).organization, request.params.type),
  );
  route(app, contracts.schools, async (request) => searchSchools(request.query.term, request.query.limit ?? 50));
  route(app, contracts.subjects, async (request) => searchSubjects(request.query.term, request.query.limit ?? 50));
  route(app, contracts.degrees, async () => degrees());
  route(app, contracts.organizationUniversities, async (request) =>
    searchUniversities(request.query, viewerOf(request).organization.country_base),
  );
};
