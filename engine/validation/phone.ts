import type { TextFormat } from '#schemas/configuration';

/** A phone number as typed, without the spaces, dashes and brackets people write in it. */
const compact = (value: string) => value.replace(/[\s()-]/g, '');

/** A national number: the country's code (+44, +61, +852) read as the trunk prefix it stands for. */
function national(value: string, countryCode: string, trunk: string): string {
  const digits = compact(value);
  return digits.startsWith(countryCode) ? `${trunk}${digits.slice(countryCode.length)}` : digits;
}

/** Spec §5: UK mobile. An optional +44 becomes 0; then 11 digits starting 07. Spaces, dashes and brackets are ignored.
 * */
export function normaliseUkMobile(value: string): string {
  return national(value, '+44', '0');
}

export function isValidUkMobile(value: string): boolean {
  return /^07\d{9}$/.test(normaliseUkMobile(value));
}

/** Australian mobile: 04 and 8 digits, or +61 4 and 8 digits. */
function isValidAuMobile(value: string): boolean {
  return /^04\d{8}$/.test(national(value, '+61', '0'));
}

/** Hong Kong mobile: 8 digits starting 4, 5, 6, 7 or 9, with or without +852. */
function isValidHkMobile(value: string): boolean {
  return /^[45679]\d{7}$/.test(national(value, '+852', ''));
}

/** Any country's number in international form (E.164): + and 8 to 15 digits, the first not 0. */
function isValidInternationalPhone(value: string): boolean {
  return /^\+[1-9]\d{7,14}$/.test(compact(value));
}

/** The check of each phone format (decision 0034). */
export const PHONE_CHECKS = {
  'uk-mobile': isValidUkMobile,
  'au-mobile': isValidAuMobile,
  'hk-mobile': isValidHkMobile,
  'international-phone': isValidInternationalPhone,
} as const satisfies Partial<Record<TextFormat, (value: string) => boolean>>;
