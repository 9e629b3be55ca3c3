import type { Selectable } from 'kysely';
import type { Db } from '../../db/client';
import type { DocumentsTable } from '../../db/types';

const META_COLUMNS = [
  'id',
  'organization_id',
  'application_id',
  'user_id',
  'field_id',
  'file_name',
  'content_type',
  'size',
  'created_at',
] as const;

/** A document without its bytes (and hash): what lists and answers need. */
export type DocumentMeta = Omit<Selectable<DocumentsTable>, 'content' | 'sha256'>;

export interface NewDocument {
  organizationId: string;
  applicationId: string;
  userId: string;
  fieldId: string;
  fileName: string;
  contentType: string;
  sha256: string;
  content: Uint8Array;
}

export async function insertDocument(db: Db, document: NewDocument): Promise<DocumentMeta> {
  return db
    .insertInto('documents')
    .values({
      organization_id: document.organizationId,
      application_id: document.applicationId,
      user_id: document.userId,
      field_id: document.fieldId,
      file_name: document.fileName,
      content_type: document.contentType,
      size: document.content.byteLength,
      sha256: document.sha256,
      content: document.content,
    })
    .returning(META_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The documents of one application, oldest first (without their bytes). */
export async function findApplicationDocuments(
  db: Db,
  organizationId: string,
  applicationId: string,
): Promise<DocumentMeta[]> {
  return db
    .selectFrom('documents')
    .select(META_COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('application_id', '=', applicationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** One document of an application, with its bytes. */
export async function findDocumentContent(db: Db, organizationId: string, applicationId: string, id: string) {
  return db
    .selectFrom('documents')
    .select([...META_COLUMNS, 'content'])
    .where('organization_id', '=', organizationId)
    .where('application_id', '=', applicationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function deleteDocuments(
  db: Db,
  organizationId: string,
  applicationId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('documents')
    .where('organization_id', '=', organizationId)
    .where('application_id', '=', applicationId)
    .where('id', 'in', ids)
    .execute();
}

/** Changes the question a document answers (its type); the updated document, or undefined when there is none. */
export async function updateDocumentField(
  db: Db,
  organizationId: string,
  applicationId: string,
  id: string,
  fieldId: string,
): Promise<DocumentMeta | undefined> {
  return db
    .updateTable('documents')
    .set({ field_id: fieldId })
    .where('organization_id', '=', organizationId)
    .where('application_id', '=', applicationId)
    .where('id', '=', id)
    .returning(META_COLUMNS)
    .executeTakeFirst();
}
