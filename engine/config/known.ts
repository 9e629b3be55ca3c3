/** Navigation menus that configuration can hide (`menus`), spec §2/§4. */
export const MENUS = [
  'roles',
  'events',
  'applications',
  'profile',
  'account',
  'settings',
  'search',
  'reports',
  'scheduling',
  'clients',
] as const;

/** Hiring-side panels and features that configuration can hide (`hr`). */
export const HR_FEATURES = [
  'scores',
  'notes',
  'comments',
  'documents',
  'history',
  'contacts',
  'adjustments',
  'match',
  'export',
  'bulkMove',
  'fastTrack',
  'diversity',
  'contextualData',
  'assessments',
  'events',
  'scheduling',
  'reports',
] as const;
