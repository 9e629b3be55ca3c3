import { hostForSide, hostnameOf } from '#engine';
import { product } from '#client/state/site';

/**
 * The address of an organisation's site on the domain this page was opened on (`<sub>.localhost:3000` here,
 * `<sub>.candid.example` in production), apply side unless asked for the HR side.
 */
export function siteAddress(subdomain: string, side: 'apply' | 'hr' = 'apply'): string {
  const hostname = hostnameOf(window.location.host);
  const domain =
    [...product.domains]
      .sort((a, b) => b.length - a.length)
      .find((d) => hostname === d || hostname.endsWith(`.${d}`)) ??
    product.domains[0] ??
    'localhost';
  const port = window.location.port || undefined;
  return `${window.location.protocol}//${hostForSide(subdomain, side, domain, port)}/`;
}
