import Ajv, { _, type ErrorObject, type KeywordCxt, type Options } from 'ajv';
import type { JsonSchema } from '../forms/types';
import { FORMAT_DEFINITIONS, KEYWORD_FUNCTIONS, VALIDATOR_MODULES } from './runtime';

/**
 * One Ajv set-up for client and server, so a form accepts exactly the answers the API accepts.
 * The options equal @rjsf/validator-ajv8's. The server compiles with it at run time; the browser runs the same
 * validators compiled to standalone code (decision 0076), which reach the engine's formats and keywords through
 * `runtimeRequire` (./runtime.ts).
 */
export const AJV_OPTIONS: Options = {
  allErrors: true,
  multipleOfPrecision: 8,
  strict: false,
  verbose: true,
  discriminator: false,
  // An answer is a property of the answers object itself: {} has no answer named `toString` (decision 0005).
  ownProperties: true,
};

/**
 * Ajv's `code` options for standalone validators whose formats come from `runtimeRequire` (a function: nothing of Ajv
 * runs when the engine is imported, so a bundle that never compiles leaves Ajv out).
 */
export function standaloneCodeOptions(): NonNullable<Options['code']> {
  return { source: true, lines: false, formats: _`require(${VALIDATOR_MODULES.formats})` };
}

/**
 * A keyword that calls one of KEYWORD_FUNCTIONS: at run time Ajv calls the function itself (`ref`), and standalone
 * code calls it by name (`code`), so a schema compiles the same both ways.
 */
function keywordFunction(cxt: KeywordCxt, name: keyof typeof KEYWORD_FUNCTIONS) {
  return cxt.gen.scopeValue('func', {
    key: `engine:${name}`,
    ref: KEYWORD_FUNCTIONS[name],
    code: _`require(${VALIDATOR_MODULES.keywords})[${name}]`,
  });
}

/** Adds the engine's formats and keywords (`notBlank`, `maxWords`) to an Ajv instance. */
export function extendAjv(ajv: Ajv): Ajv {
  for (const [name, definition] of Object.entries(FORMAT_DEFINITIONS)) ajv.addFormat(name, definition);
  ajv.addKeyword({
    keyword: 'notBlank',
    type: 'string',
    schemaType: 'boolean',
    code(cxt) {
      if (cxt.schema === true) cxt.fail(_`${keywordFunction(cxt, 'isRichTextEmpty')}(${cxt.data})`);
    },
  });
  ajv.addKeyword({
    keyword: 'maxWords',
    type: 'string',
    schemaType: 'number',
    code(cxt) {
      cxt.fail(_`${keywordFunction(cxt, 'wordCount')}(${cxt.data}) > ${cxt.schemaCode}`);
    },
  });
  return ajv;
}

let shared: Ajv | undefined;

/** The engine's Ajv instance; compiled validators are cached by the callers per schema object. */
function engineAjv(): Ajv {
  shared ??= extendAjv(new Ajv(AJV_OPTIONS));
  return shared;
}

/** A compiled check of one JSON Schema, as Ajv gives it: true or false, and the errors of the last call. */
export type SchemaCheck = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * How the engine's validation finds the check of a schema: compiled at run time on the server (`compiledChecks`),
 * precompiled in the browser, which cannot compile without `'unsafe-eval'` (decision 0076).
 */
export type SchemaChecks = (schema: JsonSchema) => SchemaCheck;

const compiled = new WeakMap<JsonSchema, SchemaCheck>();

/** Checks compiled with the engine's Ajv at run time, once per schema object (the server's). */
export const compiledChecks: SchemaChecks = (schema) => {
  let check = compiled.get(schema);
  if (!check) {
    check = engineAjv().compile(schema);
    compiled.set(schema, check);
  }
  return check;
};

/**
 * Ajv's standalone code (CommonJS) as an ES module whose default export is a function of `require` (a
 * StandaloneModule): the browser gives it runtimeRequire, so the module imports nothing and compiles nothing.
 */
export function standaloneModule(code: string): string {
  return `export default function (require) {\nconst module = { exports: {} };\nconst exports = module.exports;\n${code}\nreturn module.exports;\n}\n`;
}
