import type { Configuration, CustomQuestion } from '#schemas/configuration';

/**
 * The layers of configuration, merged in this order; a later layer wins (spec §3):
 *   product default ▸ region (the organisation's countryBase, decision 0034) ▸ organisation default ▸
 *   organisation form ▸ role form ▸ language.
 * Flag maps, lists, formats and texts merge key by key; views replace per view; custom questions merge by id
 * (a later question with the same id replaces the earlier one in place).
 */
export interface ConfigurationLayers {
  product: Configuration;
  region?: Configuration;
  organizationDefault?: Configuration;
  organizationForm?: Configuration;
  role?: Configuration;
  language?: Configuration;
}

export const LAYER_ORDER = [
  'product',
  'region',
  'organizationDefault',
  'organizationForm',
  'role',
  'language',
] as const;

const RECORD_KEYS = [
  'text',
  'textArrays',
  'hr',
  'fields',
  'required',
  'menus',
  'subsections',
  'lists',
  'formats',
] as const;

export function mergeConfigurations(...layers: ReadonlyArray<Configuration | undefined>): Configuration {
  const merged: Configuration = {};
  for (const layer of layers) {
    if (!layer) continue;
    for (const key of RECORD_KEYS) {
      const value = layer[key];
      if (value) merged[key] = { ...(merged[key] as object | undefined), ...value } as never;
    }
    if (layer.views) merged.views = { ...merged.views, ...layer.views };
    if (layer.custom) merged.custom = mergeCustom(merged.custom ?? [], layer.custom);
  }
  return merged;
}

function mergeCustom(base: readonly CustomQuestion[], next: readonly CustomQuestion[]): CustomQuestion[] {
  const result = [...base];
  for (const question of next) {
    const at = result.findIndex((q) => q.id === question.id);
    if (at >= 0) result[at] = question;
    else result.push(question);
  }
  return result;
}

export function mergeLayers(layers: ConfigurationLayers): Configuration {
  return mergeConfigurations(...LAYER_ORDER.map((name) => layers[name]));
}
