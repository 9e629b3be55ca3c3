import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import { DEFAULT_LANGUAGE } from '#engine';

interface I18nOptions {
  /** Flags missing keys: warns and shows the key in brackets instead of falling back silently. */
  debug?: boolean;
}

/** Every instance createI18n made, to be given the texts loaded with pages when they arrive. */
const instances = new Set<i18n>();

/**
 * English texts that load with the pages that use them, not with the shell: the hiring side's (locales/en-hiring.json:
 * the pipeline, reports, studio, admin…, decision 0065) and those of the candidate pages off the main paths
 * (locales/en-other-pages.json: account, events, interview booking, document signing, unsubscribing, the showcase;
 * decision 0083). Each is a chunk of its own, loaded once and added to every instance.
 */
const PAGE_TEXTS = {
  hiring: () => import('./locales/en-hiring.json'),
  otherPages: () => import('./locales/en-other-pages.json'),
};
const pageTexts: { [name in keyof typeof PAGE_TEXTS]?: object } = {};

async function loadPageTexts(name: keyof typeof PAGE_TEXTS): Promise<void> {
  if (pageTexts[name]) return;
  const texts = (await PAGE_TEXTS[name]()).default;
  pageTexts[name] = texts;
  for (const instance of instances) instance.addResourceBundle(DEFAULT_LANGUAGE, 'translation', texts, true);
}

/** A hiring page's chunk, resolved once the hiring side's texts are loaded too (both download side by side). */
export async function withHiringTexts<T>(chunk: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([chunk, loadPageTexts('hiring')]);
  return loaded;
}

/** A chunk of the candidate pages off the main paths, resolved once their texts are loaded too. */
export async function withOtherPageTexts<T>(chunk: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([chunk, loadPageTexts('otherPages')]);
  return loaded;
}

/**
 * An i18next instance with the shell's and the candidate pages' English strings (and those loaded with pages, once
 * loaded). A key missing in the chosen language falls back to English; languages with no resources yet
 * (an organisation's additional languages, loaded later from the translation endpoint) show English.
 */
export function createI18n(language = DEFAULT_LANGUAGE, { debug = false }: I18nOptions = {}): i18n {
  const instance = i18next.createInstance();
  instances.add(instance);
  void instance.use(initReactI18next).init({
    // Each instance its own copy: i18next adds languages and organisation texts into the object it is given.
    resources: { en: { translation: structuredClone({ ...en, ...pageTexts.hiring, ...pageTexts.otherPages }) } },
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
