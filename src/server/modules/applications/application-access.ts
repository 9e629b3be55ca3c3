import { isHiringManager } from '#engine';
import type { Db } from '../../db/client';
import type { ApplicationRow } from '../../db/types';
import { message } from '#schemas/messages';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/uuid';
import type { Viewer } from '../../lib/viewer';
import { findApplication, findPipelineApplications, type ApplicationRecord } from './application.repository';

export const noApplication = (id: string) => notFound(message('noApplication', { id }));

/**
 * An application the caller may read: a candidate's own, or any of the organisation's for the
 * hiring side. Anything else (another candidate's, another organisation's, a malformed id) is a
 * 404, as if it did not exist.
 */
export async function visibleApplication(db: Db, viewer: Viewer, id: string): Promise<ApplicationRecord> {
  const application = isUuid(id) ? await findApplication(db, viewer.organization.id, id) : undefined;
  if (!application) throw noApplication(id);
  if (application.user_id !== viewer.user.id && !isHiringManager(viewer.user.user_type)) throw noApplication(id);
  return application;
}

/** An application the caller may change as its candidate: their own. */
export async function ownApplication(db: Db, viewer: Viewer, id: string): Promise<ApplicationRecord> {
  const application = await visibleApplication(db, viewer, id);
  if (application.user_id !== viewer.user.id) throw forbidden(message('candidateOnlyChange'));
  return application;
}

/** The candidate's own application while it is still a draft. */
export async function ownDraft(db: Db, viewer: Viewer, id: string): Promise<ApplicationRecord> {
  const application = await ownApplication(db, viewer, id);
  if (application.state !== 'DRAFT') throw badRequest(message('applicationSubmitted'));
  return application;
}

/**
 * An application of the hiring side's pipeline: a submitted or withdrawn application of the
 * caller's organisation. Drafts (not in the pipeline, never listed), other organisations'
 * applications and malformed ids all answer 404. The caller's role is checked by the routes.
 */
export async function pipelineApplication(db: Db, viewer: Viewer, id: string): Promise<ApplicationRow> {
  const [application] = isUuid(id)
    ? await findPipelineApplications(db, viewer.organization.id, [id.toLowerCase()])
    : [];
  if (!application) throw noApplication(id);
  return application;
}
