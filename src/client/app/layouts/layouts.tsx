import type { ComponentType, ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import type { UserType } from '#schemas/organization';
import { isCandidate } from '#engine';
import { userAtom } from '../../state/auth';
import { Shell } from './shell';
import { WorkspaceShell } from './workspace-shell';
import { useHrFeatures } from '../../state/hiring-features';
import { useOrganization } from '../../state/site';
import { candidateNav, hiringNav, shownNav, signedInCandidateNav, type NavItem } from './nav-items';
import * as styles from './shell.css';

/** The layouts of spec §2. Many share the shell and differ in navigation and width for now. */
export type LayoutName =
  | 'candidate'
  | 'main'
  | 'fullWidth'
  | 'welcome'
  | 'account'
  | 'roles'
  | 'role'
  | 'report'
  | 'event'
  | 'admin'
  | 'manager';

type LayoutComponent = ComponentType<{ children: ReactNode }>;

/** Candidate navigation: with their applications and profile once a candidate signs in, Account instead of Sign in for
 * anyone signed in. */
function useCandidateNav(): readonly NavItem[] {
  const { user } = useAtomValue(userAtom);
  const organization = useOrganization();
  if (!user) return shownNav(candidateNav, organization);
  if (isCandidate(user.userType)) return shownNav(signedInCandidateNav, organization);
  return shownNav(
    candidateNav.map((item) => (item.label === 'signIn' ? { to: '/account', label: 'account' } : item)),
    organization,
  );
}

function CandidateLayout({ children }: { children: ReactNode }) {
  return (
    <Shell nav={useCandidateNav()} width="page">
      {children}
    </Shell>
  );
}

function WideCandidateLayout({ children }: { children: ReactNode }) {
  return (
    <Shell nav={useCandidateNav()} width="wide">
      {children}
    </Shell>
  );
}

function FullWidthLayout({ children }: { children: ReactNode }) {
  return (
    <Shell nav={useCandidateNav()} width="full">
      {children}
    </Shell>
  );
}

/** Sign-in, sign-up and token pages: one readable column. */
function WelcomeLayout({ children }: { children: ReactNode }) {
  return (
    <Shell nav={useCandidateNav()} width="page">
      <div className={styles.narrowColumn}>{children}</div>
    </Shell>
  );
}

/**
 * The hiring side's navigation for the signed-in user, the same on every hiring page: without the menus the
 * configuration hides, nor Reports when it hides the hiring side's reports (`hr.reports`, decision 0078).
 */
function useHiringNav(): readonly NavItem[] {
  const shows = useHrFeatures();
  const items = shownNav(hiringNav(useAtomValue(userAtom).user?.userType), useOrganization());
  return shows('reports') ? items : items.filter((item) => item.label !== 'reports');
}

/** /manager pages, /clients and /admin, reports, and a hiring user's account pages: the workspace (decision 0066). */
function ManagerLayout({ children }: { children: ReactNode }) {
  return <WorkspaceShell nav={useHiringNav()}>{children}</WorkspaceShell>;
}

/** Account and settings take the layout of the user's side (spec §2 Layouts). */
export function layoutForUserType(userType: UserType | undefined): Exclude<LayoutName, 'account'> {
  switch (userType) {
    case 'HIRING_MANAGER':
    case 'HIRING_MANAGER_ADMIN':
      return 'manager';
    case 'ADMIN':
      return 'admin';
    default:
      return 'candidate';
  }
}

function AccountLayout({ children }: { children: ReactNode }) {
  const { user } = useAtomValue(userAtom);
  const Layout = layouts[layoutForUserType(user?.userType)];
  return <Layout>{children}</Layout>;
}

const layouts: Record<LayoutName, LayoutComponent> = {
  candidate: CandidateLayout,
  main: CandidateLayout,
  fullWidth: FullWidthLayout,
  welcome: WelcomeLayout,
  account: AccountLayout,
  roles: WideCandidateLayout,
  role: CandidateLayout,
  report: ManagerLayout,
  event: CandidateLayout,
  admin: ManagerLayout,
  manager: ManagerLayout,
};

/** A layout route: the named layout around the matched child route. */
export function LayoutRoute({ name }: { name: LayoutName }) {
  const Layout = layouts[name];
  return (
    <Layout>
      <Outlet />
    </Layout>
  );
}
