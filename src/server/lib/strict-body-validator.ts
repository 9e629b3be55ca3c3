import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import { addFormats } from './json-validator';

/*
 * Fastify's default validation coerces request bodies ('array' coercion: `123` becomes "123",
 * `true` becomes 1 in a number-or-boolean union, "7" becomes 7) and silently drops properties a
 * schema does not allow. For JSON bodies that is wrong: a wrong type should be a 400 naming the
 * field. This compiler validates bodies as they are sent (no coercion, no removal, defaults
 * applied) and keeps coercion for params and query strings, which are text by nature.
 * A plugin opts in with `app.setValidatorCompiler(strictBodyValidatorCompiler)`.
 */

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: false, useDefaults: true, coerceTypes: coerce ? 'array' : false, removeAdditional: false });
  addFormats(ajv);
  return ajv;
}

const bodyAjv = makeAjv(false);
const textAjv = makeAjv(true);

export const strictBodyValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const validate: ValidateFunction = (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object);
  return validate;
};
