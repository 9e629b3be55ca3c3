import { useEffect, useRef } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { fetchCurrentUser } from '../api/auth';
import { errorMessage } from '../api/errors';
import { authAtom, isExpired, userAtom } from '../state/auth';
import { processAtom } from '../state/process';
import { logoutAtom } from '../state/session';

/**
 * Loads the signed-in user whenever there is a stored session and no user yet (a reload, another
 * tab signing in). While it loads, guarded pages show the spinner. A failed load clears auth and
 * raises a user-load failure (spec §8). Under a session timeout, the session ends on its own once
 * the expiry passes without a successful call (inactivity).
 */
export function UserLoader() {
  const auth = useAtomValue(authAtom);
  const store = useStore();
  const hasSession = auth !== null;
  const hadSession = useRef(hasSession);

  useEffect(() => {
    const ended = hadSession.current && !hasSession;
    hadSession.current = hasSession;
    if (!hasSession) {
      // No session: nothing to load. One that just ended (here or in another tab) takes its user along.
      const state = store.get(userAtom);
      if (state.status !== 'ready' || (ended && state.user)) store.set(userAtom, { status: 'ready', user: null });
      return;
    }
    const state = store.get(userAtom);
    // Loading already (sign-in loads the user itself), or loaded.
    if (state.status === 'loading' || state.user) return;
    let cancelled = false;
    store.set(userAtom, { status: 'loading', user: null });
    fetchCurrentUser()
      .then((loaded) => {
        if (!cancelled) store.set(userAtom, { status: 'ready', user: loaded });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        store.set(authAtom, null);
        store.set(userAtom, { status: 'ready', user: null });
        store.set(processAtom, { type: 'userLoad', status: 'failure', message: errorMessage(error) });
      });
    return () => {
      cancelled = true;
      // Let the next run (a remount, StrictMode) load again instead of waiting for this one.
      if (store.get(userAtom).status === 'loading') store.set(userAtom, { status: 'idle', user: null });
    };
  }, [hasSession, store]);

  return <SessionTimeoutWatcher />;
}

/** Signs out when a session-timeout session (no refresh token) reaches its expiry. */
function SessionTimeoutWatcher() {
  const auth = useAtomValue(authAtom);
  const store = useStore();
  const expiresOn = auth && !auth.refresh_token ? auth.expiresOn : null;
  useEffect(() => {
    if (expiresOn === null) return;
    const timer = setTimeout(
      () => {
        const latest = store.get(authAtom);
        if (latest && !latest.refresh_token && isExpired(latest, Date.now()))
          store.set(logoutAtom, { reason: 'inactive' });
      },
      Math.max(0, expiresOn - Date.now()) + 50,
    );
    return () => clearTimeout(timer);
  }, [expiresOn, store]);
  return null;
}
