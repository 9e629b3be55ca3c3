import type { Answers, CompiledField } from '#engine';

/** Questions asked with several inputs: a fieldset whose legend is the question (GOV.UK). */
export const FIELDSET_KINDS: ReadonlySet<string> = new Set(['radio', 'checkboxes', 'yesno', 'date']);

/**
 * Whether a conditional field is shown: the same rule as the engine's pruneAnswers (its
 * controlling answer is one of the values), so what is hidden is exactly what is pruned.
 */
export function isFieldShown(field: CompiledField | undefined, answers: Answers | undefined): boolean {
  if (!field?.showIf) return true;
  const controlling = answers?.[field.showIf.field];
  return typeof controlling === 'string' && field.showIf.values.includes(controlling);
}

/** What one item of a repeatable group is called ("University"), as the engine compiled it. */
export function itemNoun(field: CompiledField | undefined): string {
  return field?.itemLabel ?? field?.label ?? '';
}

/** "University 1" → "university 1" inside a sentence (as the engine's messages do: only plain capitalised words). */
export function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}
