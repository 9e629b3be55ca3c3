import * as integrations from '#schemas/contracts/integrations.contract';
import type { SignatureRequest, SigningOutcome } from '#schemas/integrations';
import type { DocumentRef } from '#schemas/application';
import { call, upload } from './call';

/* The optional integrations (decision 0080): documents sent for signature, the candidate's return from signing. */

export type { SignatureRequest, SigningOutcome };

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
