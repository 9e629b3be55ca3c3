import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contracts from '#schemas/contracts/site.contract';
import { message } from '#schemas/messages';
import { route } from '../../lib/route';
import { loadOrganization, organizationOf } from '../../plugins/tenancy';
import { badRequest } from '../../lib/http-error';
import { acceptedAnswers, applicationForm } from './form.service';

/**
 * Checks answers against the organisation's compiled application form without saving them: the
 * same validation every save and submit runs on the server.
 */
export const formRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(
    app,
    contracts.validateAnswers,
    async (request) => {
      const form = await applicationForm(app.db, organizationOf(request), { language: request.body.language });
      if (request.body.step && !form.steps.some((s) => s.id === request.body.step)) {
        throw badRequest(message('invalidAnswers'), [
          { field: 'step', ...message('noStep', { step: request.body.step }) },
        ]);
      }
      return { valid: true as const, answers: acceptedAnswers(form, request.body.answers, request.body.step) };
    },
    { preHandler: loadOrganization },
  );
};
