import * as integrations from '#schemas/contracts/integrations.contract';
import type { SignatureRequest, SigningOutcome } from '#schemas/integrations';
import { call } from './call';

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

/** POST /candidate/:id/docusign (spec §7): where the signature stands, asked of the provider. */
export async function checkSigning(applicationId: string): Promise<SigningOutcome> {
  return call(integrations.docusign, { params: { id: applicationId } });
}
