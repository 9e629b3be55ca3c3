import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { DocumentRef, DocumentType } from '#schemas/application';
import { ApiError } from '#schemas/api';
import { Message } from '#schemas/auth';
import { message } from '#schemas/messages';
import { OrganizationKey } from '#schemas/role';
import { fieldProblem } from '../../lib/http-error';
import { BEARER, SubdomainQuery, V1_ERRORS } from '../../lib/route-schemas';
import { authenticate, viewerOf } from '../../plugins/auth';
import {
  changeDocumentType,
  deleteDocument,
  downloadDocument,
  downloadPhoto,
  fileTooLarge,
  MAX_UPLOAD_BYTES,
  uploadDocument,
  type Upload,
} from './document.service';

const tags = ['candidate', 'documents'];
const Binary = Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' });
const FieldId = Type.Union(
  ['cv', 'coverLetter', 'photo', 'transcript', 'rightToWorkDocument', 'writingSample', 'otherDocument'].map((id) =>
    Type.Literal(id),
  ),
  { description: 'the question the file answers' },
);
const UploadQuery = Type.Object({
  ...SubdomainQuery.properties,
  language: Type.Optional(Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z]{2,4})?$' })),
});
const CandidateParams = Type.Object({ orgId: OrganizationKey, id: Type.String({ maxLength: 64 }) });
const DocumentParams = Type.Object({ ...CandidateParams.properties, docId: Type.String({ maxLength: 64 }) });
const errors = { ...V1_ERRORS, 413: V1_ERRORS[400], 415: V1_ERRORS[400] };
const DocumentTypeParams = Type.Object({ ...DocumentParams.properties, type: DocumentType });
const uploadDoc = 'multipart/form-data with one file part; its type is found from its content';

/** The one file of a multipart request, read whole (the route's size cap stops a larger one early). */
async function readUpload(request: FastifyRequest, fieldId: string): Promise<Upload> {
  if (!request.isMultipart()) throw fieldProblem(415, fieldId, message('sendMultipart'));
  const part = await request.file();
  if (!part) throw fieldProblem(400, fieldId, message('selectFile'));
  try {
    return { fieldId, fileName: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw fieldProblem(413, fieldId, fileTooLarge(MAX_UPLOAD_BYTES));
    throw error;
  }
}

/** A stored file as an attachment: never rendered by the browser on our origin. */
function sendFile(reply: FastifyReply, file: { file_name: string; content_type: string; content: Uint8Array }) {
  const ascii = file.file_name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .type(file.content_type)
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.file_name)}`,
    )
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength));
}

/**
 * Spec §7 Candidate (cv, downloadPhoto) and Organization-candidate (upload, download, delete):
 * documents of an application, stored in PostgreSQL, types checked by content.
 */
export const documentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });
  app.addHook('preValidation', authenticate);

  app.put(
    '/candidate/:id/cv',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Upload the CV of an application (PDF, DOC or DOCX, up to 5 MB)',
        description: uploadDoc,
        consumes: ['multipart/form-data'],
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        querystring: UploadQuery,
        response: { 201: DocumentRef, ...errors },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, 'cv');
      return reply
        .code(201)
        .send(await uploadDocument(app.db, viewerOf(request), request.params.id, upload, request.query.language));
    },
  );

  app.post(
    '/organization/:orgId/candidate/:id/upload',
    {
      schema: {
        tags,
        security: BEARER,
        summary:
          'Upload a document of an application: cover letter, photo, transcript, right to work, writing sample or other',
        description: uploadDoc,
        consumes: ['multipart/form-data'],
        params: CandidateParams,
        querystring: Type.Object({ ...UploadQuery.properties, type: FieldId }),
        response: { 201: DocumentRef, ...errors },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, request.query.type);
      return reply
        .code(201)
        .send(await uploadDocument(app.db, viewerOf(request), request.params.id, upload, request.query.language));
    },
  );

  app.delete(
    '/organization/:orgId/candidate/:id/upload/:docId',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Delete a document of a draft application (and the answer naming it)',
        params: DocumentParams,
        querystring: SubdomainQuery,
        response: { 200: Message, ...errors },
      },
    },
    async (request) => {
      await deleteDocument(app.db, viewerOf(request), request.params.id, request.params.docId);
      return message('documentDeleted');
    },
  );

  app.post(
    '/organization/:orgId/candidate/:id/documentType/:docId/:type',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Change the type of an uploaded document (Transcript, Right to work, Writing sample, Other)',
        description:
          'The candidate on their draft, or the hiring side on any application of the organisation. The answer naming the document moves with it; 409 when another document already has that type.',
        params: DocumentTypeParams,
        querystring: SubdomainQuery,
        response: { 200: DocumentRef, ...errors, 409: ApiError },
      },
    },
    async (request) =>
      changeDocumentType(app.db, viewerOf(request), request.params.id, request.params.docId, request.params.type),
  );

  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/organization/:orgId/candidate/:id/download/:docId',
      schema: {
        tags,
        security: BEARER,
        summary: 'Download a document as an attachment',
        params: DocumentParams,
        querystring: SubdomainQuery,
        response: { 200: Binary, ...errors },
      },
      handler: async (request, reply) =>
        sendFile(reply, await downloadDocument(app.db, viewerOf(request), request.params.id, request.params.docId)),
    });
  }

  app.get(
    '/candidate/:id/downloadPhoto',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "The application's photo",
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        querystring: SubdomainQuery,
        response: { 200: Binary, ...errors },
      },
    },
    async (request, reply) => sendFile(reply, await downloadPhoto(app.db, viewerOf(request), request.params.id)),
  );
};
