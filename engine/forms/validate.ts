import type { ErrorObject } from 'ajv';
import type { SchemaChecks } from '../validation/ajv';
import {
  errorMessage,
  oneErrorPerField,
  templateMessage,
  type MessageTexts,
  type SchemaError,
} from '../validation/messages';
import { formFields, normaliseAnswers, pruneAnswers, stepFields, type Answers } from './answers';
import type { CompiledField, CompiledForm, FieldError, JsonSchema } from './types';

export interface ValidationResult {
  valid: boolean;
  /** The answers that are kept: those of visible fields only (normalised when valid: normaliseAnswers). */
  answers: Answers;
  errors: FieldError[];
}

function run(
  checks: SchemaChecks,
  schema: JsonSchema,
  fields: readonly CompiledField[],
  answers: Answers,
  texts: MessageTexts,
): ValidationResult {
  const pruned = pruneAnswers(fields, answers);
  const validate = checks(schema);
  const valid = validate(pruned) as boolean;
  if (valid) return { valid, answers: normaliseAnswers(fields, pruned), errors: [] };
  return { valid, answers: pruned, errors: fieldErrors(validate.errors ?? [], fields, texts) };
}

/**
 * Validates one step's answers. `checks` finds each schema's compiled check: `compiledChecks` on the server, the
 * precompiled validators in the browser (decision 0076).
 */
export function validateStep(
  form: CompiledForm,
  stepId: string,
  answers: Answers,
  checks: SchemaChecks,
): ValidationResult {
  const step = form.steps.find((s) => s.id === stepId);
  if (!step) return { valid: false, answers: {}, errors: [{ field: 'step', message: `Unknown step '${stepId}'` }] };
  return run(checks, step.schema, stepFields(step), answers, form.texts);
}

/** Validates the whole application (every step) as on submit. */
export function validateApplication(form: CompiledForm, answers: Answers, checks: SchemaChecks): ValidationResult {
  return run(checks, form.schema, formFields(form), answers, form.texts);
}

/** Ajv errors → one message per field, GOV.UK style, in the order of the form and the language of `texts`. */
function fieldErrors(
  errors: readonly ErrorObject[],
  fields: readonly CompiledField[],
  texts: MessageTexts = {},
): FieldError[] {
  const kept = oneErrorPerField(
    errors.filter((error) => error.keyword !== 'if'),
    errorPath,
    (error) => error.keyword,
  );
  const described = kept.map((error) => {
    const path = errorPath(error);
    return { field: path, message: describeError(error, fields, path, texts) };
  });
  const order = fieldOrder(fields);
  return described.sort((a, b) => rank(order, a.field) - rank(order, b.field));
}

/** Ajv's instancePath (a JSON Pointer) as the dotted path of the answer: `/universities/0/degreeClass`. */
export function errorPath(error: ErrorObject): string {
  const base = error.instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') base.push((error.params as { missingProperty: string }).missingProperty);
  if (error.keyword === 'additionalProperties')
    base.push((error.params as { additionalProperty: string }).additionalProperty);
  return base.join('.');
}

/**
 * The message for an error at `path`, naming the item of a repeatable group it belongs to
 * ("Select degree (University 2)") so the error summary is unambiguous. Client and server share it.
 */
export function describeError(
  error: SchemaError,
  fields: readonly CompiledField[],
  path: string,
  texts: MessageTexts = {},
): string {
  const message = errorMessage(error, fieldAt(fields, path), texts);
  const parts = path.split('.');
  const at = parts.findIndex((p) => /^\d+$/.test(p));
  if (at < 1 || at === parts.length - 1) return message;
  const group = fieldAt(fields, parts.slice(0, at).join('.'));
  return group?.itemLabel
    ? templateMessage('inItem', { message, item: group.itemLabel, number: Number(parts[at]) + 1 }, texts)
    : message;
}

/**
 * Each list of fields' positions by id, found once: a failed step describes (and the form orders) an error for each of
 * its up to 300 questions.
 */
const positionsById = new WeakMap<readonly CompiledField[], Map<string, number>>();

/** Where the field `id` stands in `scope` (its first field of that id), or undefined. */
export function fieldPosition(scope: readonly CompiledField[], id: string): number | undefined {
  let positions = positionsById.get(scope);
  if (!positions) {
    positions = new Map();
    for (const [index, field] of scope.entries()) if (!positions.has(field.id)) positions.set(field.id, index);
    positionsById.set(scope, positions);
  }
  return positions.get(id);
}

function fieldWithId(scope: readonly CompiledField[], id: string): CompiledField | undefined {
  const position = fieldPosition(scope, id);
  return position === undefined ? undefined : scope[position];
}

/** The compiled field an error path points at (`universities.0.degreeClass` → degreeClass). */
function fieldAt(fields: readonly CompiledField[], path: string): CompiledField | undefined {
  const parts = path.split('.').filter((p) => !/^\d+$/.test(p));
  let scope: readonly CompiledField[] | undefined = fields;
  let found: CompiledField | undefined;
  for (const part of parts) {
    found = scope && fieldWithId(scope, part);
    if (!found) return undefined;
    scope = found.items;
  }
  return found;
}

function fieldOrder(fields: readonly CompiledField[], into: string[] = []): string[] {
  for (const f of fields) {
    into.push(f.id);
    if (f.items) fieldOrder(f.items, into);
  }
  return into;
}

function rank(order: string[], path: string): number {
  const last = path.split('.').filter((p) => !/^\d+$/.test(p));
  const index = order.indexOf(last[last.length - 1] ?? '');
  return index < 0 ? order.length : index;
}
