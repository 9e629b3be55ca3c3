import type { Db } from '../db/client';
import { enqueueJob } from '../jobs/job.repository';
import type { JobHandlers } from '../jobs/worker';
import type { MailTransport, OutgoingEmail } from './mail-transport';
import { DEFAULT_LANGUAGE } from '#engine';
import { findTranslations } from '../modules/translations/translation.repository';
import { languageLayer } from '../modules/translations/product-translations';
import { renderEmail, type EmailLanguage, type EmailTemplate } from './templates';

const EMAIL_JOB = 'email';

export interface QueueEmail {
  organizationId: string;
  /** The person the message is about (deleting their data deletes it while queued). */
  userId: string | null;
  to: string;
  template: EmailTemplate;
  /** The recipient's language (one the organisation offers); English when not known. */
  language?: string | null;
  /** A calendar invitation to send with the message (an interview booked, moved or cancelled). */
  calendar?: OutgoingEmail['calendar'];
}

/**
 * The messages that are contacts with a candidate, which the hiring side sees (GET …/contact/:n).
 * Account and sign-in messages are not: their subjects can hold a code, their bodies a link.
 */
const CONTACT_TEMPLATES: ReadonlySet<EmailTemplate['kind']> = new Set([
  'application_submitted',
  'interview_invitation',
  'interview_reminder',
  'interview_booked',
  'interview_updated',
  'interview_cancelled',
  'signature_request',
]);

/** The email texts of a language as the organisation writes it: the product's ▸ the organisation's own. */
async function emailLanguage(
  db: Db,
  organizationId: string,
  code: string | null | undefined,
): Promise<EmailLanguage | undefined> {
  if (!code || code === DEFAULT_LANGUAGE) return undefined;
  const [translation] = await findTranslations(db, organizationId, code);
  const layer = languageLayer(code, translation?.configuration);
  return layer && { code, texts: layer.text ?? {} };
}

/** Renders the message in the recipient's language and puts it on the jobs table; the worker sends it. */
export async function queueEmail(db: Db, email: QueueEmail): Promise<void> {
  const rendered = renderEmail(email.to, email.template, await emailLanguage(db, email.organizationId, email.language));
  const message = email.calendar ? { ...rendered, calendar: email.calendar } : rendered;
  await enqueueJob(db, {
    organizationId: email.organizationId,
    userId: email.userId,
    kind: EMAIL_JOB,
    payload: message,
    contactSubject: CONTACT_TEMPLATES.has(email.template.kind) ? message.subject : null,
  });
}

/** The job handlers of the worker: email goes out through the configured transport. */
export function emailJobHandlers(transport: MailTransport): JobHandlers {
  return {
    [EMAIL_JOB]: async (payload) => transport.send(payload as OutgoingEmail),
  };
}
