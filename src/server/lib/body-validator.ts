import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import { addFormats } from './json-validator';

/*
 * Fastify's default validation coerces request bodies ('array' coercion: `123` becomes "123",
 * `true` becomes 1 in a number-or-boolean union, "7" becomes 7). For JSON bodies that is wrong: a
 * wrong type should be a 400 naming the field. These compilers validate bodies as they are sent
 * (no coercion, defaults applied) and keep coercion for params and query strings, which are text
 * by nature.
 * - `bodyValidatorCompiler` (every route, set by buildApp) drops the properties a schema with
 *   `additionalProperties: false` does not allow: a client may send a whole record back and the
 *   fields it may not change (userType, organisation, id) are ignored, never assigned.
 * - `strictBodyValidatorCompiler` refuses them instead (in query strings too), naming each: for
 *   bodies where an unknown name is a mistake the caller must hear about (a misspelt search filter
 *   would silently widen the search). A plugin opts in with
 *   `app.setValidatorCompiler(strictBodyValidatorCompiler)`.
 */

function makeAjv(options: { coerce: boolean; dropUnknown: boolean }): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    verbose: true,
    strict: false,
    useDefaults: true,
    coerceTypes: options.coerce ? 'array' : false,
    removeAdditional: options.dropUnknown,
  });
  addFormats(ajv);
  return ajv;
}

/** Bodies as sent; params and query strings coerced from text. Unknown properties dropped or refused. */
function compilerFor(dropUnknown: boolean): FastifySchemaCompiler<unknown> {
  const bodyAjv = makeAjv({ coerce: false, dropUnknown });
  const textAjv = makeAjv({ coerce: true, dropUnknown });
  return ({ schema, httpPart }) => {
    const validate: ValidateFunction = (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object);
    return validate;
  };
}

export const bodyValidatorCompiler = compilerFor(true);
export const strictBodyValidatorCompiler = compilerFor(false);
