/** Spec §5: a standard address pattern (the WHATWG form-validation pattern, with a dotted domain). */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

const EMAIL_MAX_LENGTH = 254;

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** Spec §3: an address with the REJECTED marker opted out; one with the ANON marker is hidden. */
export function isOptedOutEmail(email: string | null | undefined): boolean {
  return !!email && email.includes('REJECTED');
}
export function isAnonymisedEmail(email: string | null | undefined): boolean {
  return !!email && email.includes('ANON');
}
