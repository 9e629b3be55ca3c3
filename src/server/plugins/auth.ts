import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasRole, isAdmin, type HiringRole } from '#engine';
import type { App } from '../app-types';
import { forbidden, notFound } from '../lib/http-error';
import { catchUp } from '../modules/auth/session-cache';
import { authenticateToken, extendSession } from '../modules/auth/session.service';
import type { AccessTokenRecord } from '../modules/auth/session.repository';
import type { Viewer } from '../lib/viewer';
import { loadOrganization, noOrganizationMessage, organizationOf } from './tenancy';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, set by the `authenticate` preHandler. */
    viewer: Viewer | null;
    /** The round trip that confirms a held access token (decision 0089), begun as the call arrived. */
    caughtUp: Promise<boolean> | null;
    /** The access token of the call, for sliding the session-timeout expiry after it succeeds. */
    accessToken: AccessTokenRecord | null;
  }
}

export function registerAuth(app: App): void {
  app.decorateRequest('viewer', null);
  app.decorateRequest('accessToken', null);
  app.decorateRequest('caughtUp', null);
  // A call with a token begins confirming a held one as it arrives, so the round trip runs while its body is read.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.headers.authorization !== undefined) request.caughtUp = catchUp(request.server.db) ?? null;
    done();
  });
  // Spec §4: under an organisation session timeout, every successful call moves the expiry on.
  app.addHook('onResponse', async (request, reply) => {
    if (request.accessToken && reply.statusCode < 400) {
      await extendSession(request.server.db, request.accessToken).catch((error: unknown) =>
        request.log.error({ err: error }, 'session extension failed'),
      );
    }
  });
}

/**
 * preValidation hook of every /api/v1 route: the bearer token's session, then the organisation of the
 * request (its `subdomain` parameter, else the host). A token is good for the organisation it
 * was issued for: any other answers 404, as if that organisation's data did not exist.
 * Platform admins (spec §6: superusers) work in every organisation.
 */
export async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  // The organisation first (held in the process until it changes, decision 0057), so that the token is looked up in
  // its scope (decision 0079); the token's error is still answered first (401 before 404).
  const loaded = await loadOrganization(request).then(
    () => ({ ok: true as const }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  const token = await authenticateToken(
    request.server.db,
    request.headers.authorization,
    loaded.ok,
    request.caughtUp ?? undefined,
  );
  if (!loaded.ok) throw loaded.error;
  const organization = organizationOf(request);
  if (!isAdmin(token.userType) && token.organizationId !== organization.id)
    throw notFound(noOrganizationMessage(organization.subdomain));
  request.accessToken = token;
  request.viewer = {
    user: token.user,
    organization,
    session: { familyId: token.familyId, organizationId: token.organizationId, otpVerified: token.otpVerified },
  };
}

/** The caller of a route behind `authenticate`; a programming error when the hook is missing. */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw new Error(`${request.routeOptions.url ?? request.url} has no authenticate preHandler`);
  return request.viewer;
}

/** preHandler: at least the hiring-side level `role` (ADMIN ⊃ HIRING_MANAGER_ADMIN ⊃ HIRING_MANAGER). */
export function requireRole(role: HiringRole) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!hasRole(viewerOf(request).user.user_type, role)) throw forbidden('You do not have permission to do this.');
  };
}
