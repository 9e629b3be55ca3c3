import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mergeConfigurations } from '#engine/config/merge';
import { withoutSchemaKey, type Configuration } from '#schemas/configuration';

export const CONFIGS = join(import.meta.dirname, '../../../configs');

/** The demo organisations and the extra language each offers. */
export const DEMO_LANGUAGES = [
  ['acme', 'cy'],
  ['hartley', 'zh-Hant'],
  ['connect', 'fr'],
  ['northbridge', 'zh-Hans'],
  ['meridian', 'ar'],
] as const;

export const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/** A translation file as the server reads it: its "$schema" key (for editors, configs/schemas) set aside. */
export function readLayer(file: string): Configuration {
  return withoutSchemaKey(readJson<Configuration & { $schema?: string }>(file));
}

/** configs/translations/<language>.json: the product's own texts in a language. */
export function productLayer(language: string): Configuration {
  return readLayer(join(CONFIGS, 'translations', `${language}.json`));
}

/** A language as the organisation shows it (as the server serves it): the product's translation ▸ the organisation's
 * own. */
export function demoLanguageLayer(sub: string, language: string): Configuration {
  const own = join(CONFIGS, 'organizations', sub, 'translations', `${language}.json`);
  return mergeConfigurations(productLayer(language), existsSync(own) ? readLayer(own) : undefined);
}
