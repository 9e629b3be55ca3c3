import { useEffect, useState } from 'react';
import type { PublicOrganization } from '#schemas/organization';
import type { ProductModule } from '#schemas/organization-admin';
import { fetchModules } from '../api/organization-admin';
import { useOrganization } from './site';

/**
 * The organisation's `hr` flags (spec §3 configuration: hiring-side features and panels, visible unless false).
 * The public profile leaves the hiring-side configuration out, so the signed-in hiring side asks GET /data/modules
 * once per organisation and page load. Until it answers, and if it fails, every feature shows (the server still
 * enforces what it must). Kept per organisation object, so a newly loaded organisation asks again.
 */
const loaded = new WeakMap<PublicOrganization, Promise<ProductModule[]>>();

export function useHrFeatures(): (feature: string) => boolean {
  const organization = useOrganization();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    let current = true;
    let request = loaded.get(organization);
    if (!request) {
      request = fetchModules();
      loaded.set(organization, request);
      request.catch(() => loaded.delete(organization));
    }
    request.then(
      (modules) => {
        if (current) setHidden(new Set(modules.filter((m) => m.kind === 'hr' && !m.enabled).map((m) => m.id)));
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [organization]);
  return (feature) => !hidden.has(feature);
}
