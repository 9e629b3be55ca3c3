import gcc from '#configs/regions/GCC.json';
import hk from '#configs/regions/HK.json';
import other from '#configs/regions/OTHER.json';
import oz from '#configs/regions/OZ.json';
import uk from '#configs/regions/UK.json';
import { withoutSchemaKey, type Configuration } from '#schemas/configuration';
import type { Region } from '#schemas/organization';
import { mergeConfigurations } from './merge';

/**
 * The product's layer for each region (configs/regions/<countryBase>.json, decision 0034), merged between the product
 * default and the organisation: its right-to-work list, phone and postcode formats, school systems, grades and
 * wording. The product default is written for the UK, so the UK's layer says nothing.
 */
const REGION_LAYERS: Readonly<Record<Region, Configuration>> = {
  UK: withoutSchemaKey(uk) as Configuration,
  OZ: withoutSchemaKey(oz) as Configuration,
  HK: withoutSchemaKey(hk) as Configuration,
  GCC: withoutSchemaKey(gcc) as Configuration,
  OTHER: withoutSchemaKey(other) as Configuration,
};

/** The region layer of an organisation's countryBase. */
export function regionLayer(region: Region): Configuration {
  return REGION_LAYERS[region];
}

/**
 * The product's translation into a language as a region shows it: without the texts the region's layer rewrites (a
 * translation of the UK's wording is none of the region's: where the region's own translation lacks one, its English
 * shows), then the region's own translation (configs/regions/<countryBase>.<language>.json).
 */
export function regionalTranslation(
  region: Region,
  product: Configuration | undefined,
  own: Configuration | undefined,
): Configuration | undefined {
  const rewritten = regionLayer(region).text ?? {};
  const kept = product && {
    ...product,
    text: Object.fromEntries(Object.entries(product.text ?? {}).filter(([key]) => !Object.hasOwn(rewritten, key))),
  };
  return kept && own ? mergeConfigurations(kept, own) : (kept ?? own);
}
