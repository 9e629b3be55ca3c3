import type { createStore } from 'jotai';
import { refreshTokens } from '../api/auth';
import { installAuthInterceptors, type SessionEndReason } from '../api/auth-interceptors';
import { http } from '../api/http';
import { AUTH_STORAGE_KEY } from '#engine';
import { authAtom, authStorage } from '../state/auth';
import { logoutAtom, type SignedOutReason } from '../state/session';
import { organizationAtom, siteAtom } from '../state/site';

const REASONS: Record<SessionEndReason, SignedOutReason> = {
  expired: 'expired',
  'refresh-failed': 'expired',
  forced: 'forced',
  unauthorized: 'forced',
  credentials: 'forced',
};

/** One refresh at a time across the site's tabs (Web Locks; every browser we support has them). */
function exclusive<T>(work: () => Promise<T>): Promise<T> {
  return typeof navigator !== 'undefined' && navigator.locks
    ? navigator.locks.request('candid-auth-refresh', work)
    : work();
}

/** Connects the one axios instance to the session kept in the jotai store (called once at start). */
export function connectSession(store: ReturnType<typeof createStore>): () => void {
  return installAuthInterceptors(http, {
    getAuth: () => store.get(authAtom),
    setAuth: (auth) => store.set(authAtom, auth),
    subdomain: () => store.get(siteAtom).subdomain,
    sessionTimeoutMinutes: () => store.get(organizationAtom)?.settings.sessionTimeout,
    refresh: refreshTokens,
    acrossTabs: { exclusive, sharedAuth: () => authStorage.getItem(AUTH_STORAGE_KEY, null) },
    // The server has ended (or will refuse) the token already: nothing to revoke.
    endSession: (reason) => store.set(logoutAtom, { reason: REASONS[reason], revoke: false }),
  });
}
