import type { HostsMap, HostSide, ProductConfig } from '#schemas/product';
import type { Edition } from '#schemas/organization';

export interface Site {
  /** Organisation subdomain to load. */
  subdomain: string;
  /** apply = candidate side, hr = employer side. */
  side: HostSide;
  /** True when the host named no organisation and the configured default was chosen. */
  isDefault: boolean;
}

const IP_ADDRESS = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:]+\])$/i;

/** Lower-cases a Host header value and drops its port. */
export function hostnameOf(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(0, trimmed.indexOf(']') + 1);
  return trimmed.replace(/:\d+$/, '').replace(/\.$/, '');
}

/**
 * Organisation and side from the host (spec §1): named hosts first, then
 * `<sub>.hr.<domain>` (HR side) and `<sub>.<domain>` (apply side); a bare domain, `hr.<domain>`,
 * an IP address or an unknown host fall back to the default organisation.
 */
export function resolveHost(
  host: string,
  product: Pick<ProductConfig, 'domains' | 'defaultSubdomain'>,
  hosts: HostsMap,
): Site {
  const hostname = hostnameOf(host);
  const named = hosts[hostname];
  if (named) return { subdomain: named.subdomain, side: named.side, isDefault: false };
  const fallback = (side: HostSide): Site => ({ subdomain: product.defaultSubdomain, side, isDefault: true });
  if (IP_ADDRESS.test(hostname)) return fallback('apply');
  const domain = [...product.domains]
    .sort((a, b) => b.length - a.length)
    .find((d) => hostname === d || hostname.endsWith(`.${d}`));
  if (!domain) return fallback('apply');
  const labels = hostname === domain ? [] : hostname.slice(0, -(domain.length + 1)).split('.');
  if (labels.length === 0) return fallback('apply');
  if (labels.length === 1) return labels[0] === 'hr' ? fallback('hr') : site(labels[0]!, 'apply');
  if (labels.length === 2 && labels[1] === 'hr') return site(labels[0]!, 'hr');
  return fallback('apply');
}

function site(subdomain: string, side: HostSide): Site {
  return { subdomain, side, isDefault: false };
}

/** Host of the other side of the same organisation, for links between apply and HR. */
export function hostForSide(subdomain: string, side: HostSide, domain: string, port?: string): string {
  const name = side === 'hr' ? `${subdomain}.hr.${domain}` : `${subdomain}.${domain}`;
  return port ? `${name}:${port}` : name;
}

/** Page title (spec §1). */
export function pageTitle(
  org: { name: string; edition: Edition },
  side: HostSide,
  product: Pick<ProductConfig, 'productName' | 'internalProductName' | 'connectTitle'>,
): string {
  if (org.edition === 'connect') return product.connectTitle;
  if (side === 'hr') {
    const productName = org.edition === 'internal' ? product.internalProductName : product.productName;
    return `${productName} ${org.name} HR`;
  }
  return `${org.name} Apply`;
}
