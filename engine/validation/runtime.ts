import ucs2length from 'ajv/dist/runtime/ucs2length';
import equal from 'ajv/dist/runtime/equal';
import { isValidEmail } from './email';
import type { AnswerFormat } from '../forms/kinds';
import { PHONE_CHECKS } from './phone';
import { POSTCODE_CHECKS } from './postcode';
import { isRichTextEmpty, wordCount } from './text';

/*
 * What validators compiled to standalone code call (decision 0076): the engine's formats and keyword functions, and
 * Ajv's two run-time helpers. Nothing here compiles, so the browser may load it (Ajv's compiler is ./ajv.ts).
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const FORMATS: Record<AnswerFormat, (value: string) => boolean> = {
  email: isValidEmail,
  ...PHONE_CHECKS,
  ...POSTCODE_CHECKS,
  date: isIsoDate,
};

/** The formats as Ajv format definitions: what compiled code calls (`formats["uk-mobile"].validate(data)`). */
export const FORMAT_DEFINITIONS = Object.fromEntries(
  Object.entries(FORMATS).map(([name, validate]) => [name, { type: 'string' as const, validate }]),
);

/** The functions the engine's keywords (`notBlank`, `maxWords`) call. */
export const KEYWORD_FUNCTIONS = { isRichTextEmpty, wordCount };

/** The names compiled code requires the engine's formats and keyword functions by. */
export const VALIDATOR_MODULES = {
  formats: 'engine/formats',
  keywords: 'engine/keywords',
} as const;

/** A CommonJS module's function: bundlers hand over its `default` export, Node (tsx) the whole `module.exports`. */
function defaultFunction<F>(imported: F | { default: F }): F {
  return typeof imported === 'function' ? imported : (imported as { default: F }).default;
}

const MODULES: Readonly<Record<string, unknown>> = {
  [VALIDATOR_MODULES.formats]: FORMAT_DEFINITIONS,
  [VALIDATOR_MODULES.keywords]: KEYWORD_FUNCTIONS,
  'ajv/dist/runtime/ucs2length': { default: defaultFunction(ucs2length) },
  'ajv/dist/runtime/equal': { default: defaultFunction(equal) },
};

/**
 * The `require` a standalone validator module is given: every name compiled code uses, and nothing else (a module
 * that needs more fails when it loads, not when a candidate presses Continue).
 */
export function runtimeRequire(name: string): unknown {
  if (!(name in MODULES)) throw new Error(`A compiled validator requires '${name}', which the engine does not provide`);
  return MODULES[name];
}

/** A module of standalone validators, as the server serves it and scripts/ generate it: a function of `require`. */
export type StandaloneModule<T> = (require: (name: string) => unknown) => T;
