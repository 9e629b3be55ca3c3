import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import { DEFAULT_LANGUAGE } from '#engine';

interface I18nOptions {
  /** Flags missing keys: warns and shows the key in brackets instead of falling back silently. */
  debug?: boolean;
}

/** Every instance createI18n made, to be given the hiring side's English texts when they arrive. */
const instances = new Set<i18n>();
let hiringTexts: object | undefined;

/**
 * Loads the English texts of the hiring side's pages (locales/en-hiring.json: the pipeline, reports, studio, admin…)
 * into every instance, once. They are a chunk of their own so that no candidate downloads them (decision 0065); the
 * route table loads them with each hiring page (withHiringTexts).
 */
async function loadHiringTexts(): Promise<void> {
  if (hiringTexts) return;
  hiringTexts = (await import('./locales/en-hiring.json')).default;
  for (const instance of instances) instance.addResourceBundle(DEFAULT_LANGUAGE, 'translation', hiringTexts, true);
}

/** A hiring page's chunk, resolved once the hiring side's texts are loaded too (both download side by side). */
export async function withHiringTexts<T>(chunk: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([chunk, loadHiringTexts()]);
  return loaded;
}

/**
 * An i18next instance with the shell's and the candidate pages' English strings (and the hiring side's once a hiring
 * page has loaded them). A key missing in the chosen language falls back to English; languages with no resources yet
 * (an organisation's additional languages, loaded later from the translation endpoint) show English.
 */
export function createI18n(language = DEFAULT_LANGUAGE, { debug = false }: I18nOptions = {}): i18n {
  const instance = i18next.createInstance();
  instances.add(instance);
  void instance.use(initReactI18next).init({
    // Each instance its own copy: i18next adds languages and organisation texts into the object it is given.
    resources: { en: { translation: structuredClone({ ...en, ...hiringTexts }) } },
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
