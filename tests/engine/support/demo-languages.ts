import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mergeConfigurations } from '#engine/config/merge';
import { regionalTranslation } from '#engine/config/regions';
import { withoutSchemaKey, type Configuration } from '#schemas/configuration';
import type { OrganizationFile } from '#schemas/organization';

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

/** A layer file, or undefined where there is none. */
const layerIfAny = (file: string) => (existsSync(file) ? readLayer(file) : undefined);

/**
 * A language as the organisation shows it (as the server serves it): the product's translation for the organisation's
 * region (configs/regions/<countryBase>.<language>.json, decision 0034) ▸ the organisation's own.
 */
export function demoLanguageLayer(sub: string, language: string): Configuration {
  const { countryBase } = readJson<OrganizationFile>(join(CONFIGS, 'organizations', sub, 'organization.json'));
  const product = regionalTranslation(
    countryBase,
    productLayer(language),
    layerIfAny(join(CONFIGS, 'regions', `${countryBase}.${language}.json`)),
  );
  return mergeConfigurations(
    product,
    layerIfAny(join(CONFIGS, 'organizations', sub, 'translations', `${language}.json`)),
  );
}
