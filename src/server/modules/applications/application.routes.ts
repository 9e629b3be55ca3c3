import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contracts from '#schemas/contracts/applications.contract';
import { message } from '#schemas/messages';
import { siteBaseUrl } from '../../lib/links';
import { requestLanguage } from '../../lib/request-language';
import { route } from '../../lib/route';
import type { SiteConfig } from '../../lib/site-config';
import { authenticate, viewerOf } from '../../plugins/auth';
import { getApplication, listApplications } from './read-application.service';
import { saveApplication } from './save-application.service';
import { startApplication } from './start-application.service';
import { submitApplication } from './submit-application.service';
import { deleteDraft, withdrawApplication } from './withdraw-application.service';

/** Spec §7 Candidate: the candidate's application records, as schemas/contracts/applications.contract.ts says. */
export const applicationRoutes: FastifyPluginAsyncTypebox<{ siteConfig: SiteConfig }> = async (app, { siteConfig }) => {
  app.addHook('preValidation', authenticate);

  route(app, contracts.startApplication, async (request, reply) => {
    const { record, created } = await startApplication(app.db, viewerOf(request), request.params.roleId, request.query);
    return reply.code(created ? 201 : 200).send(record);
  });
  route(app, contracts.myApplications, async (request) => listApplications(app.db, viewerOf(request)));
  route(app, contracts.getApplication, async (request) => getApplication(app.db, viewerOf(request), request.params.id));
  route(app, contracts.saveApplication, async (request) =>
    saveApplication(app.db, viewerOf(request), request.params.id, request.body, request.query),
  );
  route(app, contracts.submitApplication, async (request) => {
    const viewer = viewerOf(request);
    return submitApplication(app.db, viewer, request.params.id, {
      language: requestLanguage(request, viewer.organization),
      siteBase: siteBaseUrl(request, viewer.organization.subdomain, siteConfig),
    });
  });
  route(app, contracts.withdrawApplication, async (request) =>
    withdrawApplication(app.db, viewerOf(request), request.params.id),
  );
  route(app, contracts.deleteDraft, async (request) => {
    await deleteDraft(app.db, viewerOf(request), request.params.id);
    return message('draftDeleted');
  });
};
