import type { Edition, UserType } from '#schemas/organization';
import { REDIRECT_PARAM } from '../constants';
import { isCandidate, isHiringManager } from './roles';

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
  return localPath(new URLSearchParams(search).get(REDIRECT_PARAM));
}

/** `value` when it is a path on this site; null for absolute, protocol-relative or odd values. */
export function localPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // A backslash or a control character (a tab inside '/\t/evil') lets browsers read a host after all.
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === '\\') return null;
  }
  return value;
}

/** Spec §2: login links made at logout carry the page as `url` and its query as `search`. */
const URL_PARAM = 'url';
const SEARCH_PARAM = 'search';

/** The sign-in page with the page to come back to as url and search (spec §2, §4 Logout). */
export function loginPathWithReturn(pathname: string, search = ''): string {
  const params = new URLSearchParams();
  if (localPath(pathname) && pathname !== SIGN_IN_PATH) params.set(URL_PARAM, pathname);
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (params.has(URL_PARAM) && query) params.set(SEARCH_PARAM, query);
  const text = params.toString();
  return text ? `${SIGN_IN_PATH}?${text}` : SIGN_IN_PATH;
}

/** The page named by the url and search parameters of a login link, if it is on this site. */
export function returnTargetFromLogin(search: string): string | null {
  const params = new URLSearchParams(search);
  const url = localPath(params.get(URL_PARAM));
  if (!url || /[?#]/.test(url)) return null;
  const query = params.get(SEARCH_PARAM);
  if (!query) return url;
  const clean = query.startsWith('?') ? query.slice(1) : query;
  // The query passes the same check as a path: a backslash or control character is dropped with it.
  return clean && !clean.includes('#') ? (localPath(`${url}?${clean}`) ?? url) : url;
}

/** What the landing decision needs to know about the user who has just signed in. */
export interface LandingUser {
  userType: UserType;
  /** The candidate's applications; only those with a role count (spec §2). */
  applications?: ReadonlyArray<{ role?: unknown }> | null;
}

/**
 * Spec §2: after sign-in a candidate goes to /applications when they have at least one
 * application with a role, else to /profile/create; managers, hiring-manager admins and admins
 * go to /manager/search in the connect edition and to /manager/roles in the others.
 * Anyone else (an anonymous candidate) goes where an anonymous visitor would.
 */
export function landingPath(user: LandingUser, edition: Edition): string {
  if (isHiringManager(user.userType)) return edition === 'connect' ? '/manager/search' : '/manager/roles';
  if (isCandidate(user.userType)) {
    const applied = (user.applications ?? []).some((application) => application.role != null);
    return applied ? '/applications' : '/profile/create';
  }
  return anonymousLandingPath(edition);
}

/**
 * Where sign-in leads: back to the guarded page (`redirect`), else to the page of a login link
 * (`url` and `search`), else the user's landing page. Only paths on this site are followed.
 */
export function afterSignInPath(user: LandingUser, edition: Edition, search: string): string {
  return safeRedirectTarget(search) ?? returnTargetFromLogin(search) ?? landingPath(user, edition);
}

/** Spec §2: with nowhere else to go, anonymous visitors are offered /signup (connect) or /roles. */
export function anonymousLandingPath(edition: Edition): string {
  return edition === 'connect' ? '/signup' : '/roles';
}

/**
 * Where an anonymous visitor is sent (spec §2): to sign in and back when they asked for a page
 * that needs a user, otherwise to the edition's anonymous landing page.
 */
export function anonymousRedirectPath(
  edition: Edition,
  requested?: { pathname: string; search?: string } | null,
): string {
  if (requested && localPath(requested.pathname)) return signInRedirectPath(requested.pathname, requested.search ?? '');
  return anonymousLandingPath(edition);
}
