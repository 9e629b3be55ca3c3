import { Type } from 'typebox';
import { defineRoute } from '../contract';
import {
  HrAuthorization,
  HrConnection,
  HrExport,
  HrTenant,
  SendForSignature,
  SignatureRequest,
  SigningOutcome,
  StartHrConnection,
} from '../integrations';
import { OrganizationKey } from '../role';
import { ApiError } from '../api';
import { DocumentRef } from '../application';

/*
 * Optional integrations (spec §1, §2 /docusignapproved, §7 POST /candidate/:id/docusign/; decision 0080): a
 * document of an application sent for signature, the candidate's return from the signing provider, and the local
 * fake provider's hosted signing page (served only while no real provider is configured).
 */
const tags = ['integrations'];
const CandidateParams = Type.Object({ orgId: OrganizationKey, id: Type.String({ maxLength: 64 }) });
const Language = Type.Optional(Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z]{2,4})?$' }));
/** A redirect: the Location header is the answer. */
const SeeOther = Type.Null({ description: 'Location: where the browser goes next' });
const Html = Type.String({ description: 'an HTML page' });

export const listSignatureRequests = defineRoute({
  method: 'GET',
  path: '/v1/organization/:orgId/candidate/:id/signature-requests',
  summary: "The application's documents sent for signature, newest first, each open one asked of the provider",
  tags,
  access: 'signed-in',
  authz: 'hiring',
  params: CandidateParams,
  response: { 200: Type.Array(SignatureRequest) },
});

export const sendForSignature = defineRoute({
  method: 'POST',
  audit: { action: 'change', target: 'application', param: 'id' },
  path: '/v1/organization/:orgId/candidate/:id/signature-requests',
  summary: 'Send one of the application’s documents to the candidate for signature',
  description:
    'Creates an envelope at the signing provider and emails the candidate a link to sign; 502 when the provider cannot be reached.',
  tags,
  access: 'signed-in',
  authz: 'hiring',
  params: CandidateParams,
  body: SendForSignature,
  response: { 201: SignatureRequest, 502: ApiError },
});

// Multipart: no body schema (the server reads the one file part itself), so the client sends a FormData.
export const uploadSignatureDocument = defineRoute({
  method: 'POST',
  audit: { action: 'change', target: 'application', param: 'id' },
  path: '/v1/organization/:orgId/candidate/:id/signature-documents',
  summary: 'Add a document to the application to send for signature (an offer letter, a contract: PDF, DOC or DOCX)',
  description: 'multipart/form-data with one file part; its type is found from its content',
  consumes: ['multipart/form-data'],
  tags,
  access: 'signed-in',
  authz: 'hiring',
  params: CandidateParams,
  querystring: Type.Object({}),
  response: { 201: DocumentRef, 413: ApiError, 415: ApiError },
});

export const docusign = defineRoute({
  method: 'POST',
  path: '/v1/candidate/:id/docusign',
  summary: 'The candidate back from signing: the status of the latest request, asked of the provider',
  description:
    'Spec §7 (payload none). id is the application, the candidate’s own. The return’s query string is never trusted: the provider is asked. 502 when it cannot be reached.',
  tags,
  access: 'signed-in',
  authz: 'candidate',
  params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
  response: { 200: SigningOutcome, 502: ApiError },
});

export const signingLink = defineRoute({
  method: 'GET',
  path: '/public/signing/:token',
  summary: "The candidate's emailed signing link: on to the provider's signing view, or to /docusignapproved",
  tags,
  access: 'public',
  authz: 'anyone',
  params: Type.Object({ token: Type.String({ maxLength: 64 }) }),
  querystring: Type.Object({ language: Language }),
  response: { 303: SeeOther },
});

export const fakeSigningPage = defineRoute({
  method: 'GET',
  path: '/public/fake-signing/:envelopeId',
  summary: 'The local fake signing provider: its signing page (the document’s name, Sign and Decline)',
  description: '410 when the ticket is unknown, used or expired.',
  tags,
  access: 'public',
  authz: 'anyone',
  produces: ['text/html'],
  params: Type.Object({ envelopeId: Type.String({ maxLength: 64 }) }),
  querystring: Type.Object({ ticket: Type.Optional(Type.String({ maxLength: 64 })) }),
  response: { 200: Html, 410: Html },
});

export const fakeSigningAnswer = defineRoute({
  method: 'POST',
  path: '/public/fake-signing/:envelopeId',
  summary: 'The local fake signing provider: the signer signs or declines, and goes back with event=',
  tags,
  access: 'public',
  authz: 'anyone',
  consumes: ['application/x-www-form-urlencoded'],
  params: Type.Object({ envelopeId: Type.String({ maxLength: 64 }) }),
  body: Type.Object(
    {
      ticket: Type.String({ maxLength: 64 }),
      action: Type.Union([Type.Literal('sign'), Type.Literal('decline')]),
    },
    { additionalProperties: false },
  ),
  response: { 303: SeeOther, 410: Html },
});

/* The HR system (spec §2 /workday-connect, §7 POST /organization/:id/workdayConnect/:a/:b). */
const OrgParams = Type.Object({ orgId: OrganizationKey });

export const hrConnection = defineRoute({
  method: 'GET',
  path: '/v1/organization/:orgId/hr-connection',
  summary: "The organisation's connection to its HR system",
  tags,
  access: 'signed-in',
  authz: 'hiring-admin',
  params: OrgParams,
  response: { 200: HrConnection },
});

export const startHrConnection = defineRoute({
  method: 'POST',
  path: '/v1/organization/:orgId/hr-connection',
  summary: "Start connecting the HR system: its authorise page's address, with a one-time state bound to the caller",
  tags,
  access: 'signed-in',
  authz: 'hiring-admin',
  params: OrgParams,
  body: StartHrConnection,
  response: { 200: HrAuthorization },
});

export const workdayConnect = defineRoute({
  method: 'POST',
  audit: { action: 'configure', target: 'organization', param: 'orgId' },
  path: '/v1/organization/:orgId/workdayConnect/:tenant/:code',
  summary: 'Finish connecting the HR system: the code exchanged for a token, kept encrypted (spec §7, payload none)',
  description:
    'state must be the one the caller started with, for this tenant, within 10 minutes (400 otherwise); 502 when the HR system refuses the code or cannot be reached.',
  tags,
  access: 'signed-in',
  authz: 'hiring-admin',
  params: Type.Object({ orgId: OrganizationKey, tenant: HrTenant, code: Type.String({ maxLength: 512 }) }),
  querystring: Type.Object({ state: Type.String({ maxLength: 64 }) }),
  response: { 200: HrConnection, 502: ApiError },
});

export const disconnectHr = defineRoute({
  method: 'DELETE',
  audit: { action: 'configure', target: 'organization', param: 'orgId' },
  path: '/v1/organization/:orgId/hr-connection',
  summary: 'Disconnect the HR system (its token is deleted)',
  tags,
  access: 'signed-in',
  authz: 'hiring-admin',
  params: OrgParams,
  response: { 200: HrConnection },
});

export const hrExport = defineRoute({
  method: 'GET',
  path: '/v1/organization/:orgId/candidate/:id/hr-export',
  summary: 'Whether the application was sent to the HR system as a new hire',
  tags,
  access: 'signed-in',
  authz: 'hiring',
  params: CandidateParams,
  response: { 200: HrExport },
});

const FakeHrFields = {
  tenant: Type.Optional(Type.String({ maxLength: 64 })),
  state: Type.Optional(Type.String({ maxLength: 64 })),
  redirect_uri: Type.Optional(Type.String({ maxLength: 512 })),
};

export const fakeHrPage = defineRoute({
  method: 'GET',
  path: '/public/fake-hr/authorize',
  summary: 'The local fake HR system: its authorise page (Allow or Deny the connection)',
  description: '400 when redirect_uri is not this host’s /workday-connect.',
  tags,
  access: 'public',
  authz: 'anyone',
  produces: ['text/html'],
  querystring: Type.Object(FakeHrFields),
  response: { 200: Html, 400: Html },
});

export const fakeHrAnswer = defineRoute({
  method: 'POST',
  path: '/public/fake-hr/authorize',
  summary: 'The local fake HR system: the admin allows or denies, and goes back with a code or an error',
  tags,
  access: 'public',
  authz: 'anyone',
  consumes: ['application/x-www-form-urlencoded'],
  body: Type.Object(
    { ...FakeHrFields, action: Type.Union([Type.Literal('allow'), Type.Literal('deny')]) },
    { additionalProperties: false },
  ),
  response: { 303: SeeOther, 400: Html },
});
