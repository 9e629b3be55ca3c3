import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contracts from '#schemas/contracts/events.contract';
import type { OrganizationRecord } from '../../db/types';
import { applyBaseUrl } from '../../lib/links';
import { requestLanguage } from '../../lib/request-language';
import { route } from '../../lib/route';
import type { SiteConfig } from '../../lib/site-config';
import { authenticate, requireRole, viewerOf } from '../../plugins/auth';
import { loadOrganization, organizationOf } from '../../plugins/tenancy';
import { pipelineApplication } from '../applications/application-access';
import { findUserById } from '../user-store/user.repository';
import { markAttendance, qrCheckIn } from './check-in.service';
import { findAttendees } from './event.repository';
import {
  attendees,
  attendeeView,
  candidateEvents,
  createEvent,
  managerEvent,
  managerEvents,
  publicEvent,
  publicEvents,
  setArchived,
  updateEvent,
} from './event.service';
import {
  cancelRegistration,
  myRegistration,
  register,
  registrationView,
  type PlaceContext,
} from './registration.service';

/**
 * The links of event emails go to the organisation's apply site, even when a manager acts from the
 * HR site (adding a candidate, raising the capacity).
 */
function placesOf(request: FastifyRequest, organization: OrganizationRecord, siteConfig: SiteConfig): PlaceContext {
  return { siteBase: applyBaseUrl(request, organization.subdomain, siteConfig) };
}

/** Spec §7 Public: the event lists, one event, the QR check-in (events.contract.ts). */
export const publicEventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const organizationRoute = { preHandler: loadOrganization };
  route(
    app,
    contracts.upcomingEvents,
    async (request) => publicEvents(app.db, organizationOf(request), 'upcoming'),
    organizationRoute,
  );
  route(
    app,
    contracts.nonArchivedEvents,
    async (request) => publicEvents(app.db, organizationOf(request), 'nonArchived'),
    organizationRoute,
  );
  route(
    app,
    contracts.publicEvent,
    async (request) => publicEvent(app.db, organizationOf(request), request.params.eventId),
    organizationRoute,
  );
  route(
    app,
    contracts.qrCheckIn,
    async (request) =>
      qrCheckIn(app.db, organizationOf(request), request.params.eventId, request.body.email, { ip: request.ip }),
    organizationRoute,
  );
};

/** The signed-in event calls: a candidate's own registration, and the hiring side's events (events.contract.ts). */
export const eventRoutes: FastifyPluginAsyncTypebox<{ siteConfig: SiteConfig }> = async (app, { siteConfig }) => {
  app.addHook('preValidation', authenticate);
  // Before the body is validated: a refused caller gets 403, not a 400 about a body it may not send.
  const hiring = { preValidation: requireRole('HIRING_MANAGER') };
  const places = (request: FastifyRequest) => placesOf(request, viewerOf(request).organization, siteConfig);

  // The candidate's own registration.
  route(app, contracts.myRegistration, async (request) => {
    const viewer = viewerOf(request);
    return myRegistration(app.db, viewer.organization, viewer.user, request.params.eventId);
  });
  route(app, contracts.register, async (request, reply) => {
    const viewer = viewerOf(request);
    const { registration, created } = await register(app.db, viewer.organization, viewer.user, request.params.eventId, {
      answers: request.body.answers,
      language: requestLanguage(request, viewer.organization),
      places: places(request),
    });
    return reply.code(created ? 201 : 200).send(await registrationView(app.db, registration.event_id, registration));
  });
  route(app, contracts.cancelRegistration, async (request) => {
    const viewer = viewerOf(request);
    return cancelRegistration(app.db, viewer.organization, viewer.user, request.params.eventId, places(request));
  });

  // The hiring side.
  route(
    app,
    contracts.managerEvents,
    async (request) => managerEvents(app.db, viewerOf(request).organization, request.query.status ?? 'ACTIVE'),
    hiring,
  );
  route(
    app,
    contracts.createEvent,
    async (request, reply) =>
      reply.code(201).send(await createEvent(app.db, viewerOf(request).organization, request.body)),
    hiring,
  );
  route(
    app,
    contracts.managerEvent,
    async (request) => managerEvent(app.db, viewerOf(request).organization, request.params.eventId),
    hiring,
  );
  route(
    app,
    contracts.updateEvent,
    async (request) =>
      updateEvent(app.db, viewerOf(request).organization, request.params.eventId, request.body, places(request)),
    hiring,
  );
  for (const [contract, archived] of [
    [contracts.archiveEvent, true],
    [contracts.restoreEvent, false],
  ] as const) {
    route(
      app,
      contract,
      async (request) => setArchived(app.db, viewerOf(request).organization, request.params.eventId, archived),
      hiring,
    );
  }
  route(
    app,
    contracts.eventAttendees,
    async (request) => attendees(app.db, viewerOf(request).organization, request.params.eventId, request.query.search),
    hiring,
  );
  route(
    app,
    contracts.markAttendance,
    async (request) =>
      markAttendance(
        app.db,
        viewerOf(request).organization,
        request.params.eventId,
        request.params.registrationId,
        request.body.attendance,
      ),
    hiring,
  );
  route(
    app,
    contracts.addCandidateToEvent,
    async (request, reply) => {
      const viewer = viewerOf(request);
      const application = await pipelineApplication(app.db, viewer, request.params.id);
      const user = await findUserById(app.db, application.user_id);
      if (!user) throw new Error(`application ${application.id} has no user`);
      const { registration, created } = await register(app.db, viewer.organization, user, request.params.x, {
        byManager: true,
        places: places(request),
      });
      const [row] = await findAttendees(
        app.db,
        viewer.organization.id,
        registration.event_id,
        undefined,
        registration.id,
      );
      return reply.code(created ? 201 : 200).send(attendeeView(row!));
    },
    hiring,
  );
  route(
    app,
    contracts.candidateEvents,
    async (request) => candidateEvents(app.db, viewerOf(request), request.params.id),
    hiring,
  );
};
