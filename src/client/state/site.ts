import { atom, useAtomValue } from 'jotai';
import type { PublicOrganization } from '#schemas/organization';
import type { HostsMap, ProductConfig } from '#schemas/product';
import { resolveHost, type Site } from '#engine';
import productJson from '#configs/product.json';
import hostsJson from '#configs/hosts.json';

export const product = productJson as ProductConfig;
const hosts = hostsJson as HostsMap;

/** Organisation and side named by the address this page was opened at (spec §1). */
export function siteFromLocation(location: Pick<Location, 'host'> = window.location): Site {
  return resolveHost(location.host, product, hosts);
}

export const siteAtom = atom<Site>(siteFromLocation());

export type OrganizationState =
  | { status: 'loading' }
  | { status: 'ready'; organization: PublicOrganization }
  | { status: 'not-found'; subdomain: string }
  | { status: 'failed'; message: string };

export const organizationStateAtom = atom<OrganizationState>({ status: 'loading' });

/** The loaded organisation, or null before it has loaded. */
export const organizationAtom = atom((get) => {
  const state = get(organizationStateAtom);
  return state.status === 'ready' ? state.organization : null;
});

/**
 * The organisation, inside the part of the app that renders only once it has loaded
 * (everything below SiteGate).
 */
export function useOrganization(): PublicOrganization {
  const organization = useAtomValue(organizationAtom);
  if (!organization) throw new Error('useOrganization() used before the organisation loaded');
  return organization;
}
