import { OTP_COOKIE_LIFETIME_DAYS, OTP_CODE_LENGTH, OTP_CODE_TTL_MINUTES, OTP_MAX_ATTEMPTS } from '#engine';
import type { Db } from '../../db/client';
import { queueEmail } from '../../email/email.service';
import { newNumericCode, newToken, sameDigest, sha256, TOKEN_PATTERN } from '../../lib/secrets';
import {
  countOtpAttempt,
  findActiveOtpCode,
  insertOtpCode,
  insertOtpCookie,
  isValidOtpCookie,
  retireOtpCodes,
  useOtpCode,
} from './otp.repository';
import { markOtpCookieIssued } from './session.repository';

/** Codes are hashed with the user id, so equal codes of two users never share a hash. */
const codeHash = (userId: string, code: string) => sha256(`${userId}:${code}`);

export interface OtpRecipient {
  organizationId: string;
  organizationName: string;
  userId: string;
  email: string;
  /** The language the code's email is written in. */
  language: string | null | undefined;
}

/** Emails a new 6-digit code; earlier codes stop working. */
export async function sendOtpCode(db: Db, recipient: OtpRecipient): Promise<void> {
  const code = newNumericCode(OTP_CODE_LENGTH);
  await retireOtpCodes(db, recipient.userId);
  await insertOtpCode(db, {
    organizationId: recipient.organizationId,
    userId: recipient.userId,
    codeHash: codeHash(recipient.userId, code),
    expiresAt: new Date(Date.now() + OTP_CODE_TTL_MINUTES * 60_000),
  });
  await queueEmail(db, {
    organizationId: recipient.organizationId,
    userId: recipient.userId,
    to: recipient.email,
    language: recipient.language,
    template: { kind: 'otp_code', organizationName: recipient.organizationName, code, minutes: OTP_CODE_TTL_MINUTES },
  });
}

/**
 * Checks a code against the user's current one. A wrong code uses up one of its tries; the right
 * one works once. False for anything else (no code, expired, tries used up, malformed).
 */
export async function checkOtpCode(db: Db, organizationId: string, userId: string, code: string): Promise<boolean> {
  if (!new RegExp(`^\\d{${OTP_CODE_LENGTH}}$`).test(code)) return false;
  const current = await findActiveOtpCode(db, organizationId, userId, OTP_MAX_ATTEMPTS);
  if (!current) return false;
  if (!sameDigest(current.codeHash, codeHash(userId, code))) {
    await countOtpAttempt(db, current.id);
    return false;
  }
  return useOtpCode(db, current.id);
}

export async function checkOtpCookie(db: Db, organizationId: string, userId: string, cookie: string): Promise<boolean> {
  if (!TOKEN_PATTERN.test(cookie)) return false;
  return isValidOtpCookie(db, sha256(cookie), organizationId, userId);
}

/**
 * GET /user?cookieRequested=true after a sign-in with a one-time password: a login cookie that
 * skips the code for 30 days on this browser. Issued once per such sign-in; null otherwise.
 */
export async function issueOtpCookie(
  db: Db,
  session: { familyId: string; organizationId: string; userId: string },
): Promise<string | null> {
  if (!(await markOtpCookieIssued(db, session.familyId))) return null;
  const cookie = newToken();
  await insertOtpCookie(db, {
    tokenHash: sha256(cookie),
    organizationId: session.organizationId,
    userId: session.userId,
    expiresAt: new Date(Date.now() + OTP_COOKIE_LIFETIME_DAYS * 24 * 3600_000),
  });
  return cookie;
}
