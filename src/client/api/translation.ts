import type { Configuration } from '#schemas/configuration';
import * as site from '#schemas/contracts/site.contract';
import { call } from './call';

/** The organisation's language layer for one language (GET /api/public/translation), if it has one. */
export async function fetchTranslation(subdomain: string, language: string): Promise<Configuration | undefined> {
  return (await call(site.translations, { query: { subdomain, language } }))[0]?.configuration;
}
