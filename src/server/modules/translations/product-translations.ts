import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { validateConfiguration, mergeConfigurations, regionalTranslation } from '#engine';
import { withoutSchemaKey, type Configuration } from '#schemas/configuration';
import type { Region } from '#schemas/organization';
import { CONFIG_DIR } from '../../paths';

/** configs/translations/<language>.json: the product's own texts in a language (decision 0018). */
export const PRODUCT_TRANSLATIONS_DIR = path.join(CONFIG_DIR, 'translations');
/** configs/regions/<countryBase>.<language>.json: a region layer's texts and lists in a language (decision 0034). */
const REGIONS_DIR = path.join(CONFIG_DIR, 'regions');
const LANGUAGE_CODE = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/;

const files = new Map<string, Configuration | undefined>();

/**
 * A configuration file read once; undefined when there is none. A file that is not a valid configuration stops the
 * server rather than showing half a language.
 */
function readLayer(file: string): Configuration | undefined {
  if (!files.has(file)) {
    const layer = existsSync(file) ? withoutSchemaKey(JSON.parse(readFileSync(file, 'utf8')) as unknown) : undefined;
    if (layer !== undefined) {
      const check = validateConfiguration(layer);
      if (!check.valid) throw new Error(`${file}: ${check.problems.map((p) => `${p.path} ${p.message}`).join('; ')}`);
    }
    files.set(file, layer as Configuration | undefined);
  }
  return files.get(file);
}

/**
 * The product's layer for a language (interface strings, form texts, list options, validation
 * and server messages); undefined for a language the product does not ship.
 */
export function productTranslation(language: string): Configuration | undefined {
  return LANGUAGE_CODE.test(language) ? readLayer(path.join(PRODUCT_TRANSLATIONS_DIR, `${language}.json`)) : undefined;
}

const regional = new Map<string, Configuration | undefined>();

/** The product's layer for a language as a region shows it (engine regionalTranslation), made once. */
function translationForRegion(language: string, region: Region): Configuration | undefined {
  const key = `${region}|${language}`;
  if (!regional.has(key)) {
    const own = LANGUAGE_CODE.test(language)
      ? readLayer(path.join(REGIONS_DIR, `${region}.${language}.json`))
      : undefined;
    regional.set(key, regionalTranslation(region, productTranslation(language), own));
  }
  return regional.get(key);
}

/**
 * A language as an organisation shows it: the product's layer (for the organisation's region, when its form texts
 * are wanted: emails need none of them) ▸ the organisation's own translation.
 */
export function languageLayer(
  language: string,
  organizationLayer: Configuration | undefined,
  region?: Region,
): Configuration | undefined {
  const product = region ? translationForRegion(language, region) : productTranslation(language);
  return product && organizationLayer
    ? mergeConfigurations(product, organizationLayer)
    : (product ?? organizationLayer);
}
