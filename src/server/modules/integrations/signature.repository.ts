import type { Db } from '../../db/client';
import type { SignatureStatus } from '#schemas/integrations';

/* The signature requests of applications (migration 0027): every query names the organisation. */

const COLUMNS = [
  'signature_requests.id',
  'signature_requests.application_id',
  'signature_requests.document_id',
  'signature_requests.document_name',
  'signature_requests.envelope_id',
  'signature_requests.status',
  'signature_requests.sent_at',
  'signature_requests.completed_at',
] as const;

export async function insertSignatureRequest(
  db: Db,
  row: {
    organizationId: string;
    applicationId: string;
    documentId: string;
    documentName: string;
    provider: string;
    envelopeId: string;
    tokenHash: string;
    sentBy: string;
  },
) {
  return db
    .insertInto('signature_requests')
    .values({
      organization_id: row.organizationId,
      application_id: row.applicationId,
      document_id: row.documentId,
      document_name: row.documentName,
      provider: row.provider,
      envelope_id: row.envelopeId,
      status: 'SENT',
      token_hash: row.tokenHash,
      sent_by: row.sentBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** An application's requests, newest first, with the name of who sent each. */
export async function findSignatureRequests(db: Db, organizationId: string, applicationId: string) {
  return db
    .selectFrom('signature_requests')
    .leftJoin('users', 'users.id', 'signature_requests.sent_by')
    .select([...COLUMNS, 'users.first_name', 'users.preferred_name', 'users.last_name', 'users.email'])
    .where('signature_requests.organization_id', '=', organizationId)
    .where('signature_requests.application_id', '=', applicationId)
    .orderBy('signature_requests.sent_at', 'desc')
    .orderBy('signature_requests.id', 'desc')
    .execute();
}

export type SignatureRequestRow = Awaited<ReturnType<typeof findSignatureRequests>>[number];

/** The request of a signing link's token (its hash), in the organisation of the host. */
export async function findSignatureRequestByToken(db: Db, organizationId: string, tokenHash: string) {
  return db
    .selectFrom('signature_requests')
    .select(COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Records what the provider said; only a request still SENT changes (a later answer never undoes a signature). */
export async function recordSignatureStatus(
  db: Db,
  organizationId: string,
  id: string,
  status: SignatureStatus,
  completedAt: Date | null,
): Promise<void> {
  await db
    .updateTable('signature_requests')
    .set({ status, completed_at: completedAt })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('status', '=', 'SENT')
    .execute();
}
