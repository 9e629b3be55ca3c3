import {
  EMAIL_REQUEST_WINDOW_MINUTES,
  EMAIL_REQUESTS_PER_ACCOUNT,
  EMAIL_REQUESTS_PER_ADDRESS,
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_FREE_FAILURES_PER_ACCOUNT,
  LOGIN_FREE_FAILURES_PER_ACCOUNT_ANYWHERE,
  LOGIN_FREE_FAILURES_PER_ADDRESS,
  LOGIN_KNOWN_ADDRESS_DAYS,
  normaliseEmail,
  SIGN_IN_ALERT_FAILURES,
  SIGN_IN_ALERT_WINDOW_MINUTES,
  signInDelayMinutes,
} from '#engine';
import { message } from '#schemas/messages';
import type { Db } from '../../db/client';
import type { OrganizationRecord, UserRecord } from '../../db/types';
import { queueEmail } from '../../email/email.service';
import { tooManyRequests } from '../../lib/http-error';
import { sha256 } from '../../lib/secrets';
import {
  accountFailures,
  addressFailures,
  claimSignInAlert,
  countAccountRequests,
  countAddressAttempts,
  recordAttempt,
  signedInFrom,
  type FailureStats,
} from './attempt.repository';

/** The key failures are counted under: a hash of the address typed, account or not. */
export function accountKey(email: string): string {
  return sha256(normaliseEmail(email));
}

export interface Caller {
  organizationId: string;
  ip: string;
}

/** When the next try is allowed after these failures (null: now), and the delay that applies. */
function nextTry(stats: FailureStats, free: number): { at: number; minutes: number } | null {
  const minutes = signInDelayMinutes(stats.failures, free);
  if (minutes === 0 || !stats.last) return null;
  return { at: stats.last.getTime() + minutes * 60_000, minutes };
}

/**
 * Throws 429 with Retry-After while a sign-in must wait (decision 0046): after a few failures of
 * the account from this client address, of the account from anywhere (unless this address signed
 * it in lately: a stranger elsewhere cannot delay its holder), or of this address across
 * accounts. The delay doubles with each further failure up to a ceiling; nothing locks. The same
 * answer for addresses with and without an account, so it reveals nothing. The password is not
 * checked while waiting, and a refused try does not count.
 */
export async function assertSignInAllowed(db: Db, caller: Caller, email: string): Promise<void> {
  const key = accountKey(email);
  const window = LOGIN_FAILURE_WINDOW_MINUTES;
  const pair = await accountFailures(db, key, window, caller.ip);
  const anywhere = await accountFailures(db, key, window);
  const address = await addressFailures(db, caller.ip, window);
  const known =
    anywhere.failures >= LOGIN_FREE_FAILURES_PER_ACCOUNT_ANYWHERE &&
    (await signedInFrom(db, key, caller.ip, LOGIN_KNOWN_ADDRESS_DAYS));
  const waits = [
    nextTry(pair, LOGIN_FREE_FAILURES_PER_ACCOUNT),
    known ? null : nextTry(anywhere, LOGIN_FREE_FAILURES_PER_ACCOUNT_ANYWHERE),
    nextTry(address, LOGIN_FREE_FAILURES_PER_ADDRESS),
  ].filter((w) => w !== null && w.at > Date.now());
  if (waits.length === 0) return;
  const longest = waits.reduce((a, b) => (b!.at > a!.at ? b : a))!;
  throw tooManyRequests(
    message('tooManySignInAttempts', { minutes: longest.minutes }),
    Math.ceil((longest.at - Date.now()) / 1000),
  );
}

export async function recordSignIn(db: Db, caller: Caller, email: string, succeeded: boolean): Promise<void> {
  await recordAttempt(db, {
    organizationId: caller.organizationId,
    kind: 'login',
    accountKey: accountKey(email),
    ip: caller.ip,
    succeeded,
  });
}

/** What telling an account holder about failed sign-ins needs. */
export interface AttemptContext {
  db: Db;
  organization: OrganizationRecord;
  caller: Caller;
  siteBase: string;
  language: string | undefined;
}

/**
 * A failed sign-in (wrong password or code). When the account exists and has failed
 * SIGN_IN_ALERT_FAILURES times lately (from anywhere), its holder is emailed, through the job
 * queue, once per SIGN_IN_ALERT_WINDOW_MINUTES whatever the number of attempts.
 */
export async function recordSignInFailure(
  ctx: AttemptContext,
  email: string,
  user: UserRecord | undefined,
): Promise<void> {
  await recordSignIn(ctx.db, ctx.caller, email, false);
  if (!user?.email_verified_at || user.anonymised_at) return;
  const recent = await accountFailures(ctx.db, accountKey(email), SIGN_IN_ALERT_WINDOW_MINUTES);
  if (recent.failures < SIGN_IN_ALERT_FAILURES) return;
  if (
    !(await claimSignInAlert(
      ctx.db,
      { organizationId: ctx.organization.id, userId: user.id },
      SIGN_IN_ALERT_WINDOW_MINUTES,
    ))
  )
    return;
  await queueEmail(ctx.db, {
    organizationId: ctx.organization.id,
    userId: user.id,
    to: user.email,
    language: ctx.language ?? user.language,
    template: {
      kind: 'sign_in_attacked',
      organizationName: ctx.organization.name,
      failures: recent.failures,
      link: `${ctx.siteBase}/forgot-password`,
    },
  });
}

/**
 * Calls that send email (sign-up, reset, sign-in link, codes) are limited per address typed
 * and per client address, so nobody can flood an inbox or probe at speed. Counts the request.
 */
export async function assertEmailRequestAllowed(db: Db, caller: Caller, email: string): Promise<void> {
  const key = accountKey(email);
  const [account, address] = await Promise.all([
    countAccountRequests(db, 'email', key, EMAIL_REQUEST_WINDOW_MINUTES),
    countAddressAttempts(db, 'email', caller.ip, EMAIL_REQUEST_WINDOW_MINUTES, false),
  ]);
  if (account >= EMAIL_REQUESTS_PER_ACCOUNT || address >= EMAIL_REQUESTS_PER_ADDRESS) {
    throw tooManyRequests(message('tooManyEmailRequests'), EMAIL_REQUEST_WINDOW_MINUTES * 60);
  }
  await recordAttempt(db, {
    organizationId: caller.organizationId,
    kind: 'email',
    accountKey: key,
    ip: caller.ip,
    succeeded: true,
  });
}
