import { pageInfo } from '#engine';
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
};

/**
 * GET …/contact/:n: page n (from 0) of the messages sent to the application's candidate, newest
 * first: the email jobs addressed to their account that are contacts (never sign-in codes or
 * account links, decision 0015).
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
      subject: row.contact_subject ?? '',
      status: STATUS[row.status],
      createdAt: row.created_at.toISOString(),
      sentAt: row.status === 'done' ? (row.finished_at?.toISOString() ?? null) : null,
    })),
  };
}
