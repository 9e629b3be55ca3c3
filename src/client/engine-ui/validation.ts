import { use } from 'react';
import {
  hashForSchema,
  type ErrorSchema,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type ValidatorType,
} from '@rjsf/utils';
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
  oneErrorPerField,
  type CompiledForm,
  type SchemaCheck,
  type SchemaChecks,
} from '#engine';
import { propertyPath } from './ids';
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

/** The value of the keyword an error came from (`#/properties/whyAcme/maxWords` → 250); RJSF drops Ajv's `schema`. */
function keywordValue(root: JsonSchema, schemaPath: string | undefined): unknown {
  if (!schemaPath?.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of schemaPath.slice(2).split('/')) {
    if (node === null || typeof node !== 'object') return undefined;
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/**
 * RJSF errors → the engine's messages: one message per field that names it and says how to put
 * it right (engine/validation/messages.ts), found by the engine's describeError among the step's fields.
 * The `if` error of a conditional requirement is dropped: its `then` error says it all.
 */
function createTransformErrors(
  fields: readonly CompiledField[],
  rootSchema: JsonSchema,
  texts: MessageTexts = {},
): ErrorTransformer {
  return (errors: RJSFValidationError[]) =>
    errors
      .filter((error) => error.name !== 'if')
      .map((error) => {
        let path = propertyPath(error.property);
        const params = (error.params ?? {}) as Record<string, unknown>;
        if (error.name === 'additionalProperties' && typeof params.additionalProperty === 'string') {
          path = path ? `${path}.${params.additionalProperty}` : params.additionalProperty;
        }
        const message = describeError(
          { keyword: error.name ?? '', params, schema: keywordValue(rootSchema, error.schemaPath) },
          fields,
          path,
          texts,
        );
        const property = path ? `.${path}` : '';
        return { ...error, property, message, stack: `${property} ${message}`.trim() };
      });
}

const isIndex = (segment: string) => /^\d+$/.test(segment);

/** Orders error paths as the questions are asked: field order, then item order inside groups. */
function compareByForm(fields: readonly CompiledField[]): (a: string, b: string) => number {
  // Each scope's positions, found once: a sort compares 300 errors about 2,500 times.
  const positions = new Map<readonly CompiledField[], Map<string, number>>();
  const rank = (scope: readonly CompiledField[], id: string) => {
    let known = positions.get(scope);
    if (!known) {
      known = new Map();
      for (const [index, f] of scope.entries()) if (!known.has(f.id)) known.set(f.id, index);
      positions.set(scope, known);
    }
    return known.get(id) ?? scope.length;
  };
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
        if (!isIndex(x)) scope = scope.find((f) => f.id === x)?.items ?? [];
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

const transforms = new WeakMap<CompiledStep, ErrorTransformer>();

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
  let transform = transforms.get(step);
  if (!transform) {
    transform = createTransformErrors(fields, step.schema, texts);
    transforms.set(step, transform);
  }
  const { errors } = validator.validateFormData(pruned, step.schema as RJSFSchema, undefined, transform);
  const kept = oneErrorPerField(
    errors,
    (error) => propertyPath(error.property),
    (error) => error.name ?? '',
  );
  const compare = compareByForm(fields);
  // A file question whose chosen file was refused has that refusal as its one error, not "Upload …".
  const refused = [...fileProblems]
    .filter(([field]) => pruned[field] === undefined)
    .map(([field, message]): FieldError => ({ field, message }));
  const ordered = kept
    .map((error): FieldError => ({ field: propertyPath(error.property), message: error.message ?? '' }))
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
