export const DEFAULT_LANGUAGE = 'en';
export const LANGUAGE_PARAM = 'language';

/**
 * Language of the page (spec §2 query parameter `language`): the requested code when the
 * organisation supports it (case-insensitive), otherwise English.
 */
export function chooseLanguage(search: string, supported: readonly { code: string }[]): string {
  const requested = new URLSearchParams(search).get(LANGUAGE_PARAM)?.trim().toLowerCase();
  if (!requested) return DEFAULT_LANGUAGE;
  const match = supported.find((language) => language.code.toLowerCase() === requested);
  return match?.code ?? DEFAULT_LANGUAGE;
}

/** Debug mode (`?debug=true`) flags missing translations instead of falling back silently (spec §8). */
export function isDebugMode(search: string): boolean {
  return new URLSearchParams(search).get('debug') === 'true';
}

/** The current address with only its `language` parameter changed, for language links. */
export function withLanguage(search: string, language: string): string {
  const params = new URLSearchParams(search);
  params.set(LANGUAGE_PARAM, language);
  return `?${params.toString()}`;
}
