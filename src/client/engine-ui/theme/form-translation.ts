import { createContext, useContext } from 'react';
import { getI18n, type UseTranslationResponse } from 'react-i18next';

type FormT = UseTranslationResponse<'translation', undefined>['t'];

/**
 * The step's `t`, given once by StepForm to every question it renders. react-i18next's useTranslation costs each
 * component that calls it a copy of the i18n instance and a subscription to the language when it mounts: about 1,000
 * of each for a 300-question step, and one more per inline error on a failed Continue (decision 0082). StepForm's own
 * useTranslation re-renders the step with the new `t` when the language changes.
 */
export const FormTranslation = createContext<FormT | null>(null);

/** useTranslation's `t` for the theme's templates and widgets, from StepForm (i18next's own outside one). */
export function useFormTranslation(): { t: FormT } {
  const t = useContext(FormTranslation);
  return { t: t ?? (getI18n().t as FormT) };
}

const fixedTexts = new WeakMap<FormT, Map<FixedText, string>>();

/** The texts without options the theme shows beside every question (written out, so the key checks find them). */
const FIXED_TEXTS = {
  errorPrefix: (t: FormT) => t('form.errorPrefix'),
  optional: (t: FormT) => t('form.optional'),
};

type FixedText = keyof typeof FIXED_TEXTS;

/**
 * A text without options in the step's language, looked up once per language: a failed Continue on a 300-question
 * step shows "Error:" before 300 messages, and i18next resolves each call afresh.
 */
export function useFormText(name: FixedText): string {
  const { t } = useFormTranslation();
  let known = fixedTexts.get(t);
  if (!known) {
    known = new Map();
    fixedTexts.set(t, known);
  }
  let text = known.get(name);
  if (text === undefined) {
    text = FIXED_TEXTS[name](t);
    known.set(name, text);
  }
  return text;
}
