import { use } from 'react';
import type { ErrorObject } from 'ajv';
import { hashForSchema, type ErrorSchema, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
// The precompiled validator alone: the package's entry would bring Ajv's compiler too.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import {
  normaliseAnswers,
  pruneAnswers,
  stepFields,
  type Answers,
  type CompiledField,
  type CompiledStep,
  type FieldError,
  type JsonSchema,
  type MessageTexts,
  describeError,
  errorPath,
  fieldPosition,
  oneErrorPerField,
  type CompiledForm,
  type SchemaCheck,
  type SchemaChecks,
} from '#engine';
import { validatorFunctions, type ValidatorFunctions } from './compiled-validators';

export type EngineValidator = ValidatorType<Answers, RJSFSchema>;

/**
 * A form's validators, compiled by the server with exactly the engine's Ajv set-up (options, formats, keywords), so
 * the form accepts exactly the answers the API accepts (decision 0076): RJSF's for each step, the engine's checks for
 * the task list and check answers.
 */
export interface FormValidators {
  /** RJSF's validator of a step's schema (the step's own root schema). */
  rjsf: (schema: JsonSchema) => EngineValidator;
  /** The engine's validation (validateStep, validateApplication, stepStatuses) with the same functions. */
  checks: SchemaChecks;
}

const made = new WeakMap<ValidatorFunctions, FormValidators>();

function formValidatorsOf(functions: ValidatorFunctions): FormValidators {
  const known = made.get(functions);
  if (known) return known;
  const rjsf = new WeakMap<JsonSchema, EngineValidator>();
  const checks = new WeakMap<JsonSchema, SchemaCheck>();
  const validators: FormValidators = {
    rjsf: (schema) => {
      let validator = rjsf.get(schema);
      if (!validator) {
        validator = createPrecompiledValidator<Answers, RJSFSchema>(functions, schema as RJSFSchema);
        rjsf.set(schema, validator);
      }
      return validator;
    },
    checks: (schema) => {
      let check = checks.get(schema);
      if (!check) {
        const key = hashForSchema(schema as RJSFSchema);
        check = functions[key];
        if (!check) throw new Error(`No precompiled validator for the schema ${key}`);
        checks.set(schema, check);
      }
      return check;
    },
  };
  made.set(functions, validators);
  return validators;
}

/** The form's validators; suspends while they load (render inside <Suspense>). */
export function useFormValidators(form: CompiledForm): FormValidators {
  return formValidatorsOf(use(validatorFunctions(form)));
}

const isIndex = (segment: string) => /^\d+$/.test(segment);

/** Orders error paths as the questions are asked: field order, then item order inside groups. */
function compareByForm(fields: readonly CompiledField[]): (a: string, b: string) => number {
  // Positions found once per list of fields (engine fieldPosition): a sort compares 300 errors about 2,500 times.
  const rank = (scope: readonly CompiledField[], id: string) => fieldPosition(scope, id) ?? scope.length;
  return (a, b) => {
    const pa = a.split('.');
    const pb = b.split('.');
    let scope: readonly CompiledField[] = fields;
    for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
      const x = pa[i];
      const y = pb[i];
      if (x === undefined) return -1;
      if (y === undefined) return 1;
      if (x === y) {
        if (!isIndex(x)) scope = scope[fieldPosition(scope, x) ?? scope.length]?.items ?? [];
        continue;
      }
      if (isIndex(x) && isIndex(y)) return Number(x) - Number(y);
      return rank(scope, x) - rank(scope, y);
    }
    return 0;
  };
}

/** Field errors as RJSF's ErrorSchema, built in the order given (the error summary keeps it). */
function toErrorSchema(errors: readonly FieldError[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const { field, message } of errors) {
    let node = root;
    for (const segment of field.split('.').filter(Boolean)) {
      node = (node[segment] ??= {}) as Record<string, unknown>;
    }
    ((node.__errors ??= []) as string[]).push(message);
  }
  return root as ErrorSchema;
}

export interface StepValidation {
  valid: boolean;
  /** The answers that are kept: visible fields only, as JSON (what the API receives), normalised when valid. */
  answers: Answers;
  /** One error per field, in the order of the form. */
  errors: FieldError[];
  errorSchema: ErrorSchema;
}

/**
 * Validates a step's answers as Continue does: hidden conditional answers are pruned first (engine
 * pruneAnswers), then the step's schema is checked with the RJSF validator. Messages are in the
 * language of `texts` (the compiled form's).
 */
export function validateStepAnswers(
  validator: EngineValidator,
  step: CompiledStep,
  data: Answers | undefined,
  texts: MessageTexts = {},
  fileProblems: ReadonlyMap<string, string> = new Map(),
): StepValidation {
  const fields = stepFields(step);
  const pruned = JSON.parse(JSON.stringify(pruneAnswers(fields, data ?? {}))) as Answers;
  // The compiled check's own (verbose) errors, described as the engine describes them: RJSF's validateFormData turned
  // them into its errors first (titles, paths, an error schema), which took longer than the check and was then
  // replaced by the engine's messages (decision 0088). The `if` error of a conditional requirement is dropped: its
  // `then` error says it all.
  const { errors = [] } = validator.rawValidation<ErrorObject>(step.schema as RJSFSchema, pruned);
  const kept = oneErrorPerField(
    errors.filter((error) => error.keyword !== 'if'),
    errorPath,
    (error) => error.keyword,
  );
  const compare = compareByForm(fields);
  // A file question whose chosen file was refused has that refusal as its one error, not "Upload …".
  const refused = [...fileProblems]
    .filter(([field]) => pruned[field] === undefined)
    .map(([field, message]): FieldError => ({ field, message }));
  const ordered = kept
    .map((error): FieldError => {
      const field = errorPath(error);
      return { field, message: describeError(error, fields, field, texts) };
    })
    .filter((error) => !refused.some((r) => r.field === error.field))
    .concat(refused)
    .sort((a, b) => compare(a.field, b.field));
  const valid = ordered.length === 0;
  return {
    valid,
    answers: valid ? normaliseAnswers(fields, pruned) : pruned,
    errors: ordered,
    errorSchema: toErrorSchema(ordered),
  };
}

/** The step's own answers out of the whole application's (the starting data of its form). */
export function stepAnswersOf(step: CompiledStep, answers: Answers | undefined): Answers {
  const own: Answers = {};
  if (!answers) return own;
  for (const id of step.fieldIds) if (answers[id] !== undefined) own[id] = answers[id];
  return own;
}

/** The application's answers with a step's answers replaced (the engine's, shared with the server). */
export { mergeStepAnswers } from '#engine';
