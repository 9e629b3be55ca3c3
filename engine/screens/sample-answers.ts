import type { TextFormat } from '#schemas/configuration';
import type { FieldKind } from '../fields/types';
import { formFields, isFieldShown, type Answers } from '../forms/answers';
import type { CompiledField, CompiledForm } from '../forms/types';

/*
 * The demo candidate of the configuration studio's previews (issue 15, decision 0059): one made-up person's answers to
 * any compiled form, so the check-answers page and the hiring side's candidate panel can be previewed with content
 * before anyone has applied. Deterministic, so the same draft always previews the same; every question a candidate
 * would be shown is answered (conditions followed), in the form's own options.
 */

/** Who the demo candidate is, where a question asks it directly. */
const PERSON: Readonly<Record<string, unknown>> = {
  firstName: 'Alex',
  lastName: 'Morgan',
  preferredName: 'Alex',
  email: 'alex.morgan@example.com',
};

/** A number or postcode in each form a region asks for (decision 0034), the first where a field names none. */
const FORMATTED: Readonly<Record<TextFormat, string>> = {
  'uk-mobile': '07700 900123',
  'au-mobile': '0412 345 678',
  'hk-mobile': '5123 4567',
  'international-phone': '+44 7700 900123',
  'uk-postcode': 'LS2 9JT',
  'au-postcode': '2000',
  'international-postcode': 'LS2 9JT',
};

const FREE_TEXT = 'I enjoy solving problems with other people and would like to build my career with you.';

/** The first of the field's options a person usually picks ('Other' and 'Prefer not to say' only when alone). */
function usualOption(field: CompiledField): string | number | undefined {
  const options = field.options ?? [];
  return options.find((o) => typeof o !== 'string' || !/^(other|prefer not to say)$/i.test(o)) ?? options[0];
}

const text = (field: CompiledField, value: string) => (field.maxLength ? value.slice(0, field.maxLength) : value);

/** A plausible answer of each kind (a new kind is a type error here until it has one). */
const SAMPLE_ANSWERS: Record<FieldKind, (field: CompiledField) => unknown> = {
  text: (field) => usualOption(field) ?? text(field, 'Example answer'),
  textarea: (field) => text(field, FREE_TEXT),
  typeahead: (field) => usualOption(field) ?? text(field, 'University of Leeds'),
  email: () => PERSON.email,
  phone: (field) => FORMATTED[field.format ?? 'uk-mobile'],
  postCode: (field) => FORMATTED[field.format ?? 'uk-postcode'],
  select: usualOption,
  radio: usualOption,
  checkboxes: (field) => {
    const option = usualOption(field);
    return option === undefined ? [] : [option];
  },
  yesno: () => true,
  consent: () => true,
  // The middle of a list of years is about now (lists run from years ago to years ahead).
  year: (field) => (field.options?.length ? field.options[Math.floor(field.options.length / 2)] : undefined),
  date: () => '2001-05-14',
  number: (field) => Math.min(field.maximum ?? Infinity, (field.minimum ?? 0) + 3),
  percent: () => 72.5,
  file: (field) => ({ id: `local-sample-${field.id}`, name: `alex-morgan-${field.id.toLowerCase()}.pdf` }),
  group: (field) => Array.from({ length: Math.max(1, field.minItems ?? 1) }, () => objectAnswers(field.items ?? [])),
};

/** Answers to sibling questions: the unconditional ones first, then those whose condition those answers meet. */
function objectAnswers(fields: readonly CompiledField[]): Answers {
  const answers: Answers = {};
  const answer = (field: CompiledField) => {
    const value = field.id in PERSON ? PERSON[field.id] : SAMPLE_ANSWERS[field.kind](field);
    if (value !== undefined) answers[field.id] = value;
  };
  fields.filter((f) => !f.showIf).forEach(answer);
  // A condition may hang on another conditional question: follow them until nothing more shows.
  let pending = fields.filter((f) => f.showIf);
  for (let shown = pending.filter((f) => isFieldShown(f, answers)); shown.length > 0;) {
    shown.forEach(answer);
    pending = pending.filter((f) => !shown.includes(f));
    shown = pending.filter((f) => isFieldShown(f, answers));
  }
  return answers;
}

/** The demo candidate's answers to every question of `form` a candidate would be shown. */
export function sampleAnswers(form: CompiledForm): Answers {
  return objectAnswers(formFields(form));
}

/** The demo candidate's name, as the previews title their panel. */
export const SAMPLE_CANDIDATE_NAME = `${String(PERSON.firstName)} ${String(PERSON.lastName)}`;
