import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** A message as the email job carries it. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message is about, if any (logged in outbox mode so a local user can follow it). */
  link?: string;
  /**
   * A calendar invitation (RFC 5545 text) sent as the message's text/calendar part and as an .ics file: REQUEST and
   * CANCEL for an interview booked, moved or cancelled; PUBLISH for an event's place.
   */
  calendar?: { method: 'REQUEST' | 'CANCEL' | 'PUBLISH'; content: string; filename?: string };
  /** Extra header lines: a bulk message's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/** The nodemailer fields of a message's calendar invitation, if it has one. */
function calendarParts(message: OutgoingEmail) {
  if (!message.calendar) return {};
  const { method, content, filename = 'interview.ics' } = message.calendar;
  return {
    icalEvent: { method, content, filename },
  };
}

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox' | 'memory';
  send: (message: OutgoingEmail) => Promise<void>;
  close?: () => void;
}

interface Log {
  info: (object: object, message: string) => void;
}

/** Sends over SMTP with nodemailer (SMTP_URL, e.g. smtp://user:pass@mail.example:587). */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    send: async (message) => {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers && { headers: message.headers }),
        ...calendarParts(message),
      });
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP: each message becomes an .eml file in `dir` (open it in any mail program) and a
 * log line with its link, so a local user can finish sign-up without a mail server.
 */
export function outboxTransport(dir: string, from: string, log?: Log): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    kind: 'outbox',
    send: async (message) => {
      const info = await builder.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers && { headers: message.headers }),
        ...calendarParts(message),
      });
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${String(++sequence).padStart(4, '0')}-${process.pid}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log?.info(
        { to: message.to, subject: message.subject, file, link: message.link },
        'email written to the outbox (no SMTP_URL)',
      );
    },
  };
}

/** Keeps messages in memory: tests read them from `sent`. */
export function memoryTransport(): MailTransport & { sent: OutgoingEmail[] } {
  const sent: OutgoingEmail[] = [];
  return {
    kind: 'memory',
    sent,
    send: async (message) => {
      sent.push(message);
    },
  };
}

export interface MailSettings {
  smtpUrl: string | null;
  mailFrom: string;
  outboxDir: string;
}

export function createMailTransport(settings: MailSettings, log?: Log): MailTransport {
  return settings.smtpUrl
    ? smtpTransport(settings.smtpUrl, settings.mailFrom)
    : outboxTransport(settings.outboxDir, settings.mailFrom, log);
}
