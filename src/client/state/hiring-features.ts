import { useEffect, useState } from 'react';
import type { ProductModule } from '#schemas/organization-admin';
import { fetchModules } from '../api/organization-admin';
import { useOrganization } from './site';

/**
 * The organisation's `hr` flags (spec §3 configuration: hiring-side features and panels, visible unless false).
 * The public profile leaves the hiring-side configuration out, so the signed-in hiring side asks GET /data/modules
 * once per organisation and page load. Until it answers, and if it fails, every feature shows (the server still
 * enforces what it must).
 */
const loaded = new Map<string, Promise<ProductModule[]>>();

export function useHrFeatures(): (feature: string) => boolean {
  const { id } = useOrganization();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    let current = true;
    let request = loaded.get(id);
    if (!request) {
      request = fetchModules();
      loaded.set(id, request);
      request.catch(() => loaded.delete(id));
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
  }, [id]);
  return (feature) => !hidden.has(feature);
}
