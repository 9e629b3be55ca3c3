import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SmsProviderSettings } from '../../config';

/** An SMS as the worker hands it over: the number as the candidate gave it, the rendered text. */
export interface OutgoingSms {
  to: string;
  text: string;
}

/**
 * Every SMS leaves through one interface (decision 0045): a Twilio-style HTTP provider, or the local
 * outbox the demo and end-to-end tests read; tests keep them in memory. Throwing means "try again later".
 */
export interface SmsTransport {
  readonly kind: 'provider' | 'outbox' | 'memory';
  send: (message: OutgoingSms) => Promise<void>;
}

/** POST {apiUrl}/Accounts/{sid}/Messages.json, form-encoded To, From, Body, with HTTP Basic credentials. */
export function providerSmsTransport(settings: SmsProviderSettings, fetchImpl: typeof fetch = fetch): SmsTransport {
  const url = `${settings.apiUrl.replace(/\/$/, '')}/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const credentials = Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64');
  return {
    kind: 'provider',
    send: async (message) => {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { authorization: `Basic ${credentials}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: message.to, From: settings.from, Body: message.text }).toString(),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 300);
        throw new Error(`The SMS provider answered ${response.status}${detail ? `: ${detail}` : ''}`);
      }
    },
  };
}

/** Without a provider: each SMS becomes a .sms text file beside the outbox's emails. */
function outboxSmsTransport(dir: string): SmsTransport {
  let sequence = 0;
  return {
    kind: 'outbox',
    send: async (message) => {
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${String(++sequence).padStart(4, '0')}-${process.pid}.sms`);
      await writeFile(file, `To: ${message.to}\n\n${message.text}\n`, { mode: 0o600 });
    },
  };
}

/** Keeps messages in memory: tests read them from `sent`. */
export function memorySmsTransport(): SmsTransport & { sent: OutgoingSms[] } {
  const sent: OutgoingSms[] = [];
  return {
    kind: 'memory',
    sent,
    send: async (message) => {
      sent.push(message);
    },
  };
}

export function createSmsTransport(settings: { sms: SmsProviderSettings | null; outboxDir: string }): SmsTransport {
  return settings.sms ? providerSmsTransport(settings.sms) : outboxSmsTransport(settings.outboxDir);
}
