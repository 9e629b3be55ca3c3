import type { Configuration } from '#schemas/configuration';

/** Looks a text up in the merged configuration; falls back to the given default, then to the key. */
export function textOf(configuration: Configuration, key: string, fallback?: string): string {
  return configuration.text?.[key] ?? fallback ?? key;
}

export function optionalText(configuration: Configuration, key: string): string | undefined {
  const value = configuration.text?.[key];
  return value === undefined || value === '' ? undefined : value;
}
