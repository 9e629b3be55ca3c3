import { atom } from 'jotai';
import type { Configuration } from '#schemas/configuration';
import { LANGUAGE_STORAGE_KEY } from '#engine';

/** The organisation's configuration layer for the page language (undefined for the default language). */
export const languageLayerAtom = atom<Configuration | undefined>(undefined);

/** `?debug=true` or a development build: untranslated texts are flagged instead of hidden. */
export const debugModeAtom = atom(false);

/**
 * The language last chosen on this site (decision 0019): a page opened without `?language` keeps
 * it, so a reload or a link from an email does not fall back to English. Storage may be refused
 * (private modes); the page then simply follows its address.
 */
export const chosenLanguage = {
  read(): string | null {
    try {
      return localStorage.getItem(LANGUAGE_STORAGE_KEY);
    } catch {
      return null;
    }
  },
  keep(language: string): void {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Not kept: the next page load follows its address.
    }
  },
};
