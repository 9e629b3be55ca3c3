import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { authAtom, userAtom } from '../state/auth';

/**
 * Placeholder until the auth feature loads the user from the API: a stored token is not enough
 * to trust, so with no way to load the user yet the session counts as signed out.
 */
export function UserLoader() {
  const auth = useAtomValue(authAtom);
  const setUser = useSetAtom(userAtom);
  useEffect(() => {
    setUser((state) => (state.status === 'idle' ? { status: 'ready', user: null } : state));
  }, [auth, setUser]);
  return null;
}
