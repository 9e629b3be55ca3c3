import {
  EMAIL_REQUEST_WINDOW_MINUTES,
  EMAIL_REQUESTS_PER_ACCOUNT,
  EMAIL_REQUESTS_PER_ADDRESS,
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  normaliseEmail,
} from '#engine';
import { message } from '#schemas/messages';
import type { Db } from '../../db/client';
import { tooManyRequests, type HttpError } from '../../lib/http-error';
import { sha256 } from '../../lib/secrets';
import { countAccountFailures, countAccountRequests, countAddressAttempts, recordAttempt } from './attempt.repository';

/** The key failures are counted under: a hash of the address typed, account or not. */
export function accountKey(email: string): string {
  return sha256(normaliseEmail(email));
}

export interface Caller {
  organizationId: string;
  ip: string;
}

/**
 * Throws 429 when the account or the client address has failed to sign in too often lately.
 * The same answer for addresses with and without an account, so it reveals nothing.
 */
export async function assertSignInAllowed(db: Db, caller: Caller, email: string): Promise<void> {
  const [account, address] = await Promise.all([
    countAccountFailures(db, 'login', accountKey(email), LOGIN_FAILURE_WINDOW_MINUTES),
    countAddressAttempts(db, 'login', caller.ip, LOGIN_FAILURE_WINDOW_MINUTES, true),
  ]);
  if (account >= LOGIN_MAX_FAILURES_PER_ACCOUNT || address >= LOGIN_MAX_FAILURES_PER_ADDRESS) {
    throw signInLimitError();
  }
}

function signInLimitError(): HttpError {
  return tooManyRequests(
    message('tooManySignInAttempts', { minutes: LOGIN_FAILURE_WINDOW_MINUTES }),
    LOGIN_FAILURE_WINDOW_MINUTES * 60,
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
