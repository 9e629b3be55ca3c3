import { Type } from 'typebox';
import { ApiError } from '../api';
import {
  BatchProgress,
  Preview,
  PreviewBody,
  SendBody,
  Template,
  TemplateBody,
  TemplateList,
  UnsubscribeResult,
} from '../communications';
import { defineRoute } from '../contract';

/*
 * Communications (issue 16, decisions 0044 and 0045): the hiring side's email and SMS templates,
 * their preview with a real candidate, sending to one candidate or many and following a batch; the
 * public one-click unsubscribe of RFC 8058. Spec §7 says these endpoints are not shown: the paths are
 * ours.
 */
const tags = ['communications'];
const access = 'signed-in';
const TemplateParams = Type.Object({ templateId: Type.String({ maxLength: 64 }) });
const Conflict = { 409: ApiError };

export const listTemplates = defineRoute({
  method: 'GET',
  path: '/v1/communications/templates',
  summary: "The organisation's email and SMS templates, by name",
  tags,
  access,
  authz: 'hiring',
  response: { 200: TemplateList },
});

export const createTemplate = defineRoute({
  method: 'POST',
  path: '/v1/communications/templates',
  summary:
    "Add a template: texts per language (English required), only the placeholders its kind can fill, an SMS within the organisation's limit of parts",
  tags,
  access,
  authz: 'hiring',
  body: TemplateBody,
  response: { 201: Template, ...Conflict },
});

export const template = defineRoute({
  method: 'GET',
  path: '/v1/communications/templates/:templateId',
  summary: 'One template',
  tags,
  access,
  authz: 'hiring',
  params: TemplateParams,
  response: { 200: Template },
});

export const updateTemplate = defineRoute({
  method: 'PUT',
  path: '/v1/communications/templates/:templateId',
  summary: 'Replace a template (checked like a new one)',
  tags,
  access,
  authz: 'hiring',
  params: TemplateParams,
  body: TemplateBody,
  response: { 200: Template, ...Conflict },
});

export const deleteTemplate = defineRoute({
  method: 'DELETE',
  path: '/v1/communications/templates/:templateId',
  summary: 'Delete a template (messages already sent stay in the contact history)',
  tags,
  access,
  authz: 'hiring',
  params: TemplateParams,
  response: { 200: Type.Object({ id: Type.String() }) },
});

export const previewMessage = defineRoute({
  method: 'POST',
  path: '/v1/communications/preview',
  summary: "A template as written, rendered for one application's candidate in their language",
  tags,
  access,
  authz: 'hiring',
  body: PreviewBody,
  response: { 200: Preview },
});

export const sendMessages = defineRoute({
  method: 'POST',
  path: '/v1/communications/send',
  summary:
    'Send a template to the selected applications (ids) or all matching filters: queued at once (202), sent by the worker',
  tags,
  access,
  authz: 'hiring',
  body: SendBody,
  response: { 202: BatchProgress },
});

export const batchProgress = defineRoute({
  method: 'GET',
  path: '/v1/communications/batches/:batchId',
  summary: 'How far a batch of messages has got: sent, waiting, failed, skipped (and of those, opted out)',
  tags,
  access,
  authz: 'hiring',
  params: Type.Object({ batchId: Type.String({ maxLength: 64 }) }),
  response: { 200: BatchProgress },
});

export const unsubscribe = defineRoute({
  method: 'POST',
  path: '/public/communications/unsubscribe/:token',
  summary: "One-click unsubscribe (RFC 8058): the message's recipient gets no more messages on its channel",
  description: 'The token is the one in the message; mail programs post List-Unsubscribe=One-Click form-encoded.',
  tags,
  access: 'public',
  authz: 'anyone',
  consumes: ['application/x-www-form-urlencoded', 'application/json'],
  params: Type.Object({ token: Type.String({ maxLength: 64 }) }),
  body: Type.Union([
    Type.Object({ 'List-Unsubscribe': Type.Optional(Type.String({ maxLength: 40 })) }, { additionalProperties: false }),
    Type.Null(),
  ]),
  response: { 200: UnsubscribeResult },
});
