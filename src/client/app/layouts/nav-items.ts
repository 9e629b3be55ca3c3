import { isVisible, mergeConfigurations } from '#engine';
import type { Configuration, UserType } from '#schemas/organization';

/** Header navigation of each side of the product; labels are i18n keys under header. */
export interface NavItem {
  to: string;
  label:
    | 'roles'
    | 'events'
    | 'signIn'
    | 'search'
    | 'reports'
    | 'studio'
    | 'audit'
    | 'integrations'
    | 'scheduling'
    | 'communications'
    | 'clients'
    | 'admin'
    | 'account'
    | 'applications'
    | 'profile';
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
  { to: '/manager/scheduling', label: 'scheduling' },
  { to: '/manager/events', label: 'events' },
  { to: '/manager/communications', label: 'communications' },
  { to: '/manager/reports', label: 'reports' },
];

/** The configuration studio (decision 0043): an organisation's admins and platform admins. */
const studioItem: NavItem = { to: '/manager/studio', label: 'studio' };

/** The audit trail (decision 0054): an organisation's admins and platform admins. */
const auditItem: NavItem = { to: '/manager/audit', label: 'audit' };

/** The HR system connection and document signing (decision 0080): an organisation's admins and platform admins. */
const integrationsItem: NavItem = { to: '/manager/integrations', label: 'integrations' };

const managerAdminNav: readonly NavItem[] = [
  ...managerNav,
  studioItem,
  auditItem,
  integrationsItem,
  { to: '/admin', label: 'admin' },
  { to: '/settings', label: 'account' },
];

const adminNav: readonly NavItem[] = [
  ...managerNav,
  studioItem,
  auditItem,
  integrationsItem,
  { to: '/clients', label: 'clients' },
  { to: '/admin', label: 'admin' },
];

/** The hiring side's navigation: an organisation's admin adds Account; a platform admin, Clients and Administration. */
export function hiringNav(userType: UserType | undefined): readonly NavItem[] {
  if (userType === 'ADMIN') return adminNav;
  if (userType === 'HIRING_MANAGER_ADMIN') return managerAdminNav;
  return managerNav;
}

/** The menu of `configuration.menus` each item is (spec §3: visible unless false); Sign in and Administration show. */
const MENU_OF: Partial<Record<NavItem['label'], string>> = {
  roles: 'roles',
  events: 'events',
  applications: 'applications',
  profile: 'profile',
  account: 'account',
  search: 'search',
  scheduling: 'scheduling',
  reports: 'reports',
  clients: 'clients',
};

/** The items the organisation's configuration (its default and form layers) does not hide with `menus`. */
export function shownNav(
  items: readonly NavItem[],
  organization: { defaultConfiguration: Configuration; formConfiguration: Configuration },
): readonly NavItem[] {
  const configuration = mergeConfigurations(organization.defaultConfiguration, organization.formConfiguration);
  return items.filter((item) => {
    const menu = MENU_OF[item.label];
    return menu === undefined || isVisible(configuration, 'menus', menu);
  });
}
