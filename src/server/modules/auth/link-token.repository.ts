import { sql } from 'kysely';
import type { LinkTokenPurpose } from '#engine';
import type { Db } from '../../db/client';
import { json } from '../../db/json';

export interface LinkTokenRecord {
  userId: string;
  organizationId: string;
  purpose: LinkTokenPurpose;
  data: Record<string, string>;
  expiresAt: Date;
}

export async function insertLinkToken(
  db: Db,
  row: {
    tokenHash: string;
    organizationId: string;
    userId: string;
    purpose: LinkTokenPurpose;
    expiresAt: Date;
    data?: Record<string, string>;
  },
): Promise<void> {
  await db
    .insertInto('link_tokens')
    .values({
      token_hash: row.tokenHash,
      organization_id: row.organizationId,
      user_id: row.userId,
      purpose: row.purpose,
      expires_at: row.expiresAt,
      data: json(row.data ?? {}),
    })
    .execute();
}

const RECORD_COLUMNS = ['user_id', 'organization_id', 'purpose', 'data', 'expires_at'] as const;

function toRecord(row: {
  user_id: string;
  organization_id: string;
  purpose: LinkTokenPurpose;
  data: LinkTokenRecord['data'];
  expires_at: Date;
}): LinkTokenRecord {
  return {
    userId: row.user_id,
    organizationId: row.organization_id,
    purpose: row.purpose,
    data: row.data,
    expiresAt: row.expires_at,
  };
}

/**
 * Uses a token: true for exactly one call, and only while it is unused, unexpired, of one of
 * `purposes` and issued by this organisation (and, with `userId`, for that user).
 */
export async function consumeLinkToken(
  db: Db,
  tokenHash: string,
  organizationId: string,
  purposes: readonly LinkTokenPurpose[],
  userId?: string,
): Promise<LinkTokenRecord | undefined> {
  let query = db
    .updateTable('link_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('organization_id', '=', organizationId)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`);
  if (userId) query = query.where('user_id', '=', userId);
  const row = await query.returning(RECORD_COLUMNS).executeTakeFirst();
  return row && toRecord(row);
}

/** A usable token, without using it (to show whose link it is before the user acts). */
export async function findLinkToken(
  db: Db,
  tokenHash: string,
  organizationId: string,
  purposes: readonly LinkTokenPurpose[],
): Promise<LinkTokenRecord | undefined> {
  const row = await db
    .selectFrom('link_tokens')
    .select(RECORD_COLUMNS)
    .where('token_hash', '=', tokenHash)
    .where('organization_id', '=', organizationId)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row && toRecord(row);
}

/** A new link of a kind makes the user's earlier unused ones of that kind stop working. */
export async function retireLinkTokens(db: Db, userId: string, purpose: LinkTokenPurpose): Promise<void> {
  await db
    .updateTable('link_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

export async function deleteUserLinkTokens(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('link_tokens').where('user_id', '=', userId).execute();
}
