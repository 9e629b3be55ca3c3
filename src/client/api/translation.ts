import type { Configuration } from '#schemas/configuration';
import type { TranslationEntry } from '#schemas/translation';
import { http } from './http';

/** The organisation's language layer for one language (GET /api/public/translation), if it has one. */
export async function fetchTranslation(subdomain: string, language: string): Promise<Configuration | undefined> {
  const response = await http.get<TranslationEntry[]>('/public/translation', { params: { subdomain, language } });
  return response.data[0]?.configuration;
}
