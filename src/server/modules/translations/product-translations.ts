import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { validateConfiguration, mergeConfigurations } from '#engine';
import { withoutSchemaKey, type Configuration } from '#schemas/configuration';
import { CONFIG_DIR } from '../../paths';

/** configs/translations/<language>.json: the product's own texts in a language (decision 0018). */
export const PRODUCT_TRANSLATIONS_DIR = path.join(CONFIG_DIR, 'translations');

const layers = new Map<string, Configuration | undefined>();

/**
 * The product's layer for a language (interface strings, form texts, list options, validation
 * and server messages), read once; undefined for a language the product does not ship. A file
 * that is not a valid configuration stops the server rather than showing half a language.
 */
export function productTranslation(language: string): Configuration | undefined {
  if (!/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/.test(language)) return undefined;
  if (!layers.has(language)) {
    const file = path.join(PRODUCT_TRANSLATIONS_DIR, `${language}.json`);
    const layer = existsSync(file) ? withoutSchemaKey(JSON.parse(readFileSync(file, 'utf8')) as unknown) : undefined;
    if (layer !== undefined) {
      const check = validateConfiguration(layer);
      if (!check.valid) throw new Error(`${file}: ${check.problems.map((p) => `${p.path} ${p.message}`).join('; ')}`);
    }
    layers.set(language, layer as Configuration | undefined);
  }
  return layers.get(language);
}

/** A language as an organisation shows it: the product's layer ▸ the organisation's own translation. */
export function languageLayer(
  language: string,
  organizationLayer: Configuration | undefined,
): Configuration | undefined {
  const product = productTranslation(language);
  return product && organizationLayer
    ? mergeConfigurations(product, organizationLayer)
    : (product ?? organizationLayer);
}
