import { LINK_TOKEN_TTL_MINUTES, type LinkTokenPurpose } from '#engine';
import type { Db } from '../../db/client';
import { newToken, sha256, TOKEN_PATTERN } from '../../lib/secrets';
import {
  consumeLinkToken,
  findLinkToken,
  insertLinkToken,
  retireLinkTokens,
  type LinkTokenRecord,
} from './link-token.repository';

/**
 * A new single-use token for one user and purpose, expiring after the purpose's lifetime.
 * Earlier unused tokens of the same purpose stop working, so only the newest email works.
 */
export async function createLinkToken(
  db: Db,
  row: { organizationId: string; userId: string; purpose: LinkTokenPurpose; data?: Record<string, string> },
): Promise<{ token: string; expiresIn: number }> {
  const token = newToken();
  const minutes = LINK_TOKEN_TTL_MINUTES[row.purpose];
  await retireLinkTokens(db, row.userId, row.purpose);
  await insertLinkToken(db, { ...row, tokenHash: sha256(token), expiresAt: new Date(Date.now() + minutes * 60_000) });
  return { token, expiresIn: minutes * 60 };
}

/** Uses the token once; undefined when it is unknown, used, expired, of another purpose or organisation. */
export async function useLinkToken(
  db: Db,
  token: string,
  organizationId: string,
  purposes: readonly LinkTokenPurpose[],
  userId?: string,
): Promise<LinkTokenRecord | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  return consumeLinkToken(db, sha256(token), organizationId, purposes, userId);
}

/** The token's record while it is usable, without using it. */
export async function peekLinkToken(
  db: Db,
  token: string,
  organizationId: string,
  purposes: readonly LinkTokenPurpose[],
): Promise<LinkTokenRecord | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  return findLinkToken(db, sha256(token), organizationId, purposes);
}
