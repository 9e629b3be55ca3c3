import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** An opaque token: 256 random bits, base64url (43 characters). Only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** SHA-256, hex: how tokens, cookies and codes are stored and looked up. */
export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** A one-time password of `length` digits, uniformly random. */
export function newNumericCode(length: number): string {
  return Array.from({ length }, () => randomInt(0, 10)).join('');
}

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
