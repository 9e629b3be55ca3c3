import type { Channel } from '#schemas/communications';
import { message } from '#schemas/messages';
import type { Db } from '../../db/client';
import { asOrganization, crossOrganizations } from '../../db/organization-scope';
import { notFound } from '../../lib/http-error';
import { sha256, TOKEN_PATTERN } from '../../lib/secrets';
import { findByUnsubscribeToken, stopMessages } from './message.repository';

/**
 * POST /public/communications/unsubscribe/:token: the token of a sent email (only its hash is kept)
 * turns off that channel for its recipient — what their settings page's "by email" box turns off.
 * Any organisation's host: the token alone names the person. An unknown token answers 404.
 */
export async function unsubscribe(db: Db, token: string): Promise<{ channel: Channel; unsubscribed: true }> {
  // Across organisations by design (decision 0068): the token is its own key, whatever host the mail program posts to.
  const found = TOKEN_PATTERN.test(token)
    ? await crossOrganizations(() => findByUnsubscribeToken(db, sha256(token)))
    : undefined;
  if (!found) throw notFound(message('unsubscribeUnknown'));
  await asOrganization(found.organization_id, () => stopMessages(db, found.user_id, found.channel));
  return { channel: found.channel, unsubscribed: true };
}
