import { displayName, pageInfo } from '#engine';
import type { Contact, ContactPage } from '#schemas/candidate-items';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/viewer';
import { pipelineApplication } from '../applications/application-access';
import { findContacts, type ContactRow } from './candidate-items.repository';

const STATUS: Record<ContactRow['status'], Contact['status']> = {
  queued: 'QUEUED',
  running: 'QUEUED',
  done: 'SENT',
  failed: 'FAILED',
  QUEUED: 'QUEUED',
  SENDING: 'QUEUED',
  SENT: 'SENT',
  FAILED: 'FAILED',
  SKIPPED: 'SKIPPED',
};

/**
 * GET …/contact/:n: page n (from 0) of the messages sent to the application's candidate, newest
 * first: the email jobs addressed to their account that are contacts (never sign-in codes or
 * account links, decision 0015) and the template messages of issue 16 (email or SMS, with their
 * text, sender and, when not sent, why).
 */
export async function contactPage(
  db: Db,
  viewer: Viewer,
  applicationId: string,
  page: number,
  size: number,
): Promise<ContactPage> {
  const application = await pipelineApplication(db, viewer, applicationId);
  const { rows, total } = await findContacts(db, viewer.organization.id, application.user_id, {
    offset: page * size,
    limit: size,
  });
  return {
    ...pageInfo(page, size, total, rows.length),
    content: rows.map((row) => ({
      id: row.id,
      channel: row.channel,
      subject: row.subject ?? '',
      text: row.text,
      sender:
        row.sender_first_name || row.sender_last_name
          ? displayName({ firstName: row.sender_first_name, lastName: row.sender_last_name })
          : null,
      status: STATUS[row.status],
      detail: row.detail,
      createdAt: new Date(row.created_at).toISOString(),
      sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
    })),
  };
}
