import { Type } from 'typebox';
import { Configuration } from './configuration';

/** Spec §3 Translation entry: the language layer of an organisation's configuration. */
export const TranslationEntry = Type.Object({
  languageCode: Type.String(),
  configuration: Configuration,
});
export type TranslationEntry = Type.Static<typeof TranslationEntry>;
