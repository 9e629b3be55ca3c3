import { Type } from 'typebox';
import { ApiError } from '../api';
import { defineRoute } from '../contract';
import { ContextualData } from '../contextual';
import {
  ConfigurationDiff,
  ContextualPreviewBody,
  ConfigurationHistory,
  ConfigurationVersion,
  DiffQuery,
  PublishConfigurationBody,
  RestoreConfigurationBody,
  TranslationFile,
  TranslationParams,
  TranslationUpload,
  VersionParams,
} from '../studio';

/*
 * The configuration studio (issue 15, decision 0042): an organisation's configuration versions. Hiring-manager admins
 * of the organisation and platform admins only (a Standard manager 403, another organisation 404).
 */
const tags = ['studio'];
const access = 'signed-in';
const OrgParams = Type.Object({ orgId: Type.String({ maxLength: 64 }) });

export const configurationHistory = defineRoute({
  method: 'GET',
  path: '/v1/organization/:orgId/configuration',
  summary: "The organisation's current configuration and its versions, newest first",
  tags,
  access,
  authz: 'hiring-admin',
  params: OrgParams,
  response: { 200: ConfigurationHistory },
});

export const configurationVersion = defineRoute({
  method: 'GET',
  path: '/v1/organization/:orgId/configuration/versions/:number',
  summary: 'One version of the configuration, as it was published',
  tags,
  access,
  authz: 'hiring-admin',
  params: VersionParams,
  response: { 200: ConfigurationVersion },
});

export const publishConfiguration = defineRoute({
  method: 'POST',
  audit: { action: 'configure', target: 'organization', param: 'orgId' },
  path: '/v1/organization/:orgId/configuration',
  summary: 'Publishes a new version (checked by the engine: 422 names every problem by its path)',
  tags,
  access,
  authz: 'hiring-admin',
  params: OrgParams,
  body: PublishConfigurationBody,
  response: { 201: ConfigurationVersion, 409: ApiError, 422: ApiError },
});

export const restoreConfiguration = defineRoute({
  method: 'POST',
  audit: { action: 'configure', target: 'organization', param: 'orgId' },
  path: '/v1/organization/:orgId/configuration/versions/:number/restore',
  summary: 'Publishes an earlier version again, exactly, as a new version',
  tags,
  access,
  authz: 'hiring-admin',
  params: VersionParams,
  body: RestoreConfigurationBody,
  response: { 201: ConfigurationVersion, 409: ApiError, 422: ApiError },
});

export const configurationDiff = defineRoute({
  method: 'GET',
  path: '/v1/organization/:orgId/configuration/diff',
  summary: 'What changed between two versions, each change by its JSON Pointer',
  tags,
  access,
  authz: 'hiring-admin',
  params: OrgParams,
  querystring: DiffQuery,
  response: { 200: ConfigurationDiff },
});

export const organizationTranslation = defineRoute({
  method: 'GET',
  path: '/v1/organization/:orgId/translations/:language',
  summary: "The organisation's texts in one of its languages, each key with its translation or '' (untranslated)",
  tags,
  access,
  authz: 'hiring-admin',
  params: TranslationParams,
  response: { 200: TranslationFile, 404: ApiError },
});

export const uploadTranslation = defineRoute({
  method: 'PUT',
  path: '/v1/organization/:orgId/translations/:language',
  summary:
    "Replaces the organisation's translation for a language (unknown keys and lost {{placeholders}} refused by key)",
  tags,
  access,
  authz: 'hiring-admin',
  params: TranslationParams,
  body: TranslationUpload,
  response: { 200: TranslationFile, 404: ApiError },
});

export const contextualPreview = defineRoute({
  method: 'POST',
  path: '/v1/organization/:orgId/studio/contextual-preview',
  summary:
    "The contextual measures (flags, Performance Index, percentiles) of the previews' demo answers, computed as on submit",
  tags,
  access,
  authz: 'hiring-admin',
  params: OrgParams,
  body: ContextualPreviewBody,
  response: { 200: ContextualData },
});
