import { createHash } from 'node:crypto';
import type { DocumentRef } from '#schemas/application';
import type { SignatureRequest, SignatureStatus, SigningOutcome } from '#schemas/integrations';
import { message } from '#schemas/messages';
import type { Db } from '../../db/client';
import type { OrganizationRecord } from '../../db/types';
import { queueEmail } from '../../email/email.service';
import { fieldProblem, forbidden, HttpError, notFound } from '../../lib/http-error';
import { newToken, sha256, TOKEN_PATTERN } from '../../lib/secrets';
import { isUuid } from '../../lib/uuid';
import type { Viewer } from '../../lib/viewer';
import { pipelineApplication, visibleApplication } from '../applications/application-access';
import { findDocumentContent, insertDocument } from '../document-store/document.repository';
import { toDocumentRef } from '../applications/application.view';
import { fileTooLarge, MAX_UPLOAD_BYTES, safeFileName } from '../documents/document.service';
import { detectContentType } from '../documents/file-type';
import { hiddenContent } from '../documents/hidden-content';
import type { EnvelopeState, SigningProvider } from './signing-provider';
import {
  findSignatureRequestByToken,
  findSignatureRequests,
  insertSignatureRequest,
  recordSignatureStatus,
  type SignatureRequestRow,
} from './signature.repository';

/*
 * Documents sent for signature (decision 0080). The hiring side sends one of an application's documents: an
 * envelope is made at the provider, the candidate is emailed a link of their own, which opens the provider's
 * signing view and comes back to /docusignapproved. The status is only ever what the provider says when asked
 * (never the query string of the return): on the candidate's return, and when the hiring side lists the requests.
 */

const unavailable = () => new HttpError(502, message('signingUnavailable'));

/** The page the provider sends the signer back to (spec §2 /docusignapproved). */
const returnUrlOf = (applyBase: string, applicationId: string, language?: string) => {
  const url = new URL('/docusignapproved', applyBase);
  url.searchParams.set('application', applicationId);
  if (language) url.searchParams.set('language', language);
  return url.toString();
};

const STATUS_OF: Record<EnvelopeState['status'], SignatureStatus> = {
  sent: 'SENT',
  completed: 'SIGNED',
  declined: 'DECLINED',
  // A voided envelope can no longer be signed: to the candidate and the team, as good as declined.
  voided: 'DECLINED',
};

function viewOf(row: SignatureRequestRow): SignatureRequest {
  const name = [row.preferred_name ?? row.first_name, row.last_name].filter(Boolean).join(' ');
  return {
    id: row.id,
    documentId: row.document_id,
    documentName: row.document_name,
    status: row.status,
    sentAt: row.sent_at.toISOString(),
    sentBy: name || row.email || null,
    completedAt: row.completed_at ? row.completed_at.toISOString() : null,
  };
}

/** Asks the provider about each request still SENT and records any answer; `strict` turns a failure into 502. */
async function refresh(
  db: Db,
  provider: SigningProvider,
  organizationId: string,
  rows: SignatureRequestRow[],
  strict: boolean,
): Promise<SignatureRequestRow[]> {
  return Promise.all(
    rows.map(async (row) => {
      if (row.status !== 'SENT') return row;
      let state: EnvelopeState;
      try {
        state = await provider.envelopeState(row.envelope_id);
      } catch {
        if (strict) throw unavailable();
        return row;
      }
      const status = STATUS_OF[state.status];
      if (status === 'SENT') return row;
      const completedAt = state.at ?? new Date();
      await recordSignatureStatus(db, organizationId, row.id, status, completedAt);
      return { ...row, status, completed_at: completedAt };
    }),
  );
}

async function candidateOf(db: Db, organizationId: string, applicationId: string) {
  return db
    .selectFrom('applications')
    .innerJoin('users', 'users.id', 'applications.user_id')
    .innerJoin('roles', 'roles.id', 'applications.role_id')
    .select([
      'users.id as user_id',
      'users.email',
      'users.first_name',
      'users.preferred_name',
      'users.last_name',
      'users.language',
      'roles.name as role_name',
    ])
    .where('applications.organization_id', '=', organizationId)
    .where('applications.id', '=', applicationId)
    .executeTakeFirstOrThrow();
}

/** GET …/candidate/:id/signature-requests: the hiring side's list, each SENT one asked of the provider first. */
export async function listSignatureRequests(
  db: Db,
  provider: SigningProvider,
  viewer: Viewer,
  applicationId: string,
): Promise<SignatureRequest[]> {
  const application = await pipelineApplication(db, viewer, applicationId);
  const rows = await findSignatureRequests(db, viewer.organization.id, application.id);
  return (await refresh(db, provider, viewer.organization.id, rows, false)).map(viewOf);
}

/** What the team may send for signature: a document to read and sign, by content. */
const SIGNABLE: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/msword': 'DOC',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
};
/** The field of a document the hiring side added to send for signature (no question of the form). */
const SIGNATURE_FIELD = 'signatureDocument';

/**
 * POST …/candidate/:id/signature-documents: a document the team adds to the application to send for signature (an
 * offer letter, a contract), checked by content as the candidate's uploads are. It is the candidate's (their data
 * export has it, erasing them deletes it), kept with the application's other documents.
 */
export async function uploadSignatureDocument(
  db: Db,
  viewer: Viewer,
  applicationId: string,
  upload: { fileName: string | undefined; bytes: Uint8Array },
): Promise<DocumentRef> {
  const application = await pipelineApplication(db, viewer, applicationId);
  if (upload.bytes.byteLength === 0) throw fieldProblem(400, 'file', message('fileEmpty'));
  if (upload.bytes.byteLength > MAX_UPLOAD_BYTES) throw fieldProblem(413, 'file', fileTooLarge(MAX_UPLOAD_BYTES));
  const contentType = detectContentType(upload.bytes);
  if (!contentType || !SIGNABLE[contentType])
    throw fieldProblem(415, 'file', message('fileType', { types: Object.values(SIGNABLE) }));
  const hidden = hiddenContent(upload.bytes, contentType);
  if (hidden)
    throw fieldProblem(
      415,
      'file',
      hidden === 'markup' || hidden === 'appended-archive'
        ? message('fileHiddenContent', { types: [SIGNABLE[contentType]] })
        : message('fileUnsafeDocument'),
    );
  const stored = await insertDocument(db, {
    organizationId: viewer.organization.id,
    applicationId: application.id,
    userId: application.user_id,
    fieldId: SIGNATURE_FIELD,
    fileName: safeFileName(upload.fileName),
    contentType,
    sha256: createHash('sha256').update(upload.bytes).digest('hex'),
    content: upload.bytes,
  });
  return toDocumentRef(stored);
}

/** POST …/candidate/:id/signature-requests: an envelope of the document, a row, the candidate's email. */
export async function sendForSignature(
  db: Db,
  provider: SigningProvider,
  viewer: Viewer,
  applicationId: string,
  documentId: string,
  applyBase: string,
): Promise<SignatureRequest> {
  const application = await pipelineApplication(db, viewer, applicationId);
  const document = isUuid(documentId)
    ? await findDocumentContent(db, viewer.organization.id, application.id, documentId)
    : undefined;
  if (!document) throw notFound(message('noDocument', { id: documentId }));
  const candidate = await candidateOf(db, viewer.organization.id, application.id);
  const firstName = candidate.preferred_name ?? candidate.first_name;
  const signerName = [firstName, candidate.last_name].filter(Boolean).join(' ') || candidate.email;
  let envelopeId: string;
  try {
    ({ envelopeId } = await provider.createEnvelope({
      subject: `${viewer.organization.name}: ${document.file_name}`,
      document: { name: document.file_name, bytes: document.content },
      signer: { name: signerName, email: candidate.email, clientUserId: application.id },
    }));
  } catch {
    throw unavailable();
  }
  const token = newToken();
  await insertSignatureRequest(db, {
    organizationId: viewer.organization.id,
    applicationId: application.id,
    documentId: document.id,
    documentName: document.file_name,
    provider: provider.kind,
    envelopeId,
    tokenHash: sha256(token),
    sentBy: viewer.user.id,
  });
  await queueEmail(db, {
    organizationId: viewer.organization.id,
    userId: candidate.user_id,
    to: candidate.email,
    language: candidate.language,
    template: {
      kind: 'signature_request',
      organizationName: viewer.organization.name,
      firstName,
      roleName: candidate.role_name,
      documentName: document.file_name,
      link: new URL(`/api/public/signing/${token}`, applyBase).toString(),
    },
  });
  const rows = await findSignatureRequests(db, viewer.organization.id, application.id);
  return viewOf(rows.find((row) => row.envelope_id === envelopeId)!);
}

/**
 * POST /candidate/:id/docusign (spec §7): the candidate back from the provider. The latest request of their own
 * application, its status asked of the provider and recorded. The hiring side is refused (403).
 */
export async function signingOutcome(
  db: Db,
  provider: SigningProvider,
  viewer: Viewer,
  applicationId: string,
): Promise<SigningOutcome> {
  const application = await visibleApplication(db, viewer, applicationId);
  if (application.user_id !== viewer.user.id) throw forbidden(message('candidateOnlyChange'));
  const [latest] = await findSignatureRequests(db, viewer.organization.id, application.id);
  if (!latest) return { status: 'NONE', documentName: null, completedAt: null };
  const [row] = await refresh(db, provider, viewer.organization.id, [latest], true);
  return {
    status: row!.status,
    documentName: row!.document_name,
    completedAt: row!.completed_at ? row!.completed_at.toISOString() : null,
  };
}

/**
 * GET /public/signing/:token: the emailed link. A request still to sign opens the provider's signing view (a fresh,
 * short-lived address each time); anything else (signed, declined, an unknown link, the provider down) goes to
 * /docusignapproved, which says where it stands.
 */
export async function signingRedirect(
  db: Db,
  provider: SigningProvider,
  organization: OrganizationRecord,
  token: string,
  applyBase: string,
  language?: string,
): Promise<string> {
  const found = TOKEN_PATTERN.test(token)
    ? await findSignatureRequestByToken(db, organization.id, sha256(token))
    : undefined;
  if (!found) {
    const page = new URL('/docusignapproved', applyBase);
    page.searchParams.set('link', 'unknown');
    if (language) page.searchParams.set('language', language);
    return page.toString();
  }
  const returnUrl = returnUrlOf(applyBase, found.application_id, language);
  if (found.status !== 'SENT') return returnUrl;
  const candidate = await candidateOf(db, organization.id, found.application_id);
  const name =
    [candidate.preferred_name ?? candidate.first_name, candidate.last_name].filter(Boolean).join(' ') ||
    candidate.email;
  try {
    return await provider.signingUrl({
      envelopeId: found.envelope_id,
      signer: { name, email: candidate.email, clientUserId: found.application_id },
      returnUrl,
    });
  } catch {
    return returnUrl;
  }
}
