import { createHash } from 'node:crypto';
import { formFields, type CompiledField, isHiringManager } from '#engine';
import { DOCUMENT_TYPE_FIELDS, type DocumentRef, type DocumentType } from '#schemas/application';
import { message, type CodedMessage } from '#schemas/messages';
import type { Db } from '../../db/client';
import { json } from '../../db/json';
import { badRequest, conflict, fieldProblem, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/uuid';
import { ownDraft, visibleApplication } from '../applications/application-access';
import { updateApplication } from '../applications/application.repository';
import { toDocumentRef } from '../applications/application.view';
import { roleForm } from '../applications/role-form';
import { roleOf } from '../roles/role.service';
import type { Viewer } from '../../lib/viewer';
import {
  deleteDocuments,
  findApplicationDocuments,
  findDocumentContent,
  insertDocument,
  updateDocumentField,
} from '../document-store/document.repository';
import { fileAnswerOf } from '../document-store/file-answers';
import { detectContentType } from './file-type';
import { hiddenContent } from './hidden-content';

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

export const fileTooLarge = (maxBytes: number): CodedMessage =>
  message('fileTooLarge', { megabytes: Math.round(maxBytes / (1024 * 1024)) });

/** The accepted types as the candidate knows them (['PDF', 'DOC', 'DOCX']); the message lists them ("PDF, DOC or
 * DOCX"). */
function typeNames(accept: readonly string[]): string[] {
  return accept.map((type) => TYPE_NAMES[type] ?? type);
}

/** Characters that change how a name reads without being seen: bidirectional overrides ("gnp.exe"), invisible marks. */
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/**
 * A file name safe to store and to send back in Content-Disposition: no path, no control or invisible
 * characters, not `.` or `..`, at most 255 characters.
 */
export function safeFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base.replace(INVISIBLE, '')]
    .filter((c) => c.charCodeAt(0) >= 0x20 && !(c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) < 0xa0))
    .join('')
    .trim();
  return (/^\.*$/.test(clean) ? 'document' : clean).slice(0, 255);
}

async function fileQuestion(
  db: Db,
  viewer: Viewer,
  roleId: string,
  fieldId: string,
  language?: string,
): Promise<CompiledField> {
  const form = await roleForm(db, viewer.organization, await roleOf(db, viewer.organization, roleId), language);
  const field = formFields(form).find((f) => f.id === fieldId && f.kind === 'file');
  if (!field)
    throw badRequest(message('fileProblem'), [{ field: 'type', ...message('noFileQuestion', { field: fieldId }) }]);
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
 * the question accepts; its size must be within the question's limit. The file answers its question
 * the moment it is stored (decision 0030): the answer is written in the same compare-and-set
 * transaction, and the question's earlier files (answered or not) are deleted, so a candidate who
 * leaves before Continue finds the file on return and the hiring side never sees two.
 */
export async function uploadDocument(
  db: Db,
  viewer: Viewer,
  applicationId: string,
  upload: Upload,
  language?: string,
): Promise<DocumentRef> {
  const application = await ownDraft(db, viewer, applicationId);
  const field = await fileQuestion(db, viewer, application.role_id, upload.fieldId, language);
  if (upload.bytes.byteLength === 0) throw fieldProblem(400, upload.fieldId, message('fileEmpty'));
  if (field.maxBytes && upload.bytes.byteLength > field.maxBytes)
    throw fieldProblem(413, upload.fieldId, fileTooLarge(field.maxBytes));
  const contentType = detectContentType(upload.bytes);
  if (!contentType || !(field.accept ?? []).includes(contentType))
    throw fieldProblem(415, upload.fieldId, message('fileType', { types: typeNames(field.accept ?? []) }));
  const hidden = hiddenContent(upload.bytes, contentType);
  if (hidden)
    throw fieldProblem(
      415,
      upload.fieldId,
      hidden === 'markup' || hidden === 'appended-archive'
        ? message('fileHiddenContent', { types: typeNames([contentType]) })
        : message('fileUnsafeDocument'),
    );
  const earlier = (await findApplicationDocuments(db, viewer.organization.id, application.id))
    .filter((d) => d.field_id === field.id)
    .map((d) => d.id);
  return db.transaction().execute(async (trx) => {
    const stored = await insertDocument(trx, {
      organizationId: viewer.organization.id,
      applicationId: application.id,
      userId: viewer.user.id,
      fieldId: field.id,
      fileName: safeFileName(upload.fileName),
      contentType,
      sha256: createHash('sha256').update(upload.bytes).digest('hex'),
      content: upload.bytes,
    });
    const answers = { ...application.answers, [field.id]: fileAnswerOf(stored) };
    const updated = await updateApplication(trx, viewer.organization.id, application.id, application.version, {
      answers: json(answers),
    });
    if (!updated) throw conflict(message('applicationChanged'));
    await deleteDocuments(trx, viewer.organization.id, application.id, earlier);
    return toDocumentRef(stored);
  });
}

const noDocument = (id: string) => notFound(message('noDocument', { id }));

/** POST and GET .../download/:docId: the file, for its candidate or the organisation's hiring side. */
export async function downloadDocument(db: Db, viewer: Viewer, applicationId: string, documentId: string) {
  const application = await visibleApplication(db, viewer, applicationId);
  const document = isUuid(documentId)
    ? await findDocumentContent(db, viewer.organization.id, application.id, documentId)
    : undefined;
  if (!document) throw noDocument(documentId);
  return document;
}

/** GET /candidate/:id/downloadPhoto: the application's latest photo. */
export async function downloadPhoto(db: Db, viewer: Viewer, applicationId: string) {
  const application = await visibleApplication(db, viewer, applicationId);
  const photo = (await findApplicationDocuments(db, viewer.organization.id, application.id))
    .filter((d) => d.field_id === 'photo')
    .pop();
  if (!photo) throw notFound(message('noPhoto'));
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
      if (!updated) throw conflict(message('applicationChanged'));
    }
    await deleteDocuments(trx, viewer.organization.id, application.id, [document.id]);
  });
}

/** The questions a typed document can answer (spec §3 document types). */
const TYPED_FIELDS: readonly string[] = Object.values(DOCUMENT_TYPE_FIELDS);

/**
 * POST /organization/:orgId/candidate/:id/documentType/:docId/:type (spec §7): a typed upload
 * (transcript, right to work, writing sample, other) becomes another type. The candidate may
 * re-type the documents of their draft; the hiring side those of any of the organisation's
 * applications. The new type must be a question of the role's form that accepts the file, and
 * not already answered by another document; an answer naming the document moves with it, in
 * one compare-and-set write with the document.
 */
export async function changeDocumentType(
  db: Db,
  viewer: Viewer,
  applicationId: string,
  documentId: string,
  type: DocumentType,
): Promise<DocumentRef> {
  const hiringSide = isHiringManager(viewer.user.user_type);
  const application = hiringSide
    ? await visibleApplication(db, viewer, applicationId)
    : await ownDraft(db, viewer, applicationId);
  const document = (await findApplicationDocuments(db, viewer.organization.id, application.id)).find(
    (d) => d.id === documentId,
  );
  if (!document) throw noDocument(documentId);
  if (!TYPED_FIELDS.includes(document.field_id)) throw fieldProblem(400, 'docId', message('notATypedDocument'));
  const target = DOCUMENT_TYPE_FIELDS[type];
  if (document.field_id === target) return toDocumentRef(document);
  const field = await fileQuestion(db, viewer, application.role_id, target);
  if (!(field.accept ?? []).includes(document.content_type)) {
    throw fieldProblem(
      400,
      'type',
      message('documentTypeMismatch', { types: typeNames(field.accept ?? []), type: target }),
    );
  }
  const answers = application.answers;
  const answerId = (fieldId: string) => (answers[fieldId] as { id?: unknown } | undefined)?.id;
  const holder = answerId(target);
  if (holder !== undefined && holder !== document.id) throw conflict(message('documentTypeTaken', { type: target }));

  return db.transaction().execute(async (trx) => {
    const moved = await updateDocumentField(trx, viewer.organization.id, application.id, document.id, target);
    if (!moved) throw noDocument(documentId);
    if (answerId(document.field_id) === document.id) {
      const { [document.field_id]: answer, ...rest } = answers;
      const updated = await updateApplication(trx, viewer.organization.id, application.id, application.version, {
        answers: json({ ...rest, [target]: answer }),
      });
      if (!updated) throw conflict(message('applicationChanged'));
    }
    return toDocumentRef(moved);
  });
}
