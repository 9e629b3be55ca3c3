import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as contracts from '#schemas/contracts/documents.contract';
import { message } from '#schemas/messages';
import { attachment } from '../../lib/attachment';
import { fieldProblem } from '../../lib/http-error';
import { route } from '../../lib/route';
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

/** The one file of a multipart request, read whole (the route's size cap stops a larger one early). */
export async function readUpload(request: FastifyRequest, fieldId: string): Promise<Upload> {
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
  return reply
    .type(file.content_type)
    .header('content-disposition', attachment(file.file_name))
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength));
}

/**
 * Spec §7 Candidate (cv, downloadPhoto) and Organization-candidate (upload, download, delete):
 * documents of an application, stored in PostgreSQL, types checked by content, as
 * schemas/contracts/documents.contract.ts declares them.
 */
export const documentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });
  app.addHook('preValidation', authenticate);

  route(app, contracts.uploadCv, async (request, reply) => {
    const upload = await readUpload(request, 'cv');
    return reply
      .code(201)
      .send(await uploadDocument(app.db, viewerOf(request), request.params.id, upload, request.query.language));
  });
  route(app, contracts.uploadDocument, async (request, reply) => {
    const upload = await readUpload(request, request.query.type);
    return reply
      .code(201)
      .send(await uploadDocument(app.db, viewerOf(request), request.params.id, upload, request.query.language));
  });
  route(app, contracts.deleteDocument, async (request) => {
    await deleteDocument(app.db, viewerOf(request), request.params.id, request.params.docId);
    return message('documentDeleted');
  });
  route(app, contracts.changeDocumentType, async (request) =>
    changeDocumentType(app.db, viewerOf(request), request.params.id, request.params.docId, request.params.type),
  );
  for (const contract of [contracts.downloadDocument, contracts.downloadDocumentByPost]) {
    route(app, contract, async (request, reply) =>
      sendFile(reply, await downloadDocument(app.db, viewerOf(request), request.params.id, request.params.docId)),
    );
  }
  route(app, contracts.downloadPhoto, async (request, reply) =>
    sendFile(reply, await downloadPhoto(app.db, viewerOf(request), request.params.id)),
  );
};
