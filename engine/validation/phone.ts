/** Spec §5: UK mobile. An optional +44 becomes 0; then 11 digits starting 07. Spaces, dashes and brackets are ignored.
 * */
export function normaliseUkMobile(value: string): string {
  const compact = value.replace(/[\s()-]/g, '');
  return compact.startsWith('+44') ? `0${compact.slice(3)}` : compact;
}

export function isValidUkMobile(value: string): boolean {
  return /^07\d{9}$/.test(normaliseUkMobile(value));
}
