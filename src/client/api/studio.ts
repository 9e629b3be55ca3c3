import type { Configuration } from '#schemas/configuration';
import type { ContextualData } from '#schemas/contextual';
import * as roles from '#schemas/contracts/roles.contract';
import * as stagesContract from '#schemas/contracts/stages.contract';
import * as studio from '#schemas/contracts/studio.contract';
import type { OrganizationStage } from '#schemas/pipeline';
import type { Role, RoleTemplate } from '#schemas/role';
import type {
  ConfigurationDiff,
  ConfigurationHistory,
  ConfigurationVersion,
  PublishConfigurationBody,
  TranslationFile,
} from '#schemas/studio';
import { call } from './call';

/* The configuration studio's calls (decision 0042): history, one version, publish, restore, diff. */

export type { ConfigurationDiff, ConfigurationHistory, ConfigurationVersion };

export function fetchConfigurationHistory(orgId: string): Promise<ConfigurationHistory> {
  return call(studio.configurationHistory, { params: { orgId } });
}

export function publishConfiguration(orgId: string, body: PublishConfigurationBody): Promise<ConfigurationVersion> {
  return call(studio.publishConfiguration, { params: { orgId }, body });
}

export function restoreConfiguration(orgId: string, number: number, basedOn: number): Promise<ConfigurationVersion> {
  return call(studio.restoreConfiguration, { params: { orgId, number }, body: { basedOn } });
}

export function fetchConfigurationDiff(orgId: string, from: number, to: number): Promise<ConfigurationDiff> {
  return call(studio.configurationDiff, { params: { orgId }, query: { from, to } });
}

/** POST /roles: a new active role from one of the organisation's templates (status PRESET). */
export function createRoleFromTemplate(templateId: string, name: string): Promise<Role> {
  return call(roles.createRole, { body: { templateId, name } });
}

/** PUT /role/:roleId with the role's form layer and template (checked by the engine on the server too). */
export function saveRoleConfiguration(
  roleId: string,
  body: { formConfiguration: Configuration; template: RoleTemplate },
): Promise<Role> {
  return call(roles.updateRole, { params: { roleId }, body });
}

/** PUT /organization/:orgId/stages: the whole pipeline in its new order (checked by the engine on the server). */
export function saveOrganizationStages(orgId: string, stages: OrganizationStage[]): Promise<OrganizationStage[]> {
  return call(stagesContract.updateOrganizationStages, { params: { orgId }, body: { stages } });
}

/** GET /organization/:orgId/translations/:language: the organisation's texts in the language ('' untranslated). */
export function fetchOrganizationTranslation(orgId: string, language: string): Promise<TranslationFile> {
  return call(studio.organizationTranslation, { params: { orgId, language } });
}

/** PUT /organization/:orgId/translations/:language: an edited file's texts (checked by key on the server). */
export function uploadOrganizationTranslation(
  orgId: string,
  language: string,
  text: Record<string, string>,
  textArrays?: Record<string, readonly string[]>,
): Promise<TranslationFile> {
  const body = textArrays
    ? { text, textArrays: Object.fromEntries(Object.entries(textArrays).map(([k, v]) => [k, [...v]])) }
    : { text };
  return call(studio.uploadTranslation, { params: { orgId, language }, body });
}

/** POST …/studio/contextual-preview: the contextual measures of the demo candidate's answers (decision 0078). */
export function fetchContextualPreview(orgId: string, answers: Record<string, unknown>): Promise<ContextualData> {
  return call(studio.contextualPreview, { params: { orgId }, body: { answers } });
}
