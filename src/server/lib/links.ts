import type { FastifyRequest } from 'fastify';
import { hostForSide, hostnameOf, resolveHost } from '#engine';
import type { SiteConfig } from './site-config';

/**
 * The address links in emails start with: the host the request came to (apply or HR side) when
 * it is one of ours and names the same organisation, else the organisation's apply host. A forged
 * Host header can never send a reset link (and its token) to someone else's site.
 */
export function siteBaseUrl(request: FastifyRequest, subdomain: string, siteConfig: SiteConfig): string {
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  const hostname = hostnameOf(request.host);
  const port = /:(\d+)$/.exec(request.host)?.[1];
  const site = resolveHost(request.host, siteConfig.product, siteConfig.hosts);
  const known =
    siteConfig.hosts[hostname] !== undefined ||
    siteConfig.product.domains.some((d) => hostname === d || hostname.endsWith(`.${d}`));
  if (known && !site.isDefault && site.subdomain === subdomain) return `${protocol}://${request.host}`;
  const domain =
    siteConfig.product.domains.find((d) => hostname === d || hostname.endsWith(`.${d}`)) ??
    siteConfig.product.domains[0] ??
    'localhost';
  const defaultPort = (protocol === 'https' && port === '443') || (protocol === 'http' && port === '80');
  return `${protocol}://${hostForSide(subdomain, 'apply', domain, port && !defaultPort ? port : undefined)}`;
}

/** Where the candidate's links point: the organisation's apply side, whichever side the request came from. */
export function applyBaseUrl(request: FastifyRequest, subdomain: string, siteConfig: SiteConfig): string {
  const base = new URL(siteBaseUrl(request, subdomain, siteConfig));
  if (request.site?.side !== 'hr') return base.origin;
  const domain =
    siteConfig.product.domains.find((d) => base.hostname === d || base.hostname.endsWith(`.${d}`)) ??
    siteConfig.product.domains[0] ??
    'localhost';
  return `${base.protocol}//${hostForSide(subdomain, 'apply', domain, base.port || undefined)}`;
}

/** The candidate's booking page of an interview invitation's link (the token itself: only its hash is kept). */
export const bookingLinkOf = (siteBase: string, token: string) => `${siteBase}/interview/${token}`;
