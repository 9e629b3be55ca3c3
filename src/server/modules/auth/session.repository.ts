import { sql } from 'kysely';
import type { UserType } from '#schemas/organization';
import type { Db } from '../../db/client';
import { USER_COLUMNS } from '../user-store/user.repository';
import type { UserRecord } from '../../db/types';

/** What an access token stands for, read on every authenticated request. */
export interface AccessTokenRecord {
  tokenHash: string;
  familyId: string;
  organizationId: string;
  userId: string;
  userType: UserType;
  userOrganizationId: string | null;
  expiresAt: Date;
  sessionTimeoutSeconds: number | null;
  otpVerified: boolean;
  otpCookieIssued: boolean;
  /** Signed out or revoked (the session's absolute expiry is checked against the clock apart: absoluteExpiresAt). */
  revoked: boolean;
  absoluteExpiresAt: Date;
  anonymised: boolean;
  /** The token's user, read with the token: every authenticated call needs it. */
  user: UserRecord;
}

const USER_WITH_TOKEN = USER_COLUMNS.map((column) => `u.${column}` as const);

export interface NewFamily {
  organizationId: string;
  userId: string;
  clientId: string;
  sessionTimeoutSeconds: number | null;
  otpVerified: boolean;
  absoluteExpiresAt: Date;
}

export async function insertFamily(db: Db, family: NewFamily): Promise<string> {
  const row = await db
    .insertInto('session_families')
    .values({
      organization_id: family.organizationId,
      user_id: family.userId,
      client_id: family.clientId,
      session_timeout_seconds: family.sessionTimeoutSeconds,
      otp_verified_at: family.otpVerified ? sql<Date>`now()` : null,
      absolute_expires_at: family.absoluteExpiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface NewSessionToken {
  tokenHash: string;
  kind: 'access' | 'refresh';
  familyId: string;
  organizationId: string;
  userId: string;
  expiresAt: Date;
}

export async function insertSessionTokens(db: Db, tokens: readonly NewSessionToken[]): Promise<void> {
  await db
    .insertInto('session_tokens')
    .values(
      tokens.map((t) => ({
        token_hash: t.tokenHash,
        kind: t.kind,
        family_id: t.familyId,
        organization_id: t.organizationId,
        user_id: t.userId,
        expires_at: t.expiresAt,
      })),
    )
    .execute();
}

export async function findAccessToken(db: Db, tokenHash: string): Promise<AccessTokenRecord | undefined> {
  const row = await db
    .selectFrom('session_tokens as t')
    .innerJoin('session_families as f', 'f.id', 't.family_id')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.token_hash',
      't.family_id',
      't.organization_id as token_organization_id',
      't.user_id',
      't.expires_at',
      'f.session_timeout_seconds',
      'f.otp_verified_at',
      'f.otp_cookie_issued_at',
      'f.revoked_at',
      'f.absolute_expires_at',
      ...USER_WITH_TOKEN,
    ])
    .where('t.token_hash', '=', tokenHash)
    .where('t.kind', '=', 'access')
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    tokenHash: row.token_hash,
    familyId: row.family_id,
    organizationId: row.token_organization_id,
    userId: row.user_id,
    userType: row.user_type,
    userOrganizationId: row.organization_id,
    expiresAt: row.expires_at,
    sessionTimeoutSeconds: row.session_timeout_seconds,
    otpVerified: row.otp_verified_at !== null,
    otpCookieIssued: row.otp_cookie_issued_at !== null,
    revoked: row.revoked_at !== null,
    absoluteExpiresAt: row.absolute_expires_at,
    // A deactivated account (migration 0011) is refused like an erased one, from its next call.
    anonymised: row.anonymised_at !== null || row.deactivated_at !== null,
    user: Object.fromEntries(USER_COLUMNS.map((column) => [column, row[column]])) as UserRecord,
  };
}

/** The refresh token's family, without using the token. */
export async function findRefreshTokenFamily(db: Db, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('session_tokens')
    .select('family_id')
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', 'refresh')
    .executeTakeFirst();
  return row?.family_id;
}

export interface LockedFamily {
  id: string;
  organizationId: string;
  userId: string;
  clientId: string;
  sessionTimeoutSeconds: number | null;
  absoluteExpiresAt: Date;
  revoked: boolean;
}

/** Reads the family and locks it until the transaction ends: refreshes of one family run one at a time. */
export async function lockFamily(db: Db, familyId: string): Promise<LockedFamily | undefined> {
  const row = await db
    .selectFrom('session_families')
    .select([
      'id',
      'organization_id',
      'user_id',
      'client_id',
      'session_timeout_seconds',
      'absolute_expires_at',
      'revoked_at',
    ])
    .where('id', '=', familyId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    organizationId: row.organization_id,
    userId: row.user_id,
    clientId: row.client_id,
    sessionTimeoutSeconds: row.session_timeout_seconds,
    absoluteExpiresAt: row.absolute_expires_at,
    revoked: row.revoked_at !== null,
  };
}

/** Marks a refresh token used; true only for the one call that found it unused and unexpired. */
export async function useRefreshToken(db: Db, tokenHash: string): Promise<boolean> {
  const result = await db
    .updateTable('session_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', 'refresh')
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The live families of a session or a user, marked revoked with a reason (kept for the audit). */
function revokeLiveFamilies(db: Db, reason: string) {
  return db
    .updateTable('session_families')
    .set({ revoked_at: sql<Date>`now()`, revoked_reason: reason })
    .where('revoked_at', 'is', null);
}

export async function revokeFamily(db: Db, familyId: string, reason: string): Promise<void> {
  await revokeLiveFamilies(db, reason).where('id', '=', familyId).execute();
}

/** Ends every session of a user, except `keepFamilyId` (the one asking, after a password change). */
export async function revokeUserFamilies(db: Db, userId: string, reason: string, keepFamilyId?: string): Promise<void> {
  let query = revokeLiveFamilies(db, reason).where('user_id', '=', userId);
  if (keepFamilyId) query = query.where('id', '!=', keepFamilyId);
  await query.execute();
}

/** Session timeout: the access token now expires `seconds` from now (sliding expiry). */
export async function slideAccessToken(db: Db, tokenHash: string, seconds: number): Promise<void> {
  await db
    .updateTable('session_tokens')
    .set({ expires_at: sql<Date>`now() + make_interval(secs => ${seconds})` })
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', sql<Date>`now()`)
    .execute();
}

/** True for the one call that marks the family's login cookie as issued (one per OTP sign-in). */
export async function markOtpCookieIssued(db: Db, familyId: string): Promise<boolean> {
  const result = await db
    .updateTable('session_families')
    .set({ otp_cookie_issued_at: sql<Date>`now()` })
    .where('id', '=', familyId)
    .where('otp_verified_at', 'is not', null)
    .where('otp_cookie_issued_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('session_families').where('user_id', '=', userId).execute();
}
