import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import type { TSchema } from 'typebox';
import { describeSchemaErrors } from './schema-errors';

/**
 * Validation of configuration files (not requests: Fastify validates those with its own ajv).
 * allErrors so one run reports every problem in a file; verbose so messages can quote the
 * allowed values of a union.
 */
const ajv = new Ajv({ allErrors: true, verbose: true, strict: true });
// ajv-formats ships CommonJS; its default export arrives wrapped under some loaders.
export const addFormats = ((addFormatsPlugin as unknown as { default?: typeof addFormatsPlugin }).default ??
  addFormatsPlugin) as typeof addFormatsPlugin;
addFormats(ajv);

export class ConfigFileError extends Error {
  override name = 'ConfigFileError';
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

const compiled = new WeakMap<object, ValidateFunction>();

/**
 * Checks `value` against a TypeBox schema. Returns it typed, or throws ConfigFileError whose
 * lines read `<source>: <json pointer> <what was expected>`.
 */
export function validateConfig<T>(schema: TSchema, value: unknown, source: string): T {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (validate(value)) return value as T;
  const problems = describeSchemaErrors(validate.errors ?? []).map(
    (p) => `${source}: ${p.pointer === '' ? '(root)' : p.pointer} ${p.message}`,
  );
  throw new ConfigFileError(problems);
}
