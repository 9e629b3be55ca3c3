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

/**
 * `t` answering each key and options it was asked before from memory (decision 0088). A 300-question step asks the
 * same few texts hundreds of times ("(optional)", "Error:", Day, Month, Year, Yes, No, "Select an option"), and
 * i18next resolves every call afresh: 10 ms of the step's first render. Options are data (counts, names), so their
 * JSON names the text. One memory per `t`, that is per language: StepForm makes a new one when `t` changes.
 */
export function memoisedT(t: FormT): FormT {
  const known = new Map<string, string>();
  const memoised = (key: string, options?: Record<string, unknown>): string => {
    const asked = options === undefined ? key : `${key}\u0000${JSON.stringify(options)}`;
    let text = known.get(asked);
    if (text === undefined) {
      text = String(t(key as never, options as never));
      known.set(asked, text);
    }
    return text;
  };
  return memoised as unknown as FormT;
}
