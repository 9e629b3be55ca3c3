import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_HASHING, configurePasswordHashing, hashPassword, verifyPassword } from '#server/lib/password';
import { TEST_PASSWORD_HASHING } from '../helpers/test-db';

// Test databases lower the cost for speed (tests/helpers/test-db.ts); modules are shared between
// the files of a worker, so this file sets the production cost it checks, then lowers it again.

describe('password hashing', () => {
  beforeAll(() => configurePasswordHashing(DEFAULT_PASSWORD_HASHING));
  afterAll(() => configurePasswordHashing(TEST_PASSWORD_HASHING));

  it('hashes with argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('CandidDemo#2026');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'CandidDemo#2026')).toBe(true);
    expect(await verifyPassword(hash, 'candiddemo#2026')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('answers false, not an error, for a malformed stored hash', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });
});
