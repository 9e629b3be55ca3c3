import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import { DEFAULT_LANGUAGE } from '#engine';

interface I18nOptions {
  /** Flags missing keys: warns and shows the key in brackets instead of falling back silently. */
  debug?: boolean;
}

/**
 * An i18next instance with the shell's English strings. A key missing in the chosen language
 * falls back to English; languages with no resources yet (an organisation's additional
 * languages, loaded later from the translation endpoint) show English.
 */
export function createI18n(language = DEFAULT_LANGUAGE, { debug = false }: I18nOptions = {}): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    // Each instance its own copy: i18next adds languages and organisation texts into the object it is given.
    resources: { en: { translation: structuredClone(en) } },
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    // Resources are bundled, so initialisation can finish synchronously before the first render.
    initAsync: false,
    // React escapes text already.
    interpolation: { escapeValue: false },
    saveMissing: debug,
    missingKeyHandler: debug
      ? (languages, _namespace, key) => console.warn(`Missing translation "${key}" for ${languages.join(', ')}`)
      : false,
    ...(debug ? { parseMissingKeyHandler: (key: string) => `⟦${key}⟧` } : {}),
  });
  return instance;
}

/** The language actually shown (a language without resources resolves to English). */
export function shownLanguage(instance: i18n): string {
  return instance.resolvedLanguage ?? DEFAULT_LANGUAGE;
}
