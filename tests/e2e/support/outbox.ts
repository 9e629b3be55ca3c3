import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';

/** Quoted-printable escapes as the bytes they stand for (a latin1 string: one character per byte). */
const qpBytes = (text: string) =>
  text.replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const utf8 = (bytes: string) => Buffer.from(bytes, 'latin1').toString('utf8');

/** Quoted-printable soft breaks and escapes undone, so links and words read whole. */
function decodeQuotedPrintable(text: string): string {
  return utf8(qpBytes(text.replace(/=\r?\n/g, '')));
}

/** A header's value unfolded, its MIME encoded words (=?UTF-8?Q?…?= or ?B?…?=) decoded. */
function headerValue(raw: string, name: string): string {
  const folded = new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'mi').exec(raw)?.[1] ?? '';
  const bytes = folded
    .replace(/\r?\n[ \t]/g, ' ')
    // Space between two encoded words is not part of the text.
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, encoding: string, word: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(word, 'base64').toString('latin1')
        : qpBytes(word.replace(/_/g, ' ')),
    );
  return utf8(bytes);
}

export interface OutboxMessage {
  file: string;
  subject: string;
  body: string;
}

async function messagesTo(email: string): Promise<OutboxMessage[]> {
  const dir = path.join(inject('dataDir'), 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const found: OutboxMessage[] = [];
  for (const file of files) {
    const raw = await readFile(path.join(dir, file), 'utf8');
    if (!new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'im').test(raw)) continue;
    found.push({ file, subject: headerValue(raw, 'Subject'), body: decodeQuotedPrintable(raw) });
  }
  return found;
}

/**
 * Waits for a new message to `email` (one not in `seen`) in the server's outbox, as a user
 * would wait for their inbox. The jobs worker writes it within about a second.
 */
export async function nextMessage(email: string, seen: Set<string>, timeoutMs = 15_000): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const fresh = (await messagesTo(email)).filter((m) => !seen.has(m.file));
    if (fresh.length > 0) {
      const message = fresh[fresh.length - 1]!;
      for (const m of fresh) seen.add(m.file);
      return message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No email to ${email} arrived in the outbox within ${timeoutMs} ms`);
}

export function linkIn(message: OutboxMessage, pathPart: string): string {
  const link = message.body.match(/https?:\/\/[^\s"<>]+/g)?.find((l) => l.includes(pathPart));
  if (!link) throw new Error(`No ${pathPart} link in "${message.subject}"`);
  return link;
}

export function codeIn(message: OutboxMessage): string {
  const code = /sign-in code is (\d{6})/.exec(message.body)?.[1];
  if (!code) throw new Error(`No code in "${message.subject}"`);
  return code;
}
