import { Type } from 'typebox';
import { ApiError } from '../api';
import { ApplicationListItem, ApplicationQuery, ApplicationRecord, ApplicationSave, StartQuery } from '../application';
import { Message } from '../auth';
import { OWN_OR_HIRING } from '../authorization';
import { defineRoute } from '../contract';

/*
 * Spec §7 Candidate: the candidate's application records (start, list, read, save a step, submit,
 * withdraw, delete a draft). Every call may answer 409 (a version or state conflict).
 */
const tags = ['candidate'];
const access = 'signed-in';
const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
const Conflict = { 409: ApiError };

export const startApplication = defineRoute({
  method: 'POST',
  path: '/v1/candidate/applyc/:roleId',
  summary: "Start (or find) the candidate's application for a role: one record per candidate and role",
  tags,
  access,
  // Any role of the organisation (roles are not owned); the hiring side is refused before the role is looked up.
  authz: {
    who: 'candidate',
    except: { 'candidate/same': 'ok', 'manager/other': 403, 'hiringAdmin/other': 403, 'platformAdmin/other': 403 },
  },
  params: Type.Object({ roleId: Type.String({ maxLength: 64 }) }),
  querystring: StartQuery,
  response: { 200: ApplicationRecord, 201: ApplicationRecord, ...Conflict },
});

export const myApplications = defineRoute({
  method: 'GET',
  path: '/v1/candidate/applications',
  summary: "The signed-in candidate's applications to this organisation",
  tags,
  access,
  authz: 'signed-in',
  response: { 200: Type.Array(ApplicationListItem), ...Conflict },
});

export const getApplication = defineRoute({
  method: 'GET',
  audit: { action: 'view', target: 'application', param: 'id' },
  path: '/v1/candidate/:id',
  summary: 'One application record (its candidate, or the hiring side)',
  tags,
  access,
  // The hiring side reads its organisation's applications too.
  authz: OWN_OR_HIRING,
  params: IdParams,
  response: { 200: ApplicationRecord, ...Conflict },
});

export const saveApplication = defineRoute({
  method: 'PUT',
  path: '/v1/candidate/:id',
  summary:
    'Save a step of the application (spec §4): answers checked with the compiled form, step advanced, version checked',
  tags,
  access,
  authz: 'candidate',
  params: IdParams,
  querystring: ApplicationQuery,
  body: ApplicationSave,
  response: { 200: ApplicationRecord, ...Conflict },
});

export const submitApplication = defineRoute({
  method: 'PUT',
  path: '/v1/candidate/:id/submit',
  summary: "Submit the application: every answer checked; it enters stage 1 'Applied' and a confirmation email is sent",
  tags,
  access,
  authz: 'candidate',
  params: IdParams,
  querystring: ApplicationQuery,
  response: { 200: ApplicationRecord, ...Conflict },
});

export const withdrawApplication = defineRoute({
  method: 'PUT',
  path: '/v1/candidate/:id/withdraw',
  summary: "Withdraw a submitted application (stage 15 'Withdrew')",
  tags,
  access,
  authz: 'candidate',
  params: IdParams,
  response: { 200: ApplicationRecord, ...Conflict },
});

export const deleteDraft = defineRoute({
  method: 'DELETE',
  path: '/v1/candidate/:id',
  summary: 'Delete a draft application and its documents',
  tags,
  access,
  authz: 'candidate',
  params: IdParams,
  response: { 200: Message, ...Conflict },
});
