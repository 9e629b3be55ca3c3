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

/** A tenant as the HR system names it: letters, digits, `_` and `-`. */
export const HrTenant = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'the HR system tenant' });

/** The organisation's connection to its HR system (never the token). */
export const HrConnection = Type.Object({
  connected: Type.Boolean(),
  tenant: Type.Union([Type.String(), Type.Null()]),
  connectedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  connectedBy: Type.Union([Type.String(), Type.Null()]),
});
export type HrConnection = Type.Static<typeof HrConnection>;

export const StartHrConnection = Type.Object({ tenant: HrTenant }, { additionalProperties: false });
export const HrAuthorization = Type.Object({
  authorizeUrl: Type.String({ description: "the HR system's authorise page, with a one-time state" }),
});

/** A new hire sent to the HR system: where it stands (null: not sent). */
export const HrExport = Type.Object({
  status: Type.Union([Type.Literal('QUEUED'), Type.Literal('SENT'), Type.Literal('FAILED'), Type.Null()]),
  sentAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type HrExport = Type.Static<typeof HrExport>;
