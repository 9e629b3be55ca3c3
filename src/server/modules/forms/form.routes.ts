import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contracts from '#schemas/contracts/site.contract';
import { message } from '#schemas/messages';
import { route } from '../../lib/route';
import { loadOrganization, organizationOf } from '../../plugins/tenancy';
import { badRequest, notFound } from '../../lib/http-error';
import { acceptedAnswers, applicationForm } from './form.service';
import { compileFormValidators, validatorModuleOf } from './validators.service';

/**
 * Checks answers against the organisation's compiled application form without saving them: the
 * same validation every save and submit runs on the server. Compiles a form's validators for the
 * browser and serves them as a module (decision 0076).
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

  route(
    app,
    contracts.formValidators,
    async (request) => {
      const hash = await compileFormValidators(app.db, organizationOf(request).id, request.body, request.ip);
      return { url: `/api/public/organization/${request.params.sub}/form-validators/${hash}.js` };
    },
    { preHandler: loadOrganization },
  );

  route(
    app,
    contracts.validatorModule,
    async (request, reply) => {
      const code = await validatorModuleOf(
        app.db,
        organizationOf(request).id,
        request.params.file.slice(0, -'.js'.length),
      );
      if (code === undefined) throw notFound('No such validator module: its form is compiled again on request.');
      // The address is the code's hash: the same address never names other code.
      return reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(code);
    },
    { preHandler: loadOrganization },
  );
};
