import type { CompiledForm } from '#engine';
import { setValidatorLoader, type ValidatorFunctions } from '#client/engine-ui/compiled-validators';
import type { EngineValidator } from '#client/engine-ui/validation';
import { formSchemas, validatorModuleCode } from '#server/modules/forms/validator-code';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { RJSFSchema } from '@rjsf/utils';
import { evaluateModule } from '../helpers/validator-module';
import type { Answers, JsonSchema } from '#engine';

/*
 * jsdom has no server to compile a form's validators, so the client tests compile them here with the server's own
 * code generator (decision 0076) and run the module it writes: the browser's path, without the network.
 */

const compiled = new WeakMap<CompiledForm, ValidatorFunctions>();

/** A form's precompiled validators, as the browser gets them from the server. */
function precompiledValidators(form: CompiledForm): ValidatorFunctions {
  let functions = compiled.get(form);
  if (!functions) {
    functions = evaluateModule<ValidatorFunctions>(validatorModuleCode(formSchemas(form)));
    compiled.set(form, functions);
  }
  return functions;
}

/** RJSF's precompiled validator of one of a form's schemas (a step's), as StepForm builds it. */
export function stepValidator(form: CompiledForm, schema: JsonSchema): EngineValidator {
  return createPrecompiledValidator<Answers, RJSFSchema>(precompiledValidators(form), schema as RJSFSchema);
}

/** Every client test's forms get their validators this way (tests/client/setup.ts). */
export function installPrecompiledValidators(): void {
  setValidatorLoader((form) => precompiledValidators(form));
}
