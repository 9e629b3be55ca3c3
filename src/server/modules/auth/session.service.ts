import {
  ACCESS_TOKEN_EXPIRED,
  ACCESS_TOKEN_TTL_SECONDS,
  CANNOT_CONVERT_ACCESS_TOKEN,
  REFRESH_FAMILY_TTL_DAYS,
  TOKEN_SCOPE,
} from '#engine';
import type { TokenResponse } from '#schemas/auth';
import type { OrganizationSettings } from '#schemas/organization';
import type { Db } from '../../db/client';
import { crossOrganizations } from '../../db/organization-scope';
import { OAuthError } from '../../lib/http-error';
import { newToken, sha256, TOKEN_PATTERN } from '../../lib/secrets';
import {
  findAccessToken,
  findRefreshTokenFamily,
  insertFamily,
  insertSessionTokens,
  lockFamily,
  revokeFamily,
  slideAccessToken,
  useRefreshToken,
  type AccessTokenRecord,
} from './session.repository';
import { cachedAccessToken, heldAccessToken } from './session-cache';

export interface SessionSettings {
  /** Tests only: every organisation session timeout becomes this many seconds. */
  testSessionTimeoutSeconds: number | null;
}

/** The organisation's session timeout in seconds, or null for none (settings.sessionTimeout is in minutes). */
export function sessionTimeoutSeconds(settings: OrganizationSettings, sessionSettings: SessionSettings): number | null {
  if (settings.sessionTimeout === undefined) return null;
  return sessionSettings.testSessionTimeoutSeconds ?? settings.sessionTimeout * 60;
}

export interface NewSession {
  organizationId: string;
  userId: string;
  clientId: string;
  /** The organisation's session timeout: no refresh token, sliding access expiry. */
  sessionTimeoutSeconds: number | null;
  /** The sign-in used a one-time password (a login cookie may then be issued once). */
  otpVerified: boolean;
}

const addSeconds = (seconds: number): Date => new Date(Date.now() + seconds * 1000);

/** Starts a session: a new token family with an access token and, without a session timeout, a refresh token. */
export async function startSession(db: Db, session: NewSession): Promise<TokenResponse> {
  const absoluteExpiresAt = addSeconds(REFRESH_FAMILY_TTL_DAYS * 24 * 3600);
  const familyId = await insertFamily(db, { ...session, absoluteExpiresAt });
  return issueTokens(db, { familyId, ...session, absoluteExpiresAt });
}

async function issueTokens(
  db: Db,
  family: {
    familyId: string;
    organizationId: string;
    userId: string;
    sessionTimeoutSeconds: number | null;
    absoluteExpiresAt: Date;
  },
): Promise<TokenResponse> {
  const expiresIn = family.sessionTimeoutSeconds ?? ACCESS_TOKEN_TTL_SECONDS;
  const accessToken = newToken();
  const refreshToken = family.sessionTimeoutSeconds === null ? newToken() : null;
  const common = { familyId: family.familyId, organizationId: family.organizationId, userId: family.userId };
  await insertSessionTokens(db, [
    { ...common, tokenHash: sha256(accessToken), kind: 'access', expiresAt: addSeconds(expiresIn) },
    ...(refreshToken
      ? [{ ...common, tokenHash: sha256(refreshToken), kind: 'refresh' as const, expiresAt: family.absoluteExpiresAt }]
      : []),
  ]);
  return {
    access_token: accessToken,
    token_type: 'bearer',
    ...(refreshToken && { refresh_token: refreshToken }),
    expires_in: expiresIn,
    scope: TOKEN_SCOPE,
  };
}

const invalidRefresh = () => new OAuthError(400, 'invalid_grant', 'Invalid refresh token');

/**
 * grant_type=refresh_token. The family is locked while its token rotates, so parallel refreshes
 * of one token run one after the other: the first gets new tokens, every later one finds the
 * token used, which is reuse, and revokes the whole family (the first one's new tokens too).
 */
export async function refreshSession(db: Db, refreshToken: string, organizationId: string): Promise<TokenResponse> {
  if (!TOKEN_PATTERN.test(refreshToken)) throw invalidRefresh();
  const tokenHash = sha256(refreshToken);
  const familyId = await findRefreshTokenFamily(db, tokenHash);
  if (!familyId) throw invalidRefresh();
  const outcome = await db.transaction().execute(async (trx) => {
    const family = await lockFamily(trx, familyId);
    if (!family || family.revoked || family.organizationId !== organizationId) return null;
    if (family.absoluteExpiresAt.getTime() <= Date.now()) return null;
    if (!(await useRefreshToken(trx, tokenHash))) {
      await revokeFamily(trx, familyId, 'refresh token reused');
      return null;
    }
    return issueTokens(trx, { familyId, ...family });
  });
  if (!outcome) throw invalidRefresh();
  return outcome;
}

/** DELETE /api/oauth/access-token: the session of this token ends (its refresh tokens too). */
export async function endSession(db: Db, familyId: string): Promise<void> {
  // The session may belong to another organisation than the request's: a platform admin's works in every one.
  await crossOrganizations(() => revokeFamily(db, familyId, 'signed out'));
}

const unauthorized = (description: string) =>
  new OAuthError(401, 'invalid_token', description, {
    'www-authenticate': `Bearer error="invalid_token", error_description="${description}"`,
  });

const AUTHENTICATION_REQUIRED = 'Full authentication is required to access this resource';
const INVALID_ACCESS_TOKEN = 'Invalid access token';

/** The hash of the bearer token of an `Authorization` header, or the 401 of a missing or foreign one. */
function tokenHashOf(authorization: string | undefined): string {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) throw unauthorized(AUTHENTICATION_REQUIRED);
  const token = match[1]!;
  if (!TOKEN_PATTERN.test(token)) throw unauthorized(CANNOT_CONVERT_ACCESS_TOKEN);
  return sha256(token);
}

/** A held token past its expiry is read again: the sliding session timeout moves the expiry on without a notice. */
const notExpired = (held: AccessTokenRecord): boolean => held.expiresAt.getTime() > Date.now();

/** The record itself, or the 401 of a session that has ended or expired. */
function usable(record: AccessTokenRecord | undefined): AccessTokenRecord {
  if (!record || record.revoked || record.anonymised || record.absoluteExpiresAt.getTime() <= Date.now())
    throw unauthorized(INVALID_ACCESS_TOKEN);
  if (record.expiresAt.getTime() <= Date.now()) throw unauthorized(ACCESS_TOKEN_EXPIRED);
  return record;
}

/**
 * The session behind an `Authorization: Bearer` header, or a 401 in the OAuth shape whose
 * description tells the client what to do (spec §8): 'Cannot convert access token to JSON' for a
 * token that is not one of ours (forced logout), 'Access token expired' (refresh), otherwise
 * 'Invalid access token' (revoked: the session has ended).
 */
export async function authenticateToken(
  db: Db,
  authorization: string | undefined,
  inOrganization = false,
  caughtUp?: Promise<boolean>,
): Promise<AccessTokenRecord> {
  const hash = tokenHashOf(authorization);
  // `inOrganization`: the request's organisation is known and its connections see only it. A token of that
  // organisation (nearly every call) is found there, without changing the pooled connection's row-level security
  // settings to cross organisations and back (two round trips, decision 0079); only a token not found there is
  // looked for again across organisations. Across organisations by design (decision 0068): the token is its own key,
  // and a platform admin's token works in every organisation; authenticate() then holds the token to the request's
  // organisation.
  // Held in the process until its rows change (decision 0087). `caughtUp`: the round trip that confirms a held token,
  // begun as the call arrived (plugins/auth.ts).
  const record = await cachedAccessToken(
    db,
    hash,
    notExpired,
    async () =>
      (inOrganization ? await findAccessToken(db, hash) : undefined) ??
      (await crossOrganizations(() => findAccessToken(db, hash))),
    caughtUp,
  );
  return usable(record);
}

/**
 * The session of a held token, answered before the round trip that confirms it (decision 0091): for calls that change
 * nothing, whose answer waits for `confirmed` (plugins/auth.ts). Undefined when the token is not held (or held past its
 * expiry): authenticateToken reads it.
 */
export function heldSession(
  db: Db,
  authorization: string | undefined,
): { record: AccessTokenRecord; confirmed: () => Promise<boolean> } | undefined {
  const held = heldAccessToken(db, tokenHashOf(authorization), notExpired);
  return held && { record: usable(held.record), confirmed: held.confirmed };
}

/** After a successful call under a session timeout, the expiry moves forward (enforced here, not by the client). */
export async function extendSession(db: Db, record: AccessTokenRecord): Promise<void> {
  const timeout = record.sessionTimeoutSeconds;
  // The token's own row, whichever organisation the call was made in (a platform admin's).
  if (timeout !== null) await crossOrganizations(() => slideAccessToken(db, record.tokenHash, timeout));
}
