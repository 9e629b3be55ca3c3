import type { CompiledForm } from '#engine';
import type { Db } from '../../db/client';
import { applicationForm } from '../forms/form.service';
import type { OrganizationRecord } from '../../db/types';
import type { RoleRecord } from '../roles/role.repository';
import { earlierLayers } from '../configurations/configuration.repository';

/** The application form of a role: the organisation's layers, the role's, and the role's language layer. */
export function roleForm(
  db: Db,
  organization: OrganizationRecord,
  role: RoleRecord,
  language?: string,
): Promise<CompiledForm> {
  return applicationForm(db, organization, {
    language,
    role: {
      formConfiguration: role.form_configuration,
      languageConfiguration: language ? role.json_configurations[language] : undefined,
    },
  });
}

/**
 * The form an application is answered and submitted against: its role's, over the organisation's configuration
 * version the application started on (decision 0042), while a later one is published, else the current one.
 */
export async function applicationRoleForm(
  db: Db,
  organization: OrganizationRecord,
  role: RoleRecord,
  application: { configuration_version: number | null },
  language?: string,
): Promise<CompiledForm> {
  const pinned =
    application.configuration_version === null
      ? undefined
      : await earlierLayers(db, organization.id, application.configuration_version);
  const started = pinned
    ? {
        ...organization,
        default_configuration: pinned.defaultConfiguration,
        form_configuration: pinned.formConfiguration,
      }
    : organization;
  return roleForm(db, started, role, language);
}
