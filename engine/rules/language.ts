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
