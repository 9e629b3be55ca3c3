import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { schemaParser, type RJSFSchema } from '@rjsf/utils';
import {
  AJV_OPTIONS,
  standaloneCodeOptions,
  extendAjv,
  standaloneModule,
  type CompiledForm,
  type JsonSchema,
} from '#engine';

/** The schemas the browser validates a form against: each step's (Continue) and the whole application's (Submit). */
export function formSchemas(form: CompiledForm): JsonSchema[] {
  return [...form.steps.map((step) => step.schema), form.schema];
}

/**
 * The validators of `schemas` as the source of an ES module (decision 0076). Each schema is compiled with every
 * sub-schema RJSF checks while it renders (its conditions), keyed as RJSF's precompiled validator looks them up (the
 * schema's hash), by the engine's Ajv set-up; nothing in it compiles at run time. The module's default export is a
 * function of `require` (the engine's runtimeRequire), which returns the validators by key.
 */
export function validatorModuleCode(schemas: readonly JsonSchema[]): string {
  const byKey: Record<string, object> = {};
  for (const schema of schemas) Object.assign(byKey, schemaParser(schema as RJSFSchema));
  const ajv = extendAjv(new Ajv({ ...AJV_OPTIONS, code: standaloneCodeOptions(), schemas: Object.values(byKey) }));
  return standaloneModule(standaloneCode(ajv));
}
