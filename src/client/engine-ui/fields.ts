import type { CompiledField, FieldKind } from '#engine';

/**
 * How each kind of question is framed (GOV.UK): a label above one input; a fieldset whose legend is the question,
 * for questions asked with several inputs; a single checkbox whose own label is the question; an upload, labelled
 * until a file is chosen; or no frame at all, for a repeatable group (its array template draws one per item).
 */
export type QuestionFrame = 'label' | 'fieldset' | 'checkbox' | 'upload' | 'none';

export const QUESTION_FRAMES: Record<FieldKind, QuestionFrame> = {
  text: 'label',
  email: 'label',
  phone: 'label',
  postCode: 'label',
  textarea: 'label',
  select: 'label',
  radio: 'fieldset',
  typeahead: 'label',
  checkboxes: 'fieldset',
  yesno: 'fieldset',
  consent: 'checkbox',
  year: 'label',
  date: 'fieldset',
  number: 'label',
  percent: 'label',
  file: 'upload',
  group: 'none',
};

/** What one item of a repeatable group is called ("University"), as the engine compiled it. */
export function itemNoun(field: CompiledField | undefined): string {
  return field?.itemLabel ?? field?.label ?? '';
}

/** "University 1" → "university 1" inside a sentence (as the engine's messages do: only plain capitalised words). */
export function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

/** Lists longer than this are comboboxes that filter as the candidate types (decision 0035), their list popping up. */
export const isLongList = (optionCount: number): boolean => optionCount > 20;
