import type { FastifyReply, FastifyRequest, onRequestHookHandler, preSerializationHookHandler } from 'fastify';
import { hasRole, isAdmin, type HiringRole } from '#engine';
import type { App } from '../app-types';
import { forbidden, notFound } from '../lib/http-error';
import { addRouteHook } from '../lib/route';
import { catchUp } from '../modules/auth/session-cache';
import { authenticateToken, extendSession, heldSession } from '../modules/auth/session.service';
import type { AccessTokenRecord } from '../modules/auth/session.repository';
import type { Viewer } from '../lib/viewer';
import type { OrganizationRecord } from '../db/types';
import { loadOrganization, noOrganizationMessage, organizationOf } from './tenancy';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, set by the `authenticate` preHandler. */
    viewer: Viewer | null;
    /** The round trip that confirms a held access token (decision 0089), begun as the call arrived. */
    caughtUp: Promise<boolean> | null;
    /** The access token of the call, for sliding the session-timeout expiry after it succeeds. */
    accessToken: AccessTokenRecord | null;
    /**
     * A read-only call answered from a held token before it was confirmed (decision 0091): whether the token still
     * stood after the confirming round trip. Its answer waits for confirmAuthentication.
     */
    confirming: Promise<boolean> | null;
    /** The hiring-side levels the route's requireRole checked, checked again if the token is read again. */
    requiredRoles: HiringRole[] | null;
  }
  interface FastifyContextConfig {
    /**
     * The call changes nothing (decision 0091): a held token is answered at once and confirmed while the call runs,
     * and the answer, whatever it is, waits for the confirmation. Only for routes whose handler returns its answer.
     */
    readOnly?: boolean;
  }
}

export function registerAuth(app: App): void {
  app.decorateRequest('viewer', null);
  app.decorateRequest('accessToken', null);
  app.decorateRequest('caughtUp', null);
  app.decorateRequest('confirming', null);
  app.decorateRequest('requiredRoles', null);
  // Each signed-in route gets the one of the two hooks it needs, as it is registered. A public route never reads a
  // token (one that does, like sign-out, is declared signed-in), so a token sent to it begins no round trip.
  app.addHook('onRoute', (route) => {
    if (route.config?.readOnly) addRouteHook(route, 'preSerialization', answerConfirmed);
    else if (route.config?.contract?.access === 'signed-in') addRouteHook(route, 'onRequest', beginCatchUp);
  });
  // Spec §4: under an organisation session timeout, every successful call moves the expiry on.
  app.addHook('onResponse', (request, reply, done) => {
    const token = request.accessToken;
    if (!token || token.sessionTimeoutSeconds === null || reply.statusCode >= 400) return done();
    extendSession(request.server.db, token).then(
      () => done(),
      (error: unknown) => {
        request.log.error({ err: error }, 'session extension failed');
        done();
      },
    );
  });
}

/**
 * A call with a token begins confirming a held one as it arrives, so the round trip runs while its body is read. A
 * read-only call confirms it later, while its own queries run (decision 0091).
 */
const beginCatchUp: onRequestHookHandler = (request, _reply, done) => {
  if (request.headers.authorization !== undefined) request.caughtUp = catchUp(request.server.db) ?? null;
  done();
};

/** The answer of a read-only call leaves once its token is confirmed; an error answer waits in the error handler. */
const answerConfirmed: preSerializationHookHandler<unknown> = (request, _reply, payload, done) => {
  if (!request.confirming) return done(null, payload);
  confirmAuthentication(request).then(() => done(null, payload), done);
};

/**
 * preValidation hook of every /api/v1 route: the bearer token's session, then the organisation of the
 * request (its `subdomain` parameter, else the host). A token is good for the organisation it
 * was issued for: any other answers 404, as if that organisation's data did not exist.
 * Platform admins (spec §6: superusers) work in every organisation.
 */
export function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  return authenticateRequest(request, request.routeOptions.config.readOnly === true);
}

async function authenticateRequest(request: FastifyRequest, readOnly: boolean): Promise<void> {
  // The organisation first (held in the process until it changes, decision 0057), so that the token is looked up in
  // its scope (decision 0079); the token's error is still answered first (401 before 404).
  const loaded = await loadOrganization(request).then(
    () => ({ ok: true as const }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  const db = request.server.db;
  let held = readOnly && loaded.ok ? heldSession(db, request.headers.authorization) : undefined;
  // A refusal is answered only from a confirmed token: the held one may be older than a change that allows the call.
  if (held && !allowedIn(organizationOf(request), held.record)) held = undefined;
  const token =
    held?.record ??
    (await authenticateToken(db, request.headers.authorization, loaded.ok, request.caughtUp ?? undefined));
  if (!loaded.ok) throw loaded.error;
  const organization = organizationOf(request);
  if (!allowedIn(organization, token)) throw notFound(noOrganizationMessage(organization.subdomain));
  request.accessToken = token;
  request.viewer = {
    user: token.user,
    organization,
    session: { familyId: token.familyId, organizationId: token.organizationId, otpVerified: token.otpVerified },
  };
  // The round trip begins in a task after this one: by then the call's own queries are on their way, and it runs
  // beside them instead of before them. It still begins after the call arrived (decision 0087's guarantee). Once it
  // confirms the token, nothing is left to wait for (usually before the call's own queries answer).
  if (held) {
    const confirming = new Promise<boolean>((resolve) => setImmediate(() => resolve(held.confirmed())));
    request.confirming = confirming;
    void confirming.then((confirmed) => {
      if (confirmed && request.confirming === confirming) request.confirming = null;
    });
  }
}

/** A token is good in the organisation it was issued for; a platform admin's in every one. */
const allowedIn = (organization: OrganizationRecord, token: AccessTokenRecord): boolean =>
  isAdmin(token.userType) || token.organizationId === organization.id;

/**
 * Before a read-only call answers (decision 0091): waits for the confirmation of the held token it was answered with.
 * When the user's sessions changed meanwhile, the call is authenticated again from the database, as if it arrived now,
 * and its roles checked again: the answer is then this error (401, 403, 404) or, when the session still stands, the
 * call's own.
 */
export async function confirmAuthentication(request: FastifyRequest): Promise<void> {
  const confirming = request.confirming;
  if (!confirming) return;
  request.confirming = null;
  if (await confirming) return;
  request.caughtUp = null;
  await authenticateRequest(request, false);
  for (const role of request.requiredRoles ?? []) checkRole(request, role);
}

/** The caller of a route behind `authenticate`; a programming error when the hook is missing. */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw new Error(`${request.routeOptions.url ?? request.url} has no authenticate preHandler`);
  return request.viewer;
}

function checkRole(request: FastifyRequest, role: HiringRole): void {
  if (!hasRole(viewerOf(request).user.user_type, role)) throw forbidden('You do not have permission to do this.');
}

/** preHandler: at least the hiring-side level `role` (ADMIN ⊃ HIRING_MANAGER_ADMIN ⊃ HIRING_MANAGER). */
export function requireRole(role: HiringRole) {
  return (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void => {
    (request.requiredRoles ??= []).push(role);
    if (hasRole(viewerOf(request).user.user_type, role)) return done();
    // Refused only once the token is confirmed (a held one may be older than a promotion): confirming it checks the
    // roles again when it was read again.
    confirmAuthentication(request)
      .then(() => checkRole(request, role))
      .then(() => done(), done);
  };
}
