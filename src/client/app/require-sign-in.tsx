import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { authAtom, userAtom, type UserState } from '../state/auth';
import { signInRedirectPath } from '#engine';
import { DelayedSpinner } from '../ui/spinner/delayed-spinner';

export type GuardDecision = 'allow' | 'wait' | 'redirect';

/**
 * Protected routes need a signed-in user (spec §6). Without a stored token there is nothing to
 * wait for; with one, the user may still be loading.
 */
function guardDecision(hasToken: boolean, { status, user }: UserState): GuardDecision {
  if (user) return 'allow';
  if (!hasToken) return 'redirect';
  return status === 'ready' ? 'redirect' : 'wait';
}

/** Route guard: the protected page, a spinner while the user loads, or sign-in with a way back. */
export function RequireSignIn() {
  const auth = useAtomValue(authAtom);
  const userState = useAtomValue(userAtom);
  const location = useLocation();
  switch (guardDecision(auth !== null, userState)) {
    case 'allow':
      return <Outlet />;
    case 'wait':
      return <DelayedSpinner />;
    case 'redirect':
      return <Navigate replace to={signInRedirectPath(location.pathname, location.search)} />;
  }
}
