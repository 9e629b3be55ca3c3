import type { UserType } from '#schemas/organization';

/** Header navigation of each side of the product; labels are i18n keys under header. */
export interface NavItem {
  to: string;
  label:
    'roles' | 'events' | 'signIn' | 'search' | 'reports' | 'clients' | 'admin' | 'account' | 'applications' | 'profile';
}

export const candidateNav: readonly NavItem[] = [
  { to: '/roles', label: 'roles' },
  { to: '/events', label: 'events' },
  { to: '/login', label: 'signIn' },
];

/** A signed-in candidate's navigation: their applications and profile, and their account instead of Sign in. */
export const signedInCandidateNav: readonly NavItem[] = [
  { to: '/roles', label: 'roles' },
  { to: '/events', label: 'events' },
  { to: '/applications', label: 'applications' },
  { to: '/profile', label: 'profile' },
  { to: '/account', label: 'account' },
];

const managerNav: readonly NavItem[] = [
  { to: '/manager/roles', label: 'roles' },
  { to: '/manager/search', label: 'search' },
  { to: '/manager/events', label: 'events' },
  { to: '/manager/reports', label: 'reports' },
];

const managerAdminNav: readonly NavItem[] = [...managerNav, { to: '/settings', label: 'account' }];

const adminNav: readonly NavItem[] = [
  ...managerNav,
  { to: '/clients', label: 'clients' },
  { to: '/admin', label: 'admin' },
];

/** The hiring side's navigation: an organisation's admin adds Account; a platform admin, Clients and Administration. */
export function hiringNav(userType: UserType | undefined): readonly NavItem[] {
  if (userType === 'ADMIN') return adminNav;
  if (userType === 'HIRING_MANAGER_ADMIN') return managerAdminNav;
  return managerNav;
}
