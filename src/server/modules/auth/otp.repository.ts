import { sql } from 'kysely';
import type { Db } from '../../db/client';

export async function retireOtpCodes(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('otp_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

export async function insertOtpCode(
  db: Db,
  row: { organizationId: string; userId: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('otp_codes')
    .values({
      organization_id: row.organizationId,
      user_id: row.userId,
      code_hash: row.codeHash,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** The user's current code: the newest one that is unused, unexpired and has tries left. */
export async function findActiveOtpCode(
  db: Db,
  organizationId: string,
  userId: string,
  maxAttempts: number,
): Promise<{ id: string; codeHash: string } | undefined> {
  const row = await db
    .selectFrom('otp_codes')
    .select(['id', 'code_hash'])
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('attempts', '<', maxAttempts)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { id: row.id, codeHash: row.code_hash };
}

export async function countOtpAttempt(db: Db, id: string): Promise<void> {
  await db
    .updateTable('otp_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** True for the one call that uses the code. */
export async function useOtpCode(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('otp_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertOtpCookie(
  db: Db,
  row: { tokenHash: string; organizationId: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('otp_cookies')
    .values({
      token_hash: row.tokenHash,
      organization_id: row.organizationId,
      user_id: row.userId,
      expires_at: row.expiresAt,
    })
    .execute();
}

export async function isValidOtpCookie(
  db: Db,
  tokenHash: string,
  organizationId: string,
  userId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('otp_cookies')
    .select('token_hash')
    .where('token_hash', '=', tokenHash)
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteUserOtpCookies(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('otp_cookies').where('user_id', '=', userId).execute();
}

export async function deleteUserOtpCodes(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('otp_codes').where('user_id', '=', userId).execute();
}
