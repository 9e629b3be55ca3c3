import { createHash } from 'node:crypto';
import { formFields } from '../../../../engine/forms/answers';
import type { CompiledField } from '../../../../engine/forms/types';
import type { DocumentRef } from '../../../../schemas/application';
import type { Db } from '../../db/client';
import { json } from '../../db/json';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/uuid';
import { APPLICATION_CHANGED, ownDraft, visibleApplication } from '../applications/application-access';
import { updateApplication } from '../applications/application.repository';
import { toDocumentRef } from '../applications/application.view';
import { roleForm } from '../applications/role-form';
import { roleOf } from '../roles/role.service';
import type { Viewer } from '../users/user.service';
import { deleteDocuments, findApplicationDocuments, findDocumentContent, insertDocument } from './document.repository';
import { detectContentType } from './file-type';

/** The largest file any question accepts; each question's own limit is checked after reading. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Names a candidate recognises for the accepted types (GOV.UK: "The selected file must be a PDF"). */
const TYPE_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/msword': 'DOC',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/rtf': 'RTF',
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
};

export const fileTooLarge = (maxBytes: number) => `The selected file must be smaller than ${Math.round(maxBytes / (1024 * 1024))} MB`;

function typeList(accept: readonly string[]): string {
  const names = accept.map((type) => TYPE_NAMES[type] ?? type);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : (names[0] ?? '');
}

/** A file name safe to store and to send back in Content-Disposition: no path, no control characters. */
export function safeFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('').trim();
  return (clean || 'document').slice(0, 255);
}

async function fileQuestion(db: Db, viewer: Viewer, roleId: string, fieldId: string, language?: string): Promise<CompiledField> {
  const form = await roleForm(db, viewer.organization, await roleOf(db, viewer.organization, roleId), language);
  const field = formFields(form).find((f) => f.id === fieldId && f.kind === 'file');
  if (!field) throw badRequest('There is a problem with the file', [{ field: 'type', message: `This application does not ask for a '${fieldId}' document` }]);
  return field;
}

export interface Upload {
  fieldId: string;
  fileName: string | undefined;
  bytes: Uint8Array;
}

/**
 * PUT /candidate/:id/cv and POST /organization/:orgId/candidate/:id/upload: a file for one of the
 * application's file questions. Its type is found from its content (magic bytes) and must be one
 * the question accepts; its size must be within the question's limit. The answer itself changes
 * when the step is saved (its answer names the returned id).
 */
export async function uploadDocument(db: Db, viewer: Viewer, applicationId: string, upload: Upload, language?: string): Promise<DocumentRef> {
  const application = await ownDraft(db, viewer, applicationId);
  const field = await fileQuestion(db, viewer, application.role_id, upload.fieldId, language);
  const problem = (message: string, status = 400) => new HttpError(status, message, [{ field: upload.fieldId, message }]);
  if (upload.bytes.byteLength === 0) throw problem('The selected file is empty');
  if (field.maxBytes && upload.bytes.byteLength > field.maxBytes) throw problem(fileTooLarge(field.maxBytes), 413);
  const contentType = detectContentType(upload.bytes);
  if (!contentType || !(field.accept ?? []).includes(contentType)) throw problem(`The selected file must be a ${typeList(field.accept ?? [])}`, 415);
  const stored = await insertDocument(db, {
    organizationId: viewer.organization.id,
    applicationId: application.id,
    userId: viewer.user.id,
    fieldId: field.id,
    fileName: safeFileName(upload.fileName),
    contentType,
    sha256: createHash('sha256').update(upload.bytes).digest('hex'),
    content: upload.bytes,
  });
  return toDocumentRef(stored);
}

const noDocument = (id: string) => notFound(`No document with id '${id}'.`);

/** POST and GET .../download/:docId: the file, for its candidate or the organisation's hiring side. */
export async function downloadDocument(db: Db, viewer: Viewer, applicationId: string, documentId: string) {
  const application = await visibleApplication(db, viewer, applicationId);
  const document = isUuid(documentId) ? await findDocumentContent(db, viewer.organization.id, application.id, documentId) : undefined;
  if (!document) throw noDocument(documentId);
  return document;
}

/** GET /candidate/:id/downloadPhoto: the application's latest photo. */
export async function downloadPhoto(db: Db, viewer: Viewer, applicationId: string) {
  const application = await visibleApplication(db, viewer, applicationId);
  const photo = (await findApplicationDocuments(db, viewer.organization.id, application.id)).filter((d) => d.field_id === 'photo').pop();
  if (!photo) throw notFound('This application has no photo.');
  return downloadDocument(db, viewer, applicationId, photo.id);
}

/**
 * DELETE .../upload/:docId: the candidate removes a file from their draft; an answer naming it
 * is cleared in the same transaction, so the step shows as in progress again.
 */
export async function deleteDocument(db: Db, viewer: Viewer, applicationId: string, documentId: string): Promise<void> {
  const application = await ownDraft(db, viewer, applicationId);
  const documents = await findApplicationDocuments(db, viewer.organization.id, application.id);
  const document = documents.find((d) => d.id === documentId);
  if (!document) throw noDocument(documentId);
  const answer = application.answers[document.field_id] as { id?: unknown } | undefined;
  await db.transaction().execute(async (trx) => {
    if (answer?.id === document.id) {
      const { [document.field_id]: _removed, ...answers } = application.answers;
      const updated = await updateApplication(trx, viewer.organization.id, application.id, application.version, {
        answers: json(answers),
      });
      if (!updated) throw conflict(APPLICATION_CHANGED);
    }
    await deleteDocuments(trx, viewer.organization.id, application.id, [document.id]);
  });
}
