import { atom } from 'jotai';
import { LOGOUT_REDIRECT_DELAY_MS, loginPathWithReturn, logoutClientName, shouldSendLogoutNotification } from '#engine';
import { revokeToken, sendLogoutNotification } from '../api/auth';
import { authAtom, userAtom } from './auth';
import { processAtom } from './process';
import { organizationAtom, siteAtom } from './site';
import { openMenuAtom } from './ui';

/** Why the last session ended, for the sign-in page to say (cleared once shown). */
export type SignedOutReason = 'inactive' | 'expired' | 'forced' | 'deleted';
export const signedOutReasonAtom = atom<SignedOutReason | null>(null);

type Navigate = (to: string) => void;
let navigateTo: Navigate = (to) => window.location.assign(to);

/** The router registers its navigate here, so logout moves within the app instead of reloading. */
export function setSessionNavigator(navigate: Navigate): void {
  navigateTo = navigate;
}

export interface LogoutOptions {
  /** Where to go after 500 ms; default /login with url and search of the current page; null stays. */
  redirectTo?: string | null;
  reason?: SignedOutReason;
  /** Revoke the token on the server (default true; false once the server has ended it). */
  revoke?: boolean;
}

let pendingRedirect: ReturnType<typeof setTimeout> | null = null;

/**
 * Spec §4 Logout: clears user, tokens and state, closes menus, then after 500 ms goes to the
 * given address or to /login carrying url and search. The token is revoked on the server and,
 * for hiring-side users away from local hosts, the logout notification is sent (spec §6).
 */
export const logoutAtom = atom(null, (get, set, options: LogoutOptions = {}) => {
  // Decided now: once the user is cleared, the sign-in guard may already have moved the page.
  const target =
    options.redirectTo === undefined
      ? loginPathWithReturn(window.location.pathname, window.location.search)
      : options.redirectTo;
  const auth = get(authAtom);
  const { user } = get(userAtom);
  const organization = get(organizationAtom);
  const site = get(siteAtom);
  if (auth && options.revoke !== false) void revokeToken(auth.access_token).catch(() => undefined);
  if (user?.email && shouldSendLogoutNotification(user.userType, window.location.hostname)) {
    void sendLogoutNotification(site.subdomain, {
      userEmail: user.email,
      clientName: logoutClientName(organization?.name, site.subdomain),
      currentPath: `${window.location.pathname}${window.location.search}`,
    }).catch(() => undefined);
  }
  set(authAtom, null);
  set(userAtom, { status: 'ready', user: null });
  set(processAtom, null);
  set(openMenuAtom, null);
  set(signedOutReasonAtom, options.reason ?? null);
  if (target === null) return;
  if (pendingRedirect) clearTimeout(pendingRedirect);
  pendingRedirect = setTimeout(() => {
    pendingRedirect = null;
    navigateTo(target);
  }, LOGOUT_REDIRECT_DELAY_MS);
});
