import Ajv, { type Options } from 'ajv';
import { isValidEmail } from './email';
import type { AnswerFormat } from '../forms/kinds';
import { PHONE_CHECKS } from './phone';
import { POSTCODE_CHECKS } from './postcode';
import { isRichTextEmpty, wordCount } from './text';

/**
 * One Ajv set-up for client and server, so a form accepts exactly the answers the API accepts.
 * The options equal @rjsf/validator-ajv8's, whose validator the client builds with
 * `customizeValidator({ ajvFormatOptions: false, extenderFn: extendAjv })`.
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

/** Adds the engine's formats and keywords (`notBlank`, `maxWords`) to an Ajv instance. */
export function extendAjv(ajv: Ajv): Ajv {
  for (const [name, validate] of Object.entries(FORMATS)) ajv.addFormat(name, { type: 'string', validate });
  ajv.addKeyword({
    keyword: 'notBlank',
    type: 'string',
    schemaType: 'boolean',
    errors: false,
    validate: (enabled: boolean, data: string) => !enabled || !isRichTextEmpty(data),
  });
  ajv.addKeyword({
    keyword: 'maxWords',
    type: 'string',
    schemaType: 'number',
    errors: false,
    validate: (max: number, data: string) => wordCount(data) <= max,
  });
  return ajv;
}

let shared: Ajv | undefined;

/** The engine's Ajv instance; compiled validators are cached by the callers per schema object. */
export function engineAjv(): Ajv {
  shared ??= extendAjv(new Ajv(AJV_OPTIONS));
  return shared;
}
