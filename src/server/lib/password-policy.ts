import { readFileSync } from 'node:fs';
import path from 'node:path';
import { passwordProblems } from '#engine';
import type { FieldError } from '#schemas/api';
import { message } from '#schemas/messages';
import { CONFIG_DIR } from '../paths';

let commonPasswords: Set<string> | null = null;

function loadCommonPasswords(): Set<string> {
  const text = readFileSync(path.join(CONFIG_DIR, 'reference-data', 'common-passwords.txt'), 'utf8');
  return new Set(
    text
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line && !line.startsWith('#')),
  );
}

const SWAPS: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '3': 'e',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
  '!': 'i',
  '8': 'b',
  '9': 'g',
};

/**
 * The stems of a password: leading and trailing digits and symbols dropped ('Summer2024!' →
 * 'summer'), then letter swaps inside the word undone ('p@ssw0rd' → 'password'; a 1 may stand
 * for i or l).
 */
function stems(password: string): string[] {
  const trimmed = password.toLowerCase().replace(/^[^a-z@$]+|[^a-z]+$/g, '');
  return ['i', 'l'].map((one) => trimmed.replace(/[@4305$7!89]/g, (c) => SWAPS[c] ?? c).replace(/1/g, one));
}

/** Whether the password (or its stem) is on the list of very common passwords. */
function isCommonPassword(password: string): boolean {
  commonPasswords ??= loadCommonPasswords();
  const list = commonPasswords;
  if (list.has(password.toLowerCase())) return true;
  return stems(password).some((stem) => stem.length >= 3 && list.has(stem));
}

/**
 * The policy every new password meets (sign-up, reset, change, on-boarding): the rules of spec
 * §5 from the engine, then the common-password list. Returns the field error, or null: 'passwordRules'
 * for a password that breaks the rules (the client lists each rule as the user types), else 'commonPassword'.
 */
export function passwordPolicyError(password: string, field: string): FieldError | null {
  if (passwordProblems(password).length > 0) return { field, ...message('passwordRules') };
  if (isCommonPassword(password)) return { field, ...message('commonPassword') };
  return null;
}
