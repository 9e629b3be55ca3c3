import type { Db } from '../../db/client';
import type { JobRow } from '../../db/types';
import type { MailTransport, OutgoingEmail } from '../../email/mail-transport';
import type { JobHandlers } from '../../jobs/worker';
import { newToken, sha256 } from '../../lib/secrets';
import { findOrganizationByKey } from '../organizations/organization.repository';
import { bookingLinkOf } from '../../lib/links';
import { findUserById } from '../user-store/user.repository';
import {
  failBatchMessages,
  findBatch,
  findQueuedMessages,
  findRecipients,
  finishMessage,
  claimMessage,
  renewInvitationToken,
} from './message.repository';
import {
  meetsRequirement,
  messageLanguage,
  placeholderValues,
  renderMessage,
  requirementOf,
  shownBookingLink,
  usesPlaceholder,
  type RenderedMessage,
} from './render';
import { MESSAGE_BATCH_JOB, senderNameOf, type BatchJobPayload } from './send.service';
import type { SmsTransport } from './sms-transport';
import { findTemplate } from './template.repository';

/** Messages read at a time. */
const CHUNK = 100;

export interface MessageTransports {
  mail: MailTransport;
  sms: SmsTransport;
}

/** The public one-click unsubscribe address of a message (RFC 8058). */
const unsubscribeUrl = (siteBase: string, token: string) =>
  `${siteBase}/api/public/communications/unsubscribe/${token}`;

/** An email with its List-Unsubscribe headers and a footer link to the page that stops these emails. */
function emailOf(to: string, rendered: RenderedMessage, siteBase: string, token: string): OutgoingEmail {
  const page = `${siteBase}/unsubscribe/${token}`;
  return {
    to,
    subject: rendered.subject ?? '',
    html: `${rendered.html ?? ''}<hr><p><a href="${page}">Stop these emails</a></p>`,
    text: `${rendered.text}\n\n--\nStop these emails: ${page}`,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl(siteBase, token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * Sends a batch's QUEUED messages, one at a time: each is taken (QUEUED → SENDING) before it goes
 * and recorded (SENT) after, so a run that dies between the two leaves it SENDING — and the next run
 * marks it FAILED rather than risk sending it twice. A message the transport refuses goes back to
 * QUEUED and the job throws, so the queue runs it again with backoff; after the last try it FAILS.
 */
async function runBatch(db: Db, transports: MessageTransports, job: JobRow, payload: BatchJobPayload): Promise<void> {
  const batch = await findBatch(db, payload.batchId);
  if (!batch) return;
  await failBatchMessages(db, batch.id, 'SENDING', 'Interrupted while sending; not sent again in case it went out.');
  const organization = await findOrganizationByKey(db, batch.organization_id);
  const template = batch.template_id ? await findTemplate(db, batch.organization_id, batch.template_id) : undefined;
  if (!organization || !template) {
    await failBatchMessages(db, batch.id, 'QUEUED', 'The template was deleted before the message was sent.');
    return;
  }
  const sender = batch.sender_id ? await findUserById(db, batch.sender_id) : undefined;
  const senderName = sender ? senderNameOf(sender) : organization.name;
  const requirement = requirementOf(template);
  const carriesLink = usesPlaceholder(template, 'bookingLink');
  const lastTry = job.attempts >= job.max_attempts;
  let failures = 0;
  let after: string | null = null;
  for (;;) {
    const messages = await findQueuedMessages(db, batch.id, after, CHUNK);
    if (messages.length === 0) break;
    after = messages.at(-1)!.id;
    const ids = messages.flatMap((m) => (m.application_id ? [m.application_id] : []));
    const recipients = await findRecipients(db, organization.id, ids);
    for (const message of messages) {
      const recipient = message.application_id ? recipients.get(message.application_id) : undefined;
      if (!(await claimMessage(db, message.id))) continue;
      if (!recipient || !message.to_address) {
        await finishMessage(db, message.id, { status: 'FAILED', error: 'The application no longer exists.' });
        continue;
      }
      if (!meetsRequirement(recipient, requirement)) {
        await finishMessage(db, message.id, { status: 'SKIPPED', reason: 'NOTHING_TO_FILL' });
        continue;
      }
      const language = messageLanguage(template.texts, message.language);
      // A message with {{bookingLink}} carries a new link to the invitation (decision 0060).
      const invitationId = carriesLink ? recipient.invitation_id : null;
      const linkToken = invitationId && newToken();
      const bookingLink = linkToken && bookingLinkOf(batch.site_base, linkToken);
      const values = placeholderValues(recipient, { organization, senderName, language, bookingLink });
      const rendered = renderMessage(template, language, values);
      // What the contact history keeps: the link's token is the candidate's alone.
      const recorded = bookingLink
        ? renderMessage(template, language, { ...values, bookingLink: shownBookingLink(batch.site_base) })
        : rendered;
      const token = template.channel === 'EMAIL' ? newToken() : null;
      try {
        if (token) await transports.mail.send(emailOf(message.to_address, rendered, batch.site_base, token));
        else await transports.sms.send({ to: message.to_address, text: rendered.text });
      } catch (error) {
        failures++;
        const text = error instanceof Error ? error.message : String(error);
        await finishMessage(db, message.id, { status: lastTry ? 'FAILED' : 'QUEUED', error: text });
        continue;
      }
      // The link changes only once the message carrying it has gone: until then the earlier one still works.
      await db.transaction().execute(async (trx) => {
        if (invitationId && linkToken) await renewInvitationToken(trx, invitationId, sha256(linkToken));
        await finishMessage(trx, message.id, {
          status: 'SENT',
          subject: recorded.subject,
          text: recorded.text,
          unsubscribeTokenHash: token && sha256(token),
        });
      });
    }
  }
  if (failures > 0 && !lastTry) throw new Error(`${failures} message(s) could not be sent yet; trying again.`);
}

/** The worker's handler for message batches (main.ts adds it; tests run it directly). */
export function messageJobHandlers(db: Db, transports: MessageTransports): JobHandlers {
  return {
    [MESSAGE_BATCH_JOB]: (payload, job) => runBatch(db, transports, job, payload as BatchJobPayload),
  };
}
