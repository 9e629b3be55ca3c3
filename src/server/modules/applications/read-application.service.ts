import type { CompiledForm } from '#engine';
import type { ApplicationListItem, ApplicationRecord as ApplicationView } from '#schemas/application';
import type { Db } from '../../db/client';
import type { OrganizationRecord } from '../../db/types';
import { findApplicationDocuments } from '../document-store/document.repository';
import { roleOf } from '../roles/role.service';
import type { Viewer } from '../../lib/viewer';
import { visibleApplication } from './application-access';
import { findCandidateApplications, type ApplicationRecord } from './application.repository';
import { toApplicationListItem, toApplicationView } from './application.view';
import { roleForm } from './role-form';
import { earlierLayers } from '../configurations/configuration.repository';
import { withoutHr } from '../organizations/organization.service';

/** The record as the API answers it, with its role's name and its documents. */
export async function applicationView(
  db: Db,
  viewer: Viewer,
  application: ApplicationRecord,
  role?: { id: string; name: string },
): Promise<ApplicationView> {
  const [named, documents, pinned] = await Promise.all([
    role ?? roleOf(db, viewer.organization, application.role_id),
    findApplicationDocuments(db, application.organization_id, application.id),
    application.state === 'DRAFT' && application.configuration_version !== null
      ? earlierLayers(db, application.organization_id, application.configuration_version)
      : undefined,
  ]);
  const view = toApplicationView(application, named, documents, viewer);
  return pinned
    ? {
        ...view,
        organizationConfiguration: {
          defaultConfiguration: withoutHr(pinned.defaultConfiguration),
          formConfiguration: withoutHr(pinned.formConfiguration),
        },
      }
    : view;
}

/** GET /candidate/:id */
export async function getApplication(db: Db, viewer: Viewer, id: string): Promise<ApplicationView> {
  return applicationView(db, viewer, await visibleApplication(db, viewer, id));
}

/** The compiled form of each role that has a draft among `rows`, by role id. */
async function draftForms(
  db: Db,
  organization: OrganizationRecord,
  rows: ReadonlyArray<{ state: string; role_id: string }>,
): Promise<Map<string, CompiledForm>> {
  const roleIds = [...new Set(rows.filter((row) => row.state === 'DRAFT').map((row) => row.role_id))];
  const forms = await Promise.all(
    roleIds.map(
      async (roleId) => [roleId, await roleForm(db, organization, await roleOf(db, organization, roleId))] as const,
    ),
  );
  return new Map(forms);
}

/** GET /candidate/applications: the caller's own applications, newest change first; a draft with its sections done. */
export async function listApplications(db: Db, viewer: Viewer): Promise<ApplicationListItem[]> {
  const now = new Date();
  const rows = await findCandidateApplications(db, viewer.organization.id, viewer.user.id);
  const forms = await draftForms(db, viewer.organization, rows);
  return rows.map((row) => toApplicationListItem(row, now, row.state === 'DRAFT' ? forms.get(row.role_id) : undefined));
}
