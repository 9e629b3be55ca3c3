import type { FieldKind } from '../fields/types';
import type { AnswerFormat } from '../forms/kinds';
import type { CompiledField } from '../forms/types';
import { fillTemplate, MESSAGES, type MessageCode } from '#schemas/messages';
import { INVALID_POST_CODE } from './postcode';

/** The parts of an Ajv (or RJSF) error the messages need. */
export interface SchemaError {
  keyword: string;
  params: Record<string, unknown> | object;
  /** The keyword's value in the schema (Ajv sets it with `verbose`). */
  schema?: unknown;
}

/**
 * The English message templates; a configuration layer replaces any of them with the text
 * `error.<name>` (a language layer does, for its language). {{label}} is what the field is called at the start
 * of a sentence, {{name}} mid-sentence (fieldNames), {{limit}} the keyword's number.
 */
export const ERROR_TEMPLATES = {
  thisField: 'This field',
  /** What a question with no short name is called mid-sentence ("Enter an answer to “What drives you?”"). */
  answerTo: 'an answer to “{{label}}”',
  /** …and at the start of a sentence ("Your answer to “What drives you?” must be 5 characters or fewer"). */
  yourAnswerTo: 'Your answer to “{{label}}”',
  enter: 'Enter {{name}}',
  select: 'Select {{name}}',
  upload: 'Upload your {{name}}',
  confirm: 'Confirm: {{name}}',
  addAtLeast: 'Add at least {{limit}} to {{name}}',
  selectAtLeast: 'Select at least {{limit}} for {{name}}',
  maxItems: '{{label}} can have at most {{limit}}',
  maxLength: '{{label}} must be {{limit}} characters or fewer',
  maxWords: '{{label}} must be {{limit}} words or fewer',
  percent: '{{label}} must be a number from 0 to 100',
  minimum: '{{label}} must be {{limit}} or more',
  maximum: '{{label}} must be {{limit}} or less',
  number: '{{label}} must be a number',
  wrongForm: '{{label}} is not in the right form',
  fromList: 'Select {{name}} from the list',
  uniqueItems: '{{label}} has the same answer twice',
  notAQuestion: '{{label}} is not a question on this form',
  email: MESSAGES.emailFormat,
  ukMobile: 'Enter a UK mobile number, like 07700 900 982 or +44 7700 900 982',
  auMobile: 'Enter an Australian mobile number, like 0412 345 678 or +61 412 345 678',
  hkMobile: 'Enter a Hong Kong mobile number, like 5123 4567 or +852 5123 4567',
  internationalPhone: 'Enter your phone number with its country code, like +971 50 123 4567',
  postCode: INVALID_POST_CODE,
  auPostcode: 'Enter a 4-digit postcode, like 2000',
  internationalPostcode: 'Enter a postcode of up to 10 letters and digits',
  date: '{{label}} must be a real date',
  invalid: '{{label}} is not valid',
  /** An error inside one item of a repeatable group: "Select degree (University 2)". */
  inItem: '{{message}} ({{item}} {{number}})',
} as const;

export type ErrorTemplate = keyof typeof ERROR_TEMPLATES;

/**
 * Templates that are messages of the server's catalogue too: a language translates them once, as
 * `ui.messages.<code>`, and browser and server say the same words.
 */
export const CATALOGUE_TEMPLATES: Readonly<Partial<Record<ErrorTemplate, MessageCode>>> = {
  email: 'emailFormat',
  postCode: 'invalidPostCode',
};
export type MessageTexts = Readonly<Record<string, string>>;

/** What each kind of field is told when something is wrong with its answer, beyond the keyword's own message. */
export interface KindMessages {
  /** A missing answer ('required', 'notBlank'). */
  missing: 'enter' | 'select' | 'upload' | 'confirm';
  /** Too few items or choices ('minItems'); 'selectAtLeast' when absent. */
  tooFew?: ErrorTemplate;
  /** A number out of range ('minimum', 'maximum'); the keyword's own template when absent. */
  range?: ErrorTemplate;
}

export const KIND_MESSAGES: Record<FieldKind, KindMessages> = {
  text: { missing: 'enter' },
  email: { missing: 'enter' },
  phone: { missing: 'enter' },
  postCode: { missing: 'enter' },
  textarea: { missing: 'enter' },
  select: { missing: 'select' },
  radio: { missing: 'select' },
  typeahead: { missing: 'enter' },
  checkboxes: { missing: 'select', tooFew: 'selectAtLeast' },
  yesno: { missing: 'select' },
  consent: { missing: 'confirm' },
  year: { missing: 'select' },
  date: { missing: 'enter' },
  number: { missing: 'enter' },
  percent: { missing: 'enter', range: 'percent' },
  file: { missing: 'upload' },
  group: { missing: 'enter', tooFew: 'addAtLeast' },
};

/** The message of an answer not in the form its schema asks for (engine/forms/kinds.ts `AnswerFormat`). */
export const FORMAT_TEMPLATES: Record<AnswerFormat, ErrorTemplate> = {
  email: 'email',
  'uk-mobile': 'ukMobile',
  'au-mobile': 'auMobile',
  'hk-mobile': 'hkMobile',
  'international-phone': 'internationalPhone',
  'uk-postcode': 'postCode',
  'au-postcode': 'auPostcode',
  'international-postcode': 'internationalPostcode',
  date: 'date',
};

/** Keywords that mean an answer is missing: the field's own required message replaces them. */
const MISSING_ANSWER_KEYWORDS = new Set(['required', 'notBlank', 'const', 'minItems']);

/**
 * One error per field: the first for each path, except that a missing answer outranks every other error of the same
 * field (a blank required email reads "Enter your email address", or the field's own required text, and not the
 * email format's message). Client and server both keep errors through this, in first-seen order of the fields.
 */
export function oneErrorPerField<E>(
  errors: readonly E[],
  pathOf: (error: E) => string,
  keywordOf: (error: E) => string,
): E[] {
  const byField = new Map<string, E>();
  for (const error of errors) {
    const path = pathOf(error);
    const kept = byField.get(path);
    if (
      kept === undefined ||
      (MISSING_ANSWER_KEYWORDS.has(keywordOf(error)) && !MISSING_ANSWER_KEYWORDS.has(keywordOf(kept)))
    )
      byField.set(path, error);
  }
  return [...byField.values()];
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A label that asks something ("Why do you want to join us?"), in any of the product's scripts. */
function isQuestion(label: string): boolean {
  return /[?？؟]\s*$/.test(label);
}

/**
 * How messages call a field (decision 0031): {{label}} starts a sentence, {{name}} sits inside one. A label that is
 * not a question is its own name ("Enter your last name"); a question is called by its short name ("Enter your
 * reasons for joining Acme"), else as "an answer to" it, never by the question itself ("Enter why do you…?").
 */
function fieldNames(field: CompiledField | undefined, texts: MessageTexts): { label: string; name: string } {
  if (!field) {
    const label = templateMessage('thisField', {}, texts);
    return { label, name: lowerFirst(label) };
  }
  if (!isQuestion(field.label)) return { label: field.label, name: field.name ?? lowerFirst(field.label) };
  if (field.name) return { label: upperFirst(field.name), name: field.name };
  return {
    label: templateMessage('yourAnswerTo', { label: field.label }, texts),
    name: templateMessage('answerTo', { label: field.label }, texts),
  };
}

/** A template of `texts` (or the English one) with its {{placeholders}} filled. */
export function templateMessage(
  name: ErrorTemplate,
  values: Record<string, string | number>,
  texts: MessageTexts = {},
): string {
  const code = CATALOGUE_TEMPLATES[name];
  return fillTemplate(
    texts[`error.${name}`] ?? (code && texts[`ui.messages.${code}`]) ?? ERROR_TEMPLATES[name],
    values,
  );
}

/** Which template says what is wrong, GOV.UK style. */
function templateFor(error: SchemaError, field: CompiledField | undefined): ErrorTemplate {
  const params = error.params as Record<string, unknown>;
  const messages = field ? KIND_MESSAGES[field.kind] : undefined;
  switch (error.keyword) {
    case 'required':
    case 'notBlank':
      return messages?.missing ?? 'enter';
    case 'const':
      return 'confirm';
    case 'minItems':
      return messages?.tooFew ?? 'selectAtLeast';
    case 'maxItems':
    case 'maxLength':
    case 'maxWords':
    case 'uniqueItems':
      return error.keyword;
    case 'minimum':
    case 'maximum':
      return messages?.range ?? error.keyword;
    case 'type':
      return params.type === 'number' || params.type === 'integer' ? 'number' : 'wrongForm';
    case 'enum':
      return 'fromList';
    case 'additionalProperties':
      return 'notAQuestion';
    case 'format':
      return Object.hasOwn(FORMAT_TEMPLATES, String(params.format))
        ? FORMAT_TEMPLATES[params.format as AnswerFormat]
        : 'wrongForm';
    default:
      return 'invalid';
  }
}

/**
 * A message that names the field and says how to put it right (GOV.UK Design System style), in
 * the language of `texts` (a compiled form's texts). Configuration can override the required
 * message with the text `field.<id>.error.required` (the compiler puts it in `field.requiredMessage`).
 */
export function errorMessage(error: SchemaError, field: CompiledField | undefined, texts: MessageTexts = {}): string {
  if (field?.requiredMessage && MISSING_ANSWER_KEYWORDS.has(error.keyword)) return field.requiredMessage;
  const params = error.params as Record<string, unknown>;
  const limit = error.keyword === 'maxWords' ? String(error.schema) : String(params.limit);
  return templateMessage(templateFor(error, field), { ...fieldNames(field, texts), limit }, texts);
}
