import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError } from '#schemas/api';
import { message } from '#schemas/messages';
import { Subdomain } from '#schemas/organization';
import { loadOrganization, organizationOf } from '../../plugins/tenancy';
import { badRequest } from '../../lib/http-error';
import { acceptedAnswers, applicationForm } from './form.service';

const Params = Type.Object({ sub: Subdomain });
const Body = Type.Object(
  {
    answers: Type.Record(Type.String(), Type.Unknown(), { description: 'answers by field id' }),
    step: Type.Optional(Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9_]{0,63}$', description: 'check one step only' })),
    language: Type.Optional(Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z]{2,4})?$' })),
  },
  { additionalProperties: false },
);
const Accepted = Type.Object({ valid: Type.Literal(true), answers: Type.Record(Type.String(), Type.Unknown()) });

/**
 * Checks answers against the organisation's compiled application form without saving them: the
 * same validation every save and submit runs on the server.
 */
export const formRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/organization/:sub/application-form/validate',
    {
      schema: {
        tags: ['public'],
        summary: "Check answers against the organisation's application form (nothing is saved)",
        params: Params,
        body: Body,
        response: { 200: Accepted, 400: ApiError, 404: ApiError },
      },
      preHandler: loadOrganization,
    },
    async (request) => {
      const form = await applicationForm(app.db, organizationOf(request), { language: request.body.language });
      if (request.body.step && !form.steps.some((s) => s.id === request.body.step)) {
        throw badRequest(message('invalidAnswers'), [
          { field: 'step', ...message('noStep', { step: request.body.step }) },
        ]);
      }
      return { valid: true as const, answers: acceptedAnswers(form, request.body.answers, request.body.step) };
    },
  );
};
