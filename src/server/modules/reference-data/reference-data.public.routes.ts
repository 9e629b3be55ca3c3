import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { isValidPostCode, normalisePostCode } from '#engine';
import { ApiError } from '#schemas/api';
import { message } from '#schemas/messages';
import { Country, PostCodeCheck, University, UniversitySearch } from '#schemas/reference-data';
import { fieldProblem } from '../../lib/http-error';
import { COUNTRIES, searchUniversities } from './reference-data.service';

/** Public lists of spec §7: universities, countries and the post-code check. */
export const publicReferenceDataRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/universities',
    {
      schema: {
        tags: ['public', 'reference data'],
        summary: 'Universities with their groups (Russell, Oxbridge, Go8), searchable by name',
        querystring: UniversitySearch,
        response: { 200: Type.Array(University), 400: ApiError },
      },
    },
    async (request) => searchUniversities(request.query),
  );

  app.get(
    '/countries',
    {
      schema: {
        tags: ['public', 'reference data'],
        summary: 'Every country (ISO 3166-1)',
        response: { 200: Type.Array(Country) },
      },
    },
    async () => [...COUNTRIES],
  );

  app.get(
    '/postCode/validation',
    {
      schema: {
        tags: ['public', 'reference data'],
        summary: 'Checks the format of a UK post code',
        querystring: Type.Object({ postCode: Type.String({ maxLength: 20 }) }),
        response: { 200: PostCodeCheck, 400: ApiError },
      },
    },
    async (request) => {
      const { postCode } = request.query;
      if (!isValidPostCode(postCode)) throw fieldProblem(400, 'postCode', message('invalidPostCode'));
      return { postCode: normalisePostCode(postCode), valid: true as const };
    },
  );
};
