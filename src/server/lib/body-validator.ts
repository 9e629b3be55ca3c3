import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import { compiledOnce } from './compiled-once';
import { addFormats } from './json-validator';

/*
 * Fastify's default validation coerces request bodies ('array' coercion: `123` becomes "123",
 * `true` becomes 1 in a number-or-boolean union, "7" becomes 7). For JSON bodies that is wrong: a
 * wrong type should be a 400 naming the field. These compilers validate bodies as they are sent
 * (no coercion, defaults applied) and keep coercion for params and query strings, which are text
 * by nature.
 * - `bodyValidatorCompiler` (every route, set by buildApp) refuses the body properties a schema
 *   with `additionalProperties: false` does not allow, with a 400 naming each (issue 19, decision
 *   0047): a field the server would ignore (userType, organisation, a misspelt name) is a mistake
 *   the caller must hear about, never silently dropped nor assigned. Unknown query parameters are
 *   still dropped (links carry tracking parameters).
 * - `strictBodyValidatorCompiler` refuses them in query strings too, naming each: for routes where
 *   an unknown name is a mistake the caller must hear about (a misspelt search filter would
 *   silently widen the search). A plugin opts in with
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

/**
 * Bodies as sent, unknown properties refused; params and query strings coerced, unknown ones dropped or refused. Each
 * schema is compiled once per process for each part (compiled-once.ts).
 */
function compilerFor(dropUnknownText: boolean): FastifySchemaCompiler<unknown> {
  const bodyAjv = makeAjv({ coerce: false, dropUnknown: false });
  const textAjv = makeAjv({ coerce: true, dropUnknown: dropUnknownText });
  const once = compiledOnce<ValidateFunction>();
  return ({ schema, httpPart }) => {
    const part = httpPart === 'body' ? 'body' : 'text';
    return once(`${part} ${JSON.stringify(schema)}`, () =>
      (part === 'body' ? bodyAjv : textAjv).compile(schema as object),
    );
  };
}

export const bodyValidatorCompiler = compilerFor(true);
export const strictBodyValidatorCompiler = compilerFor(false);
