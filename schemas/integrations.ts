import { Type } from 'typebox';

/*
 * Optional integrations (spec §1, decision 0080): documents sent for signature at a document-signing
 * service, and the connection to a Workday-style HR system that new hires are sent to.
 */

/** Where a signature request stands: sent to the candidate, signed, or declined (the provider's word). */
export const SIGNATURE_STATUSES = ['SENT', 'SIGNED', 'DECLINED'] as const;
export type SignatureStatus = (typeof SIGNATURE_STATUSES)[number];

/** A new hire sent to the HR system: waiting in the queue, sent, or failed after the job's retries. */
export const HR_EXPORT_STATUSES = ['QUEUED', 'SENT', 'FAILED'] as const;
export type HrExportStatus = (typeof HR_EXPORT_STATUSES)[number];

export const SignatureRequest = Type.Object({
  id: Type.String(),
  documentId: Type.Union([Type.String(), Type.Null()], { description: 'null once the document is deleted' }),
  documentName: Type.String(),
  status: Type.Union([Type.Literal('SENT'), Type.Literal('SIGNED'), Type.Literal('DECLINED')]),
  sentAt: Type.String({ format: 'date-time' }),
  sentBy: Type.Union([Type.String(), Type.Null()], { description: 'the name of the manager who sent it' }),
  completedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type SignatureRequest = Type.Static<typeof SignatureRequest>;

export const SendForSignature = Type.Object(
  { documentId: Type.String({ maxLength: 64, description: 'one of the application’s documents' }) },
  { additionalProperties: false },
);

/** What the candidate's return from the provider found: the latest request's status, asked of the provider. */
export const SigningOutcome = Type.Object({
  status: Type.Union([Type.Literal('SENT'), Type.Literal('SIGNED'), Type.Literal('DECLINED'), Type.Literal('NONE')], {
    description: 'NONE: nothing was sent to this application for signature',
  }),
  documentName: Type.Union([Type.String(), Type.Null()]),
  completedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type SigningOutcome = Type.Static<typeof SigningOutcome>;
