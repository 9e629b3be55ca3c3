import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** Argon2id (the package's `Algorithm.Argon2id`; a const enum, which isolatedModules cannot read). */
const ARGON2ID = 2 as Algorithm;

export interface PasswordHashingCost {
  memoryKib: number;
  timeCost: number;
}

/**
 * OWASP's minimum argon2id profile (19 MiB, 2 passes, 1 lane): ~20 ms here, on libuv's pool so
 * the event loop stays free. The PHC string records the parameters, so raising them later keeps
 * old hashes verifiable.
 */
export const DEFAULT_PASSWORD_HASHING: PasswordHashingCost = { memoryKib: 19_456, timeCost: 2 };

let options = {
  algorithm: ARGON2ID,
  memoryCost: DEFAULT_PASSWORD_HASHING.memoryKib,
  timeCost: DEFAULT_PASSWORD_HASHING.timeCost,
  parallelism: 1,
};

/**
 * Sets the cost of new hashes, from configuration (ARGON2_MEMORY_KIB, ARGON2_TIME_COST) at start.
 * Tests lower it to stay fast; the code path is the same.
 */
export function configurePasswordHashing(cost: PasswordHashingCost): void {
  options = { ...options, memoryCost: cost.memoryKib, timeCost: cost.timeCost };
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** False (never a throw) for a wrong password or a malformed stored hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies against a throw-away hash so that a sign-in for an address with no account (or no
 * password) takes as long as one with a wrong password: timing must not tell whether an account
 * exists.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy password for timing only');
  await verifyPassword(await dummyHash, password);
  return false;
}
