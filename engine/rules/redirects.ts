import { REDIRECT_PARAM } from '../constants';

export const SIGN_IN_PATH = '/login';

/**
 * Sign-in address for a visitor who reached a protected page while signed out (spec §2): the
 * original path and query ride along in the `redirect` parameter so sign-in can return there.
 */
export function signInRedirectPath(pathname: string, search = '', signInPath = SIGN_IN_PATH): string {
  const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  const params = new URLSearchParams({ [REDIRECT_PARAM]: `${pathname}${query}` });
  return `${signInPath}?${params.toString()}`;
}

/**
 * The redirect target carried back from sign-in, only when it is a path on this site: an absolute
 * or protocol-relative address would make the sign-in page an open redirect.
 */
export function safeRedirectTarget(search: string): string | null {
  const value = new URLSearchParams(search).get(REDIRECT_PARAM);
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
