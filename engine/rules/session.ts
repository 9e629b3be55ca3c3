import { MESSAGES } from '#schemas/messages';
import type { UserType } from '#schemas/organization';
import { isHiringManager } from './roles';

/*
 * Sign-in and session rules the spec leaves open (docs/decisions/0006-sign-in-and-sessions.md),
 * each named once. Spec §9 timings (logout delays, OTP cookie lifetime) are in ../constants.ts.
 */

/** One-time password (spec §4): six digits, valid ten minutes, five tries. */
export const OTP_CODE_LENGTH = 6;
export const OTP_CODE_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;

/** Access tokens live 15 minutes; a refresh-token family at most 30 days, however often it rotates. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_FAMILY_TTL_DAYS = 30;

/** Emailed and one-time tokens: how long each kind of link or token works. */
export const LINK_TOKEN_TTL_MINUTES = {
  verify_account: 48 * 60,
  verify_email: 24 * 60,
  reset_password: 60,
  magic_link: 15,
  onboarding: 7 * 24 * 60,
  user_token: 2,
} as const;
export type LinkTokenPurpose = keyof typeof LINK_TOKEN_TTL_MINUTES;

/**
 * Sign-in throttling (decision 0046). Failures are counted over a sliding window per account
 * (the address typed, whether or not it has an account, so the answer never tells) from one
 * client address, per account from anywhere, and per client address across accounts. Past a
 * number of free failures, the next try waits a delay that doubles with every further failure,
 * up to a ceiling: nobody is locked out, and a stranger's failures from elsewhere do not delay
 * the holder at an address they have signed in from before.
 */
export const LOGIN_FAILURE_WINDOW_MINUTES = 24 * 60;
/** Failures of one account from one client address before delays start. */
export const LOGIN_FREE_FAILURES_PER_ACCOUNT = 5;
/** Failures of one account from all addresses before delays start (not for addresses it signed in from). */
export const LOGIN_FREE_FAILURES_PER_ACCOUNT_ANYWHERE = 10;
/** Failures from one client address across accounts before delays start. */
export const LOGIN_FREE_FAILURES_PER_ADDRESS = 20;
export const LOGIN_MAX_DELAY_MINUTES = 15;
/** An address the account signed in from within this many days is known: others' failures do not delay it. */
export const LOGIN_KNOWN_ADDRESS_DAYS = 30;
/** The account holder hears of failed sign-ins at most once per this window. */
export const SIGN_IN_ALERT_WINDOW_MINUTES = 60;
/** Failures of an account (from anywhere) in the alert window that email its holder. */
export const SIGN_IN_ALERT_FAILURES = 5;

/**
 * Minutes to wait after the last failure, given the failures counted: none while free, then 2,
 * 4, 8… up to LOGIN_MAX_DELAY_MINUTES.
 */
export function signInDelayMinutes(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(LOGIN_MAX_DELAY_MINUTES, 2 ** (failures - free + 1));
}
export const EMAIL_REQUEST_WINDOW_MINUTES = 60;
export const EMAIL_REQUESTS_PER_ACCOUNT = 5;
export const EMAIL_REQUESTS_PER_ADDRESS = 30;

/** Client: a forced logout (spec §8) happens at most once per second. */
export const FORCED_LOGOUT_THROTTLE_MS = 1000;
/** Client: where the OTP cookies (one per email, spec §4) are kept. */
export const OTP_COOKIES_STORAGE_KEY = 'otpCookies';

/** Messages the client reacts to (spec §4, §8): exact texts. */
export const INVALID_LOGIN_COOKIE = MESSAGES.invalidLoginCookie;
export const CANNOT_CONVERT_ACCESS_TOKEN = 'Cannot convert access token to JSON';
export const ACCESS_TOKEN_EXPIRED = 'Access token expired';
const SYSTEM_ERROR_TEMPLATE = 'System error. Please contact your account manager for support or email us at {email}.';
const UNKNOWN_CLIENT_NAME = 'Unknown Client';

/** The OAuth client id of this web client and the scope it asks for (spec §7: scope write). */
export const WEB_CLIENT_ID = 'web';
export const TOKEN_SCOPE = 'write';

const LOCAL_HOST = /^(localhost|.*\.localhost|127(\.\d{1,3}){3}|\[::1\]|::1)$/i;

/** Local development hosts: `localhost`, `*.localhost`, loopback addresses (no port). */
export function isLocalHostname(hostname: string): boolean {
  return LOCAL_HOST.test(hostname.trim());
}

/**
 * Spec §6: the logout notification goes out for "certain user types", never on a local
 * environment. The hiring side (Standard, Admin and platform admins) can see candidates'
 * personal data, so their sign-outs are reported; candidates' are not.
 */
export function shouldSendLogoutNotification(userType: UserType, hostname: string): boolean {
  return isHiringManager(userType) && !isLocalHostname(hostname);
}

/**
 * The client name the notification carries: the organisation's name, else a name made from the
 * subdomain ('northbridge-bank' → 'Northbridge Bank'), else 'Unknown Client'.
 */
export function logoutClientName(organizationName?: string | null, subdomain?: string | null): string {
  const name = organizationName?.trim();
  if (name) return name;
  const words = (subdomain ?? '').split(/[^a-zA-Z0-9]+/).filter(Boolean);
  if (words.length === 0) return UNKNOWN_CLIENT_NAME;
  return words.map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase()).join(' ');
}

/** The system-error text with the edition's support address in place (spec §8). */
export function systemErrorMessage(supportEmail: string): string {
  return SYSTEM_ERROR_TEMPLATE.replace('{email}', supportEmail);
}

/** Emails compare without case and surrounding space: the one key of an account. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
