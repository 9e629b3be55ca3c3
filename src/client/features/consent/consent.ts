import { COOKIE_CONSENT_KEY } from '#engine';

/** The stored cookie choice (spec §4): 'true' accepts analytics, 'false' rejects, null = not asked yet. */
export type ConsentChoice = 'true' | 'false' | null;

export function readConsent(storage: Pick<Storage, 'getItem'>): ConsentChoice {
  const value = storage.getItem(COOKIE_CONSENT_KEY);
  return value === 'true' || value === 'false' ? value : null;
}

export function writeConsent(storage: Pick<Storage, 'setItem'>, analytics: boolean): void {
  storage.setItem(COOKIE_CONSENT_KEY, String(analytics));
}

/** A print view (query parameter `print` present and not 'false') is a document, not a visit. */
export function isPrintView(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('print') && params.get('print') !== 'false';
}

export function shouldShowBanner(choice: ConsentChoice, search: string): boolean {
  return choice === null && !isPrintView(search);
}

export function analyticsAllowed(choice: ConsentChoice): boolean {
  return choice === 'true';
}

const ANALYTICS_COOKIE = /^(_ga|_gid$|_gat|_gcl)/;

/** Google Analytics, Tag Manager and Ads cookies: _ga*, _gid, _gat*, _gcl*. */
export function isAnalyticsCookie(name: string): boolean {
  return ANALYTICS_COOKIE.test(name);
}

/** Names of analytics cookies in a document.cookie string. */
export function analyticsCookieNames(cookieString: string): string[] {
  return cookieString
    .split(';')
    .map((pair) => pair.split('=')[0]!.trim())
    .filter((name) => name && isAnalyticsCookie(name));
}

/**
 * Assignments that expire a cookie wherever analytics may have set it: the host itself and each
 * parent domain (GA sets them on the widest domain it can).
 */
export function expiringCookieAssignments(name: string, hostname: string): string[] {
  const expired = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  const labels = hostname.split('.');
  const domains = labels.slice(0, -1).map((_, index) => labels.slice(index).join('.'));
  return [expired, ...domains.flatMap((domain) => [`${expired}; domain=${domain}`, `${expired}; domain=.${domain}`])];
}

export function tagManagerUrl(gtmId: string): string {
  return `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
}
