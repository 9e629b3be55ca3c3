import type { Configuration } from '#schemas/configuration';

/** Prefix of interface strings (i18next keys) inside a translation layer's `text`. */
const UI_TEXT_PREFIX = 'ui.';

export type NestedStrings = { [key: string]: string | NestedStrings };

/**
 * The interface strings of a language layer as an i18next resource: `ui.header.roles` becomes
 * `{ header: { roles } }`. Form texts (field., section., step. keys) stay with the engine.
 */
export function uiStrings(layer: Configuration | undefined): NestedStrings {
  const resource: NestedStrings = {};
  for (const [key, value] of Object.entries(layer?.text ?? {})) {
    if (!key.startsWith(UI_TEXT_PREFIX)) continue;
    const path = key.slice(UI_TEXT_PREFIX.length).split('.');
    let node = resource;
    for (const part of path.slice(0, -1)) {
      const next = node[part];
      node = (typeof next === 'object' ? next : (node[part] = {})) as NestedStrings;
    }
    node[path[path.length - 1]!] = value;
  }
  return resource;
}

/**
 * Debug mode (spec §8: missing translations show in debug mode only): a language layer in which
 * every text the base configuration has and the language lacks is marked ⟦like this⟧.
 */
export function flagUntranslated(base: Configuration, language: Configuration | undefined): Configuration {
  const translated = language?.text ?? {};
  const text: Record<string, string> = { ...translated };
  for (const [key, value] of Object.entries(base.text ?? {})) {
    if (!(key in translated) && !key.startsWith(UI_TEXT_PREFIX)) text[key] = `⟦${value}⟧`;
  }
  return { ...language, text };
}
