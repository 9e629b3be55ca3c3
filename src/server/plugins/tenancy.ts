import type { FastifyRequest } from 'fastify';
import { resolveHost, type Site } from '#engine';
import type { App } from '../app-types';
import { notFound } from '../lib/http-error';
import type { SiteConfig } from '../lib/site-config';
import { cachedOrganization } from '../lib/public-cache';
import { isUuid } from '../lib/uuid';
import { continueRequestScope, enterRequestScope, scopeRequestToOrganization } from '../db/organization-scope';
import { findOrganizationByKey } from '../modules/organizations/organization.repository';
import type { OrganizationRecord } from '../db/types';

declare module 'fastify' {
  interface FastifyRequest {
    /** Organisation and side named by the Host header (engine resolveHost); set on every request. */
    site: Site;
    /** Set by the `loadOrganization` preHandler on routes that belong to one organisation. */
    organization: OrganizationRecord | null;
  }
}

/**
 * Decorates every request with its Site (cheap and pure, so it runs for all requests), and runs every request in an
 * organisation scope: its database connections see no organisation's rows until loadOrganization names one (row-level
 * security on PostgreSQL, decision 0068).
 */
export function registerTenancy(app: App, siteConfig: SiteConfig): void {
  app.decorateRequest('site', null as unknown as Site);
  app.decorateRequest('organization', null);
  app.addHook('onRequest', (request, _reply, done) => {
    request.site = resolveHost(request.host, siteConfig.product, siteConfig.hosts);
    enterRequestScope(request.raw, done);
  });
  app.addHook('preValidation', (request, _reply, done) => continueRequestScope(request.raw, done));
}

export const noOrganizationMessage = (subdomain: string): string => `No organisation with subdomain '${subdomain}'.`;

/**
 * preHandler for organisation routes: the organisation named by the route's `:sub` or `:orgId`
 * parameter (a subdomain or an organisation id) or `subdomain` query parameter, or else by the
 * host. Runs after schema validation, so a malformed subdomain is a 400 first.
 */
export async function loadOrganization(request: FastifyRequest): Promise<void> {
  const params = request.params as { sub?: string; orgId?: string } | undefined;
  const query = request.query as { subdomain?: string } | undefined;
  const key = params?.sub ?? params?.orgId ?? query?.subdomain ?? request.site.subdomain;
  // Once per request (authenticate and a route's preHandler both ask), and across requests from the
  // public cache until the organisation changes (decisions 0056, 0057).
  if (request.organization && isKeyOf(request.organization, key)) return;
  const db = request.server.db;
  const organization = await cachedOrganization(db, key, () => findOrganizationByKey(db, key));
  if (!organization) throw notFound(isUuid(key) ? `No organisation with id '${key}'.` : noOrganizationMessage(key));
  request.organization = organization;
  scopeRequestToOrganization(organization.id);
}

const isKeyOf = (organization: OrganizationRecord, key: string): boolean =>
  organization.subdomain === key || organization.id === key.toLowerCase();

/** The organisation loaded by `loadOrganization`; a programming error when the hook is missing. */
export function organizationOf(request: FastifyRequest): OrganizationRecord {
  if (!request.organization)
    throw new Error(`${request.routeOptions.url ?? request.url} has no loadOrganization preHandler`);
  return request.organization;
}
