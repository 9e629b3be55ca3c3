import { atom } from 'jotai';
import type { Configuration } from '../../../schemas/configuration';

/** The organisation's configuration layer for the page language (undefined for the default language). */
export const languageLayerAtom = atom<Configuration | undefined>(undefined);

/** `?debug=true` or a development build: untranslated texts are flagged instead of hidden. */
export const debugModeAtom = atom(false);
