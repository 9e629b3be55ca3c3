import * as integrations from '#schemas/contracts/integrations.contract';
import type { HrConnection, HrExport, SignatureRequest, SigningOutcome } from '#schemas/integrations';
import type { DocumentRef } from '#schemas/application';
import { call, upload } from './call';

/* The optional integrations (decision 0080): documents sent for signature, the candidate's return from signing. */

export type { HrConnection, HrExport, SignatureRequest, SigningOutcome };

/** GET …/candidate/:id/signature-requests: the application's requests, newest first. */
export async function fetchSignatureRequests(
  organizationId: string,
  applicationId: string,
): Promise<SignatureRequest[]> {
  return call(integrations.listSignatureRequests, { params: { orgId: organizationId, id: applicationId } });
}

/** POST …/candidate/:id/signature-requests: one of the application's documents to the candidate to sign. */
export async function sendForSignature(
  organizationId: string,
  applicationId: string,
  documentId: string,
): Promise<SignatureRequest> {
  return call(integrations.sendForSignature, {
    params: { orgId: organizationId, id: applicationId },
    body: { documentId },
  });
}

/** POST …/candidate/:id/signature-documents: a document the team adds to send for signature (an offer letter). */
export async function uploadSignatureDocument(
  organizationId: string,
  applicationId: string,
  file: File,
): Promise<DocumentRef> {
  const form = new FormData();
  form.append('file', file, file.name);
  return upload(integrations.uploadSignatureDocument, { orgId: organizationId, id: applicationId }, {}, form);
}

/** POST /candidate/:id/docusign (spec §7): where the signature stands, asked of the provider. */
export async function checkSigning(applicationId: string): Promise<SigningOutcome> {
  return call(integrations.docusign, { params: { id: applicationId } });
}

/** GET …/hr-connection: the organisation's HR system connection. */
export async function fetchHrConnection(organizationId: string): Promise<HrConnection> {
  return call(integrations.hrConnection, { params: { orgId: organizationId } });
}

/** POST …/hr-connection: the HR system's authorise page to send the browser to. */
export async function startHrConnection(organizationId: string, tenant: string): Promise<string> {
  const answer = await call(integrations.startHrConnection, { params: { orgId: organizationId }, body: { tenant } });
  return answer.authorizeUrl;
}

/** POST /organization/:id/workdayConnect/:tenant/:code?state (spec §7): the connection made. */
export async function finishHrConnection(
  organizationId: string,
  tenant: string,
  code: string,
  state: string,
): Promise<HrConnection> {
  return call(integrations.workdayConnect, { params: { orgId: organizationId, tenant, code }, query: { state } });
}

/** DELETE …/hr-connection. */
export async function disconnectHr(organizationId: string): Promise<HrConnection> {
  return call(integrations.disconnectHr, { params: { orgId: organizationId } });
}

/** GET …/candidate/:id/hr-export: whether the new hire went to the HR system. */
export async function fetchHrExport(organizationId: string, applicationId: string): Promise<HrExport> {
  return call(integrations.hrExport, { params: { orgId: organizationId, id: applicationId } });
}
