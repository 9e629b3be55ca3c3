import type { Configuration } from '#schemas/configuration';
import type { Db } from '../../db/client';
import { cachedPublicRead } from '../../lib/public-cache';
import { findTranslations } from './translation.repository';

/**
 * The organisation's own layer in one language, if it has one: read by every save, submit and email in that
 * language, so kept in the public cache until the organisation's translations change (decision 0057).
 */
export function organizationTranslation(
  db: Db,
  organizationId: string,
  language: string,
): Promise<Configuration | undefined> {
  return cachedPublicRead(db, organizationId, `translation\u0000${language}`, async () => {
    const [row] = await findTranslations(db, organizationId, language);
    return { value: row?.configuration };
  });
}
