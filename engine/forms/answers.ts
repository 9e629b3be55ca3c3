import { own } from '../rules/own';
import { normalisePostCode } from '../validation/postcode';
import type { CompiledField, CompiledForm, CompiledStep } from './types';

export type Answers = Record<string, unknown>;

/**
 * Whether a field is shown on these answers (spec §5): always, unless it is conditional (`showIf`) and its controlling
 * answer is not one of the values. Pruning, the check-answers page and the rendered form all use this rule.
 */
export function isFieldShown(field: CompiledField, answers: Answers | undefined): boolean {
  if (!field.showIf) return true;
  const controlling = own(answers, field.showIf.field);
  return typeof controlling === 'string' && field.showIf.values.includes(controlling);
}

function pruneObject(fields: readonly CompiledField[], answers: Answers): Answers {
  const kept: Answers = {};
  for (const field of fields) {
    const value = own(answers, field.id);
    if (value === undefined || !isFieldShown(field, answers)) continue;
    if (field.kind === 'group' && Array.isArray(value) && field.items) {
      const items = field.items;
      kept[field.id] = value.map((item) =>
        item && typeof item === 'object' && !Array.isArray(item) ? pruneObject(items, item as Answers) : item,
      );
    } else {
      kept[field.id] = value;
    }
  }
  return kept;
}

/**
 * Keeps only the answers of visible fields (spec §5: a hidden field's value is not kept), including
 * conditional fields whose condition does not hold, at every depth.
 */
export function pruneAnswers(fields: readonly CompiledField[], answers: Answers): Answers {
  return pruneObject(fields, answers);
}

/**
 * Valid answers as they are kept and shown: a UK postcode (format uk-postcode, decision 0034) upper case with one
 * space before its inward code ("cf10 3at" → "CF10 3AT"), in repeatable groups too. Every other answer is kept as
 * given: an Australian or international postcode has no such rule.
 */
export function normaliseAnswers(fields: readonly CompiledField[], answers: Answers): Answers {
  const kept: Answers = { ...answers };
  for (const field of fields) {
    const value = own(answers, field.id);
    if (field.format === 'uk-postcode' && typeof value === 'string') kept[field.id] = normalisePostCode(value.trim());
    else if (field.kind === 'group' && field.items && Array.isArray(value)) {
      const items = field.items;
      kept[field.id] = value.map((item) =>
        item && typeof item === 'object' && !Array.isArray(item) ? normaliseAnswers(items, item as Answers) : item,
      );
    }
  }
  return kept;
}

export function stepFields(step: CompiledStep): CompiledField[] {
  return step.sections.flatMap((s) => s.fields);
}

export function formFields(form: CompiledForm): CompiledField[] {
  return form.steps.flatMap(stepFields);
}

/** The application's answers with one step's answers replaced by `stepAnswers` (the step's other answers dropped). */
export function mergeStepAnswers(step: CompiledStep, answers: Answers, stepAnswers: Answers): Answers {
  const merged: Answers = { ...answers };
  for (const id of step.fieldIds) delete merged[id];
  return { ...merged, ...stepAnswers };
}
