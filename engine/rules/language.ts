export const DEFAULT_LANGUAGE = 'en';
export const LANGUAGE_PARAM = 'language';

/**
 * Language of the page (spec §2 query parameter `language`): the requested code when the
 * organisation offers it (case-insensitive); else the language this browser last chose on the
 * site (`remembered`), when still offered; otherwise English.
 */
export function chooseLanguage(
  search: string,
  supported: readonly { code: string }[],
  remembered?: string | null,
): string {
  return (
    offeredLanguage(new URLSearchParams(search).get(LANGUAGE_PARAM), supported) ??
    offeredLanguage(remembered, supported) ??
    DEFAULT_LANGUAGE
  );
}

/** A language code as the organisation offers it (English always; case-insensitive), or undefined. */
export function offeredLanguage(
  code: string | null | undefined,
  supported: readonly { code: string }[],
): string | undefined {
  const wanted = code?.trim().toLowerCase();
  if (!wanted) return undefined;
  if (wanted === DEFAULT_LANGUAGE) return DEFAULT_LANGUAGE;
  return supported.find((language) => language.code.toLowerCase() === wanted)?.code;
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
