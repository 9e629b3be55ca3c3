import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditSpec } from '#schemas/contract';
import type { Db } from '../db/client';

/** One audited action (decision 0054). */
export interface AuditEntry {
  organizationId: string;
  actorId: string;
  action: string;
  targetType: string;
  targetId: string | null;
  clientAddress: string | null;
  detail: Record<string, unknown>;
}

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      organization_id: entry.organizationId,
      actor_id: entry.actorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      client_address: entry.clientAddress,
      detail: JSON.stringify(entry.detail) as never,
    })
    .execute();
}

/**
 * A candidate reading or editing their own application is not staff access to candidate data:
 * only their export and erasure are recorded (decision 0054).
 */
const SUBJECT_ACTIONS: ReadonlySet<string> = new Set(['export', 'erase']);
const isCandidate = (type: string): boolean => type === 'CANDIDATE' || type === 'ANONYMOUS_CANDIDATE';

function targetIdOf(spec: AuditSpec, request: FastifyRequest, actorId: string): string | null {
  if (spec.param === 'self') return actorId;
  if (!spec.param) return null;
  const value = (request.params as Record<string, unknown> | undefined)?.[spec.param];
  return value === undefined ? null : String(value);
}

/**
 * The onSend hook of an audited route (lib/route): a successful answer of a signed-in caller is
 * recorded before it leaves, so no answer goes out unrecorded. The detail names the route and
 * its parameters, never a body (which may hold the candidate's answers).
 */
export function auditHook(spec: AuditSpec) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const viewer = request.viewer;
    if (!viewer || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    if (isCandidate(viewer.user.user_type) && !SUBJECT_ACTIONS.has(spec.action)) return payload;
    await recordAudit(request.server.db, {
      organizationId: viewer.organization.id,
      actorId: viewer.user.id,
      action: spec.action,
      targetType: spec.target,
      targetId: targetIdOf(spec, request, viewer.user.id),
      clientAddress: request.ip,
      detail: { method: request.method, route: request.routeOptions.url, params: request.params ?? {} },
    });
    return payload;
  };
}
