import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contracts from '#schemas/contracts/communications.contract';
import { strictBodyValidatorCompiler } from '../../lib/body-validator';
import { route } from '../../lib/route';
import type { SiteConfig } from '../../lib/site-config';
import { authenticate, requireRole, viewerOf } from '../../plugins/auth';
import { applyBaseUrl } from '../../lib/links';
import { batchProgress, previewMessage, sendMessages } from './send.service';
import {
  changeTemplate,
  createTemplate,
  listTemplates,
  removeTemplate,
  templateOf,
  toTemplate,
} from './template.service';
import { unsubscribe } from './unsubscribe.service';

/**
 * Communications (communications.contract.ts): the hiring side's templates and sending — both
 * manager levels, within the organisation of the token (another organisation's ids answer 404).
 */
export const communicationRoutes: FastifyPluginAsyncTypebox<{ siteConfig: SiteConfig }> = async (
  app,
  { siteConfig },
) => {
  app.setValidatorCompiler(strictBodyValidatorCompiler);
  app.addHook('preValidation', authenticate);
  app.addHook('preValidation', requireRole('HIRING_MANAGER'));

  route(app, contracts.listTemplates, async (request) => listTemplates(app.db, viewerOf(request)));
  route(app, contracts.createTemplate, async (request, reply) =>
    reply.code(201).send(await createTemplate(app.db, viewerOf(request), request.body)),
  );
  route(app, contracts.template, async (request) =>
    toTemplate(await templateOf(app.db, viewerOf(request), request.params.templateId)),
  );
  route(app, contracts.updateTemplate, async (request) =>
    changeTemplate(app.db, viewerOf(request), request.params.templateId, request.body),
  );
  route(app, contracts.deleteTemplate, async (request) => {
    await removeTemplate(app.db, viewerOf(request), request.params.templateId);
    return { id: request.params.templateId };
  });
  route(app, contracts.previewMessage, async (request) => {
    const viewer = viewerOf(request);
    const siteBase = applyBaseUrl(request, viewer.organization.subdomain, siteConfig);
    return previewMessage(app.db, viewer, request.body, siteBase);
  });
  route(app, contracts.sendMessages, async (request, reply) => {
    const viewer = viewerOf(request);
    const siteBase = applyBaseUrl(request, viewer.organization.subdomain, siteConfig);
    return reply.code(202).send(await sendMessages(app.db, viewer, request.body, siteBase));
  });
  route(app, contracts.batchProgress, async (request) =>
    batchProgress(app.db, viewerOf(request), request.params.batchId),
  );
};

/** The public one-click unsubscribe: mail programs post it form-encoded (RFC 8058). */
export const publicCommunicationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.setValidatorCompiler(strictBodyValidatorCompiler);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  route(app, contracts.unsubscribe, async (request) => unsubscribe(app.db, request.params.token));
};
