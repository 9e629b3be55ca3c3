import { Type } from 'typebox';
import { ApiError } from '../api';
import { DocumentRef, DocumentType } from '../application';
import { Message } from '../auth';
import { OWN_OR_HIRING } from '../authorization';
import { defineRoute } from '../contract';
import { OrganizationKey } from '../role';

/*
 * Spec §7 Candidate (cv, downloadPhoto) and Organization-candidate (upload, download, delete,
 * document type): the documents of an application. Every call may answer 413 and 415 (an upload
 * too large or not multipart).
 */
const tags = ['candidate', 'documents'];
const access = 'signed-in';
/** A file answer: the bytes of an attachment (Fastify sends the Buffer as it is, never serialised). */
const Binary = Type.Unsafe<Blob>({ type: 'string', format: 'binary' });
const FieldId = Type.Union(
  ['cv', 'coverLetter', 'photo', 'transcript', 'rightToWorkDocument', 'writingSample', 'otherDocument'].map((id) =>
    Type.Literal(id),
  ),
  { description: 'the question the file answers' },
);
const UploadQuery = Type.Object({
  language: Type.Optional(Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z]{2,4})?$' })),
});
const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
const CandidateParams = Type.Object({ orgId: OrganizationKey, id: Type.String({ maxLength: 64 }) });
const DocumentParams = Type.Object({ ...CandidateParams.properties, docId: Type.String({ maxLength: 64 }) });
const DocumentTypeParams = Type.Object({ ...DocumentParams.properties, type: DocumentType });
const errors = { 413: ApiError, 415: ApiError };
const uploadDoc = 'multipart/form-data with one file part; its type is found from its content';

// Multipart: no body schema (the server reads the one file part itself), so the client sends a FormData.
export const uploadCv = defineRoute({
  method: 'PUT',
  path: '/v1/candidate/:id/cv',
  summary: 'Upload the CV of an application (PDF, DOC or DOCX, up to 5 MB)',
  description: uploadDoc,
  consumes: ['multipart/form-data'],
  tags,
  access,
  authz: 'candidate',
  params: IdParams,
  querystring: UploadQuery,
  response: { 201: DocumentRef, ...errors },
});

// Multipart: no body schema (the server reads the one file part itself), so the client sends a FormData.
export const uploadDocument = defineRoute({
  method: 'POST',
  audit: { action: 'change', target: 'application', param: 'id' },
  path: '/v1/organization/:orgId/candidate/:id/upload',
  summary:
    'Upload a document of an application: cover letter, photo, transcript, right to work, writing sample or other',
  description: uploadDoc,
  consumes: ['multipart/form-data'],
  tags,
  access,
  authz: 'candidate',
  params: CandidateParams,
  querystring: Type.Object({ ...UploadQuery.properties, type: FieldId }),
  response: { 201: DocumentRef, ...errors },
});

export const deleteDocument = defineRoute({
  method: 'DELETE',
  audit: { action: 'change', target: 'document', param: 'docId' },
  path: '/v1/organization/:orgId/candidate/:id/upload/:docId',
  summary: 'Delete a document of a draft application (and the answer naming it)',
  tags,
  access,
  authz: 'candidate',
  params: DocumentParams,
  response: { 200: Message, ...errors },
});

export const changeDocumentType = defineRoute({
  method: 'POST',
  audit: { action: 'change', target: 'document', param: 'docId' },
  path: '/v1/organization/:orgId/candidate/:id/documentType/:docId/:type',
  summary: 'Change the type of an uploaded document (Transcript, Right to work, Writing sample, Other)',
  description:
    'The candidate on their draft, or the hiring side on any application of the organisation. The answer naming the document moves with it; 409 when another document already has that type.',
  tags,
  access,
  authz: OWN_OR_HIRING,
  params: DocumentTypeParams,
  response: { 200: DocumentRef, ...errors, 409: ApiError },
});

// A file answer (an attachment): the client reads it with download().
export const downloadDocument = defineRoute({
  method: 'GET',
  audit: { action: 'view', target: 'document', param: 'docId' },
  path: '/v1/organization/:orgId/candidate/:id/download/:docId',
  summary: 'Download a document as an attachment',
  tags,
  access,
  authz: OWN_OR_HIRING,
  params: DocumentParams,
  response: { 200: Binary, ...errors },
});

/** The same download by POST (spec §7 lists both methods). */
export const downloadDocumentByPost = defineRoute({ ...downloadDocument, method: 'POST', path: downloadDocument.path });

// A file answer (the image itself).
export const downloadPhoto = defineRoute({
  method: 'GET',
  audit: { action: 'view', target: 'application', param: 'id' },
  path: '/v1/candidate/:id/downloadPhoto',
  summary: "The application's photo",
  tags,
  access,
  authz: OWN_OR_HIRING,
  params: IdParams,
  response: { 200: Binary, ...errors },
});
