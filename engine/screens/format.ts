import { own } from '../rules/own';
import { longDateIn } from './date-locales';
import { isOtherOption } from '../fields/other-option';
import type { FieldKind } from '../fields/types';
import type { CompiledField } from '../forms/types';

/** Spec §9 display formats: 'd MMMM yyyy' (written out below, so English pages carry no date library) and this. */
export const DATE_FORMAT_SHORT = 'dd/MM/yyyy';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Scores show one decimal only when fractional (spec §9). */
export function formatScore(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/**
 * A date given as YYYY-MM-DD, an ISO timestamp or epoch seconds, as 'd MMMM yyyy'; in another
 * language the product offers (a BCP 47 code such as 'cy' or 'zh-Hant') whose locale is loaded (loadDateLocale),
 * that language's long date (day, month name, year); in any other, the English one.
 */
export function formatLongDate(value: string | number, language?: string): string {
  const date =
    typeof value === 'number'
      ? new Date(value * 1000)
      : /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? new Date(`${value}T12:00:00Z`)
        : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const inLanguage = language === undefined ? undefined : longDateIn(language);
  return inLanguage ? inLanguage(date) : `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** Ethnicity with its specify text appended for 'other' options (spec §5); `label` is how the option reads. */
function formatEthnicity(ethnicity: string, specify?: unknown, label = ethnicity): string {
  return isOtherOption(ethnicity) && typeof specify === 'string' && specify.trim()
    ? `${label} (${specify.trim()})`
    : label;
}

/**
 * An answer as text, whatever its shape: JSON for an object, so an answer stored in another shape (or one holding a
 * key such as `toString`) still reads as something, and never throws.
 */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object') return String(value);
  return JSON.stringify(value);
}

/** How a chosen option reads: its label in the form's language, else the option itself. */
export function optionLabel(field: CompiledField, value: unknown): string {
  const text = asText(value);
  return own(field.optionLabels, text) ?? text;
}

export interface DisplayTexts {
  yes: string;
  no: string;
  notAnswered: string;
  /** The language dates are shown in (English when absent). */
  language?: string;
}

export const ENGLISH_DISPLAY: DisplayTexts = { yes: 'Yes', no: 'No', notAnswered: 'Not answered' };

type AnswerFormatter = (
  field: CompiledField,
  value: unknown,
  siblings: Record<string, unknown>,
  texts: DisplayTexts,
) => string;

/** Only fields with options have labels; any other answer is its own text. */
const asOption: AnswerFormatter = (field, value) => optionLabel(field, value);
const asYesNo: AnswerFormatter = (_field, value, _siblings, texts) => (value === true ? texts.yes : texts.no);

/** How each kind's (non-empty) answer reads. */
const ANSWER_FORMATS: Record<FieldKind, AnswerFormatter> = {
  text: asOption,
  email: asOption,
  phone: asOption,
  postCode: asOption,
  textarea: asOption,
  select: (field, value, siblings) =>
    field.id === 'ethnicity'
      ? formatEthnicity(asText(value), own(siblings, 'ethnicitySpecify'), optionLabel(field, value))
      : optionLabel(field, value),
  radio: asOption,
  typeahead: asOption,
  checkboxes: (field, value) =>
    Array.isArray(value) ? value.map((v) => optionLabel(field, v)).join(', ') : optionLabel(field, value),
  yesno: asYesNo,
  consent: asYesNo,
  year: asOption,
  date: (_field, value, _siblings, texts) => formatLongDate(asText(value), texts.language),
  number: (_field, value) => (typeof value === 'number' ? formatScore(value) : asText(value)),
  percent: (_field, value) => (typeof value === 'number' ? `${formatScore(value)}%` : asText(value)),
  file: (_field, value, _siblings, texts) =>
    typeof value === 'object' && value && 'name' in value
      ? asText((value as { name: unknown }).name)
      : texts.notAnswered,
  group: (_field, value, _siblings, texts) => (Array.isArray(value) ? String(value.length) : texts.notAnswered),
};

/** How an answer reads on check-answers pages and hiring-side panels: the same for both. */
export function formatAnswer(
  field: CompiledField,
  value: unknown,
  siblings: Record<string, unknown> = {},
  texts: DisplayTexts = ENGLISH_DISPLAY,
): string {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0))
    return texts.notAnswered;
  return ANSWER_FORMATS[field.kind](field, value, siblings, texts);
}
