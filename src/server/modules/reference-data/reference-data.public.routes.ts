import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isValidPostCode, normalisePostCode } from '#engine';
import * as contracts from '#schemas/contracts/reference-data.contract';
import { message } from '#schemas/messages';
import { fieldProblem } from '../../lib/http-error';
import { route } from '../../lib/route';
import { COUNTRIES, searchUniversities } from './reference-data.service';

/** Public lists of spec §7: universities, countries and the post-code check (schemas/contracts/reference-data). */
export const publicReferenceDataRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Lists of the product, the same for every organisation: already in memory, so only revalidated (decision 0056).
  const revalidate = { config: { revalidate: true } };
  route(app, contracts.publicUniversities, async (request) => searchUniversities(request.query), revalidate);
  route(app, contracts.countries, async () => [...COUNTRIES], revalidate);
  route(app, contracts.postCodeValidation, async (request) => {
    const { postCode } = request.query;
    if (!isValidPostCode(postCode)) throw fieldProblem(400, 'postCode', message('invalidPostCode'));
    return { postCode: normalisePostCode(postCode), valid: true as const };
  });
};
