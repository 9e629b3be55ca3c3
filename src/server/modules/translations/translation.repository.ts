import { organizationChanged } from '../../lib/public-cache';
import type { Configuration } from '#schemas/configuration';
import type { Db } from '../../db/client';
import { json } from '../../db/json';

export async function findTranslations(db: Db, organizationId: string, languageCode?: string) {
  let query = db
    .selectFrom('translations')
    .select(['language_code', 'configuration'])
    .where('organization_id', '=', organizationId);
  if (languageCode) query = query.where('language_code', '=', languageCode);
  return query.orderBy('language_code').execute();
}

/** Inserts unless the organisation already has this language; existing rows are never touched. */
export async function insertTranslationIfAbsent(
  db: Db,
  organizationId: string,
  languageCode: string,
  configuration: Configuration,
): Promise<boolean> {
  const inserted = await db
    .insertInto('translations')
    .values({ organization_id: organizationId, language_code: languageCode, configuration: json(configuration) })
    .onConflict((oc) => oc.columns(['organization_id', 'language_code']).doNothing())
    .returning('language_code')
    .executeTakeFirst();
  if (inserted) await organizationChanged(db, organizationId);
  return inserted !== undefined;
}

/** The organisation's own layer for a language, replacing the one it had. */
export async function saveTranslation(
  db: Db,
  organizationId: string,
  languageCode: string,
  configuration: Configuration,
): Promise<void> {
  await db
    .insertInto('translations')
    .values({ organization_id: organizationId, language_code: languageCode, configuration: json(configuration) })
    .onConflict((oc) =>
      oc.columns(['organization_id', 'language_code']).doUpdateSet({ configuration: json(configuration) }),
    )
    .execute();
  await organizationChanged(db, organizationId);
}
