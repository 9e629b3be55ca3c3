import type { Db } from '../../db/client';
import type { ApplicationRow } from '../../db/types';
import { isUuid } from '../../lib/uuid';
import { noApplication } from '../applications/application-access';
import type { Viewer } from '../users/user.service';
import { findPipelineApplication } from './candidate-items.repository';

/**
 * An application the hiring side attaches items to: a submitted or withdrawn application of the
 * caller's organisation. Drafts (not in the pipeline, never listed), other organisations'
 * applications and malformed ids all answer 404. The caller's role is checked by the routes.
 */
export async function pipelineApplication(db: Db, viewer: Viewer, id: string): Promise<ApplicationRow> {
  const application = isUuid(id) ? await findPipelineApplication(db, viewer.organization.id, id) : undefined;
  if (!application) throw noApplication(id);
  return application;
}
