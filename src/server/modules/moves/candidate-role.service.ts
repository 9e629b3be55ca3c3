import { entryStage } from '#engine';
import type { AssigneeResult } from '#schemas/pipeline';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/uuid';
import { noApplication, pipelineApplication } from '../applications/application-access';
import type { RoleRecord } from '../roles/role.repository';
import { roleOf } from '../roles/role.service';
import type { Viewer } from '../../lib/viewer';
import { cloneApplications } from './clone-applications';
import { findHiringUser, setAssignee } from './move.repository';
import { checkedTarget } from './move-rules';
import { personOf } from './move.view';

/** A role candidates can be added to by the hiring side: the organisation's, and not a template (404 / 409). */
export async function targetRoleOf(db: Db, viewer: Viewer, roleId: string): Promise<RoleRecord> {
  const role = await roleOf(db, viewer.organization, roleId);
  if (role.status === 'PRESET') throw conflict(`${role.name} is a role template: candidates cannot be added to it.`);
  return role;
}

/**
 * POST /candidate/:id/copy/:roleId: a new application of the same candidate on another role of the
 * organisation, its answers and documents copied, at that pipeline's entry stage (a COPY entry in
 * its history). 409 when the candidate already has an application for the role or has withdrawn.
 */
export async function copyToRole(db: Db, viewer: Viewer, id: string, roleId: string): Promise<{ id: string }> {
  const { organization } = viewer;
  const source = await pipelineApplication(db, viewer, id);
  const role = await targetRoleOf(db, viewer, roleId);
  if (source.state === 'WITHDRAWN')
    throw conflict('The candidate has withdrawn this application: it cannot be copied.');
  const entry = entryStage(organization.stages);
  if (!entry) throw new Error(`organisation ${organization.subdomain} has no pipeline stages`);
  const to = checkedTarget(organization.stages, entry.id, undefined);
  const [clone] = await db
    .transaction()
    .execute((trx) => cloneApplications(trx, organization, [source], role, to, 'COPY', viewer.user.id));
  if (!clone) throw conflict(`The candidate already has an application for ${role.name}.`);
  return { id: clone.id };
}

/**
 * POST /candidate/:id/assignee/:userId: the hiring manager (either level) of the organisation
 * responsible for the application; 'none' clears it. 404 for anyone else.
 */
export async function assignCandidate(db: Db, viewer: Viewer, id: string, userId: string): Promise<AssigneeResult> {
  const { organization } = viewer;
  if (!isUuid(id)) throw noApplication(id);
  let assignee: AssigneeResult['assignee'] = null;
  if (userId !== 'none') {
    const user = isUuid(userId) ? await findHiringUser(db, organization.id, userId.toLowerCase()) : undefined;
    if (!user) throw notFound(`No hiring manager with id '${userId}' in this organisation.`);
    assignee = personOf(user);
  }
  if (!(await setAssignee(db, organization.id, id.toLowerCase(), assignee?.id ?? null))) throw noApplication(id);
  return { id: id.toLowerCase(), assignee };
}
