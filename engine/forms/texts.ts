import type { Configuration } from '#schemas/configuration';
import { own } from '../rules/own';

/** A text of the merged configuration; an empty text counts as not given, for labels and hints alike. */
export function optionalText(configuration: Configuration, key: string): string | undefined {
  const value = own(configuration.text, key);
  return value === undefined || value === '' ? undefined : value;
}

/** Looks a text up in the merged configuration; falls back to the given default, then to the key. */
export function textOf(configuration: Configuration, key: string, fallback?: string): string {
  return optionalText(configuration, key) ?? (fallback || key);
}
