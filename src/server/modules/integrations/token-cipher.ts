import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/*
 * The HR system's access token is kept encrypted at rest (decision 0080): AES-256-GCM, a fresh 96-bit IV per token,
 * stored as base64url `iv.tag.ciphertext`. The 32-byte key is HR_TOKEN_KEY (64 hex characters) or, without it, a
 * key file made once in the data directory with mode 0600.
 */

export function encryptToken(key: Buffer, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join('.');
}

/** Throws when the text was not made with this key or was changed. */
export function decryptToken(key: Buffer, stored: string): string {
  const [iv, tag, ciphertext] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !ciphertext) throw new Error('Not an encrypted token');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
}

/** The key: HR_TOKEN_KEY when set, else `<dataDir>/hr-token.key`, made on first use (0600). */
export async function loadTokenKey(hex: string | null, dataDir: string): Promise<Buffer> {
  if (hex) return Buffer.from(hex, 'hex');
  const file = path.join(dataDir, 'hr-token.key');
  const existing = await readFile(file, 'utf8').catch(() => null);
  if (existing && /^[0-9a-f]{64}$/i.test(existing.trim())) return Buffer.from(existing.trim(), 'hex');
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(32);
  await writeFile(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' }).catch(async (error: unknown) => {
    // Another node made it first: use theirs.
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
  });
  await chmod(file, 0o600);
  return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
}
