import { useEffect, useState } from 'react';
import { atom, useAtomValue } from 'jotai';
import { hasRole } from '#engine';
import type { PublicOrganization } from '#schemas/organization';
import type { ProductModule } from '#schemas/organization-admin';
import { userAtom } from './auth';
import { useOrganization } from './site';

/**
 * The organisation's `hr` flags (spec §3 configuration: hiring-side features and panels, visible unless false).
 * The public profile leaves the hiring-side configuration out, so the signed-in hiring side asks GET /data/modules
 * once per organisation and page load. Until it answers, and if it fails, every feature shows (the server still
 * enforces what it must). Kept per organisation object, so a newly loaded organisation asks again. Asked only once a
 * hiring user is signed in (the hiring side's layout asks too, for its navigation, decision 0078).
 */
const loaded = new WeakMap<PublicOrganization, { generation: number; request: Promise<ProductModule[]> }>();

/** Moved on when the organisation's configuration is published (the studio), so every screen asks again. */
export const hrFeaturesGenerationAtom = atom(0);

export function useHrFeatures(): (feature: string) => boolean {
  const organization = useOrganization();
  const { user } = useAtomValue(userAtom);
  const hiring = user !== undefined && user !== null && hasRole(user.userType, 'HIRING_MANAGER');
  const generation = useAtomValue(hrFeaturesGenerationAtom);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (!hiring) return;
    let current = true;
    const known = loaded.get(organization);
    let request = known?.generation === generation ? known.request : undefined;
    if (!request) {
      // Loaded on demand: the layouts (in every page's first load) import this hook, candidates never need the call.
      request = import('../api/organization-admin').then((api) => api.fetchModules());
      loaded.set(organization, { generation, request });
      request.catch(() => loaded.delete(organization));
    }
    request.then(
      (modules) => {
        // Anything but a list of modules (a fault) hides nothing.
        if (current && Array.isArray(modules))
          setHidden(new Set(modules.filter((m) => m.kind === 'hr' && !m.enabled).map((m) => m.id)));
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [organization, hiring, generation]);
  return (feature) => !hidden.has(feature);
}
