import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** Argon2id (the package's `Algorithm.Argon2id`; a const enum, which isolatedModules cannot read). */
const ARGON2ID = 2 as Algorithm;

/**
 * OWASP's minimum argon2id profile (19 MiB, 2 passes, 1 lane): ~20 ms here, on libuv's pool so
 * the event loop stays free. The PHC string records these, so raising them later keeps old
 * hashes verifiable.
 */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False (never a throw) for a wrong password or a malformed stored hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
