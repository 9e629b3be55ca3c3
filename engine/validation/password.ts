/** Spec §5: at least 8 characters, with a letter, a digit, a special character, an uppercase and a lowercase letter. */
const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;

export type PasswordRule = 'length' | 'lowercase' | 'uppercase' | 'digit' | 'special';

const RULES: ReadonlyArray<[PasswordRule, (p: string) => boolean]> = [
  ['length', (p) => [...p].length >= PASSWORD_MIN_LENGTH && [...p].length <= PASSWORD_MAX_LENGTH],
  ['lowercase', (p) => /\p{Ll}/u.test(p)],
  ['uppercase', (p) => /\p{Lu}/u.test(p)],
  ['digit', (p) => /\p{Nd}/u.test(p)],
  ['special', (p) => /[^\p{L}\p{Nd}\s]/u.test(p)],
];

/** The rules a password breaks, in the order they are shown to the user as they type. */
export function passwordProblems(password: string): PasswordRule[] {
  return RULES.filter(([, ok]) => !ok(password)).map(([rule]) => rule);
}

export function isValidPassword(password: string): boolean {
  return passwordProblems(password).length === 0;
}
