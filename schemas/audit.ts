import { Type } from 'typebox';
import { AUDIT_ACTIONS, AUDIT_TARGETS } from './contract';
import { literalUnion } from './vocabularies';

/* The audit trail as hiring-manager admins read it (decision 0054) and the retention periods (0055). */

const AuditActionName = literalUnion(AUDIT_ACTIONS);
const AuditTargetName = literalUnion(AUDIT_TARGETS);

/** Filters of the audit page and its CSV: each optional, dates inclusive (UTC days). */
export const AuditQuery = Type.Object(
  {
    actor: Type.Optional(Type.String({ maxLength: 255, description: "part of the actor's email" })),
    action: Type.Optional(AuditActionName),
    targetType: Type.Optional(AuditTargetName),
    targetId: Type.Optional(Type.String({ maxLength: 64 })),
    from: Type.Optional(Type.String({ format: 'date' })),
    to: Type.Optional(Type.String({ format: 'date' })),
    page: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000, default: 0 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
  },
  { additionalProperties: false },
);
export type AuditQuery = Type.Static<typeof AuditQuery>;

export const AuditEntry = Type.Object({
  id: Type.String(),
  at: Type.String({ format: 'date-time' }),
  actorId: Type.String(),
  /** The actor's email now ("erased" once their account is erased). */
  actorEmail: Type.String(),
  action: AuditActionName,
  targetType: AuditTargetName,
  targetId: Type.Union([Type.String(), Type.Null()]),
  clientAddress: Type.Union([Type.String(), Type.Null()]),
  detail: Type.Record(Type.String(), Type.Unknown()),
});
export type AuditEntry = Type.Static<typeof AuditEntry>;

export const AuditPage = Type.Object({
  entries: Type.Array(AuditEntry),
  total: Type.Integer(),
  page: Type.Integer(),
  size: Type.Integer(),
});
export type AuditPage = Type.Static<typeof AuditPage>;

export const RetentionSettings = Type.Object(
  {
    /** Days the audit trail is kept (a scheduled job removes older entries). */
    auditRetentionDays: Type.Integer({ minimum: 30, maximum: 3650 }),
    /** Days after its last change an application is anonymised; null keeps applications. */
    applicationRetentionDays: Type.Union([Type.Integer({ minimum: 30, maximum: 3650 }), Type.Null()]),
  },
  { additionalProperties: false },
);
export type RetentionSettings = Type.Static<typeof RetentionSettings>;
