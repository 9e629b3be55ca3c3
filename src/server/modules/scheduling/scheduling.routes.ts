import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import * as contracts from '#schemas/contracts/scheduling.contract';
import { strictBodyValidatorCompiler } from '../../lib/body-validator';
import { route } from '../../lib/route';
import type { SiteConfig } from '../../lib/site-config';
import { authenticate, requireRole, viewerOf } from '../../plugins/auth';
import { loadOrganization, organizationOf } from '../../plugins/tenancy';
import { bookByToken, cancelByToken, currentInterview, interviewOfToken } from './booking.service';
import { applyBaseUrl } from '../../lib/links';
import type { EmailSite } from './interview-emails';
import {
  busySchedules,
  cancelInvitation,
  closeBooking,
  candidateInterviews,
  createSchedule,
  listInterviewers,
  listSchedules,
  moveBooking,
  remindInvitation,
  saveFeedback,
} from './schedule.service';
import { createSession, listSessions, recordSession } from './sessions.service';

/** Where the candidate's links and calendar UIDs point for a request about `subdomain`. */
function emailSite(request: FastifyRequest, subdomain: string, siteConfig: SiteConfig): EmailSite {
  const base = applyBaseUrl(request, subdomain, siteConfig);
  return { base, host: new URL(base).hostname };
}

/**
 * Interview scheduling on the hiring side (issue 13), as schemas/contracts/scheduling.contract.ts
 * declares it: HIRING_MANAGER and above, within the organisation of the token. getCurrentInterview
 * is also the candidate's own.
 */
export const schedulingRoutes: FastifyPluginAsyncTypebox<{ siteConfig: SiteConfig }> = async (app, { siteConfig }) => {
  app.setValidatorCompiler(strictBodyValidatorCompiler);
  app.addHook('preValidation', authenticate);
  const manager = { preValidation: requireRole('HIRING_MANAGER') };
  const site = (request: FastifyRequest) => emailSite(request, viewerOf(request).organization.subdomain, siteConfig);

  route(
    app,
    contracts.createSchedule,
    async (request, reply) =>
      reply.code(201).send(await createSchedule(app.db, viewerOf(request), request.body, site(request))),
    manager,
  );
  route(
    app,
    contracts.listSchedules,
    async (request) => listSchedules(app.db, viewerOf(request), request.query),
    manager,
  );
  route(app, contracts.interviewers, async (request) => listInterviewers(app.db, viewerOf(request)), manager);
  route(
    app,
    contracts.busySchedules,
    async (request) => busySchedules(app.db, viewerOf(request), request.query),
    manager,
  );
  route(
    app,
    contracts.closeBooking,
    async (request) => closeBooking(app.db, viewerOf(request), request.params.scheduleId),
    manager,
  );
  route(
    app,
    contracts.remindInvitation,
    async (request) => remindInvitation(app.db, viewerOf(request), request.params.invitationId, site(request)),
    manager,
  );
  route(
    app,
    contracts.cancelInvitation,
    async (request) => cancelInvitation(app.db, viewerOf(request), request.params.invitationId, site(request)),
    manager,
  );
  route(
    app,
    contracts.moveBooking,
    async (request) =>
      moveBooking(app.db, viewerOf(request), request.params.invitationId, request.body.slotId, site(request)),
    manager,
  );
  route(
    app,
    contracts.candidateInterviews,
    async (request) => candidateInterviews(app.db, viewerOf(request), request.params.id),
    manager,
  );
  route(
    app,
    contracts.saveFeedback,
    async (request) => saveFeedback(app.db, viewerOf(request), request.params.interviewId, request.body),
    manager,
  );
  route(app, contracts.currentInterview, async (request) =>
    currentInterview(app.db, viewerOf(request), request.params.id, request.params.x),
  );
  route(
    app,
    contracts.createSession,
    async (request, reply) =>
      reply.code(201).send(await createSession(app.db, viewerOf(request), request.params.id, request.body)),
    manager,
  );
  route(
    app,
    contracts.listSessions,
    async (request) => listSessions(app.db, viewerOf(request), request.params.id),
    manager,
  );
  route(
    app,
    contracts.recordSession,
    async (request) => recordSession(app.db, viewerOf(request), request.params.id, request.params.sessionId),
    manager,
  );
};

/** Public GET, PUT and DELETE /interview/:token: the organisation is the host's; the token is the credential. */
export const publicSchedulingRoutes: FastifyPluginAsyncTypebox<{ siteConfig: SiteConfig }> = async (
  app,
  { siteConfig },
) => {
  app.setValidatorCompiler(strictBodyValidatorCompiler);
  app.addHook('preHandler', loadOrganization);
  const site = (request: FastifyRequest) => emailSite(request, organizationOf(request).subdomain, siteConfig);

  route(app, contracts.publicInterview, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return interviewOfToken(app.db, organizationOf(request), request.params.token);
  });
  route(app, contracts.bookInterview, async (request) =>
    bookByToken(app.db, organizationOf(request), request.params.token, request.body, site(request)),
  );
  route(app, contracts.cancelBooking, async (request) =>
    cancelByToken(app.db, organizationOf(request), request.params.token, site(request)),
  );
};
