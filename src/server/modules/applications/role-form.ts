import type { CompiledForm } from '#engine';
import type { Db } from '../../db/client';
import { applicationForm } from '../forms/form.service';
import type { OrganizationRecord } from '../../db/types';
import type { RoleRecord } from '../roles/role.repository';

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
