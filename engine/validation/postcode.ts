import type { TextFormat } from '#schemas/configuration';
import { MESSAGES } from '#schemas/messages';

/** UK postcode format (including GIR 0AA); the message is spec §8's. */
export const INVALID_POST_CODE = MESSAGES.invalidPostCode;

const UK_POSTCODE =
  /^(GIR ?0AA|[A-PR-UWYZ]([0-9]{1,2}|[A-HK-Y][0-9]{1,2}|[0-9][A-HJKPSTUW]|[A-HK-Y][0-9][ABEHMNPRVWXY]) ?[0-9][ABD-HJLNP-UW-Z]{2})$/;

export function normalisePostCode(value: string): string {
  const compact = value.toUpperCase().replace(/\s+/g, '');
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

export function isValidPostCode(value: string): boolean {
  return value.trim().length <= 10 && UK_POSTCODE.test(normalisePostCode(value.trim()));
}

/** Australian postcode: 4 digits. */
function isValidAuPostcode(value: string): boolean {
  return /^\d{4}$/.test(value.trim());
}

/** Another country's postcode: 2 to 10 letters, digits, spaces and dashes, starting with a letter or digit. */
function isValidInternationalPostcode(value: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/.test(value.trim());
}

/** The check of each postcode format (decision 0034). */
export const POSTCODE_CHECKS = {
  'uk-postcode': isValidPostCode,
  'au-postcode': isValidAuPostcode,
  'international-postcode': isValidInternationalPostcode,
} as const satisfies Partial<Record<TextFormat, (value: string) => boolean>>;
