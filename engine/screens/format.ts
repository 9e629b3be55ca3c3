import { format as formatDate } from 'date-fns';
import { isOtherOption } from '../fields/lists';
import type { CompiledField } from '../forms/types';

/** Spec §9 display formats. */
export const DATE_FORMAT_LONG = 'd MMMM yyyy';
export const DATE_FORMAT_SHORT = 'dd/MM/yyyy';
export const DATE_FORMAT_MONTH = 'MMM yyyy';

/** Scores show one decimal only when fractional (spec §9). */
export function formatScore(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/**
 * A date given as YYYY-MM-DD, an ISO timestamp or epoch seconds, as 'd MMMM yyyy'; in another
 * language (a BCP 47 code such as 'cy' or 'zh-Hant'), that language's long date (day, month name,
 * year) from Intl.
 */
export function formatLongDate(value: string | number, language?: string): string {
  const date =
    typeof value === 'number'
      ? new Date(value * 1000)
      : /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? new Date(`${value}T12:00:00Z`)
        : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  if (language && language !== 'en' && !language.startsWith('en-')) {
    try {
      return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
    } catch {
      // An unknown language code: the default format.
    }
  }
  return formatDate(date, DATE_FORMAT_LONG);
}

/** Ethnicity with its specify text appended for 'other' options (spec §5); `label` is how the option reads. */
export function formatEthnicity(ethnicity: string, specify?: unknown, label = ethnicity): string {
  return isOtherOption(ethnicity) && typeof specify === 'string' && specify.trim()
    ? `${label} (${specify.trim()})`
    : label;
}

/** How a chosen option reads: its label in the form's language, else the option itself. */
export function optionLabel(field: CompiledField, value: unknown): string {
  return field.optionLabels?.[String(value)] ?? String(value);
}

export interface DisplayTexts {
  yes: string;
  no: string;
  notAnswered: string;
  /** The language dates are shown in (English when absent). */
  language?: string;
}

export const ENGLISH_DISPLAY: DisplayTexts = { yes: 'Yes', no: 'No', notAnswered: 'Not answered' };

/** How an answer reads on check-answers pages and hiring-side panels: the same for both. */
export function formatAnswer(
  field: CompiledField,
  value: unknown,
  siblings: Record<string, unknown> = {},
  texts: DisplayTexts = ENGLISH_DISPLAY,
): string {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0))
    return texts.notAnswered;
  switch (field.kind) {
    case 'yesno':
    case 'consent':
      return value === true ? texts.yes : texts.no;
    case 'date':
      return formatLongDate(String(value), texts.language);
    case 'percent':
      return `${formatScore(Number(value))}%`;
    case 'number':
      return typeof value === 'number' ? formatScore(value) : String(value);
    case 'checkboxes':
      return Array.isArray(value) ? value.map((v) => optionLabel(field, v)).join(', ') : optionLabel(field, value);
    case 'file':
      return typeof value === 'object' && value && 'name' in value
        ? String((value as { name: unknown }).name)
        : texts.notAnswered;
    case 'group':
      return Array.isArray(value) ? String(value.length) : texts.notAnswered;
    case 'select':
      if (field.id === 'ethnicity')
        return formatEthnicity(String(value), siblings.ethnicitySpecify, optionLabel(field, value));
      return optionLabel(field, value);
    default:
      // Only fields with options have labels; any other answer is its own text.
      return optionLabel(field, value);
  }
}
