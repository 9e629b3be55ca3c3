import { organizationChanged } from '../../lib/public-cache';
import { sql } from 'kysely';
import type { AuditEntry, AuditQuery, RetentionSettings } from '#schemas/audit';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like-pattern';

type AuditFilters = Omit<AuditQuery, 'page' | 'size'>;

/** The organisation's entries matching the filters (dates are inclusive UTC days). */
function filtered(db: Db, organizationId: string, filters: AuditFilters) {
  let query = db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .where('a.organization_id', '=', organizationId);
  if (filters.actor) query = query.where('u.email', 'ilike', containsPattern(filters.actor));
  if (filters.action) query = query.where('a.action', '=', filters.action);
  if (filters.targetType) query = query.where('a.target_type', '=', filters.targetType);
  if (filters.targetId) query = query.where('a.target_id', '=', filters.targetId);
  if (filters.from) query = query.where('a.created_at', '>=', new Date(`${filters.from}T00:00:00Z`));
  if (filters.to) query = query.where('a.created_at', '<', sql<Date>`${filters.to}::date + 1`);
  return query;
}

export async function findAuditEntries(
  db: Db,
  organizationId: string,
  filters: AuditFilters,
  { offset, limit }: { offset: number; limit: number },
): Promise<AuditEntry[]> {
  const rows = await filtered(db, organizationId, filters)
    .select([
      'a.id',
      'a.created_at',
      'a.actor_id',
      'u.email',
      'a.action',
      'a.target_type',
      'a.target_id',
      'a.client_address',
      'a.detail',
    ])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: String(row.id),
    at: new Date(row.created_at).toISOString(),
    actorId: row.actor_id,
    actorEmail: !row.email || row.email.endsWith('@deleted.invalid') ? 'erased' : row.email,
    action: row.action as AuditEntry['action'],
    targetType: row.target_type as AuditEntry['targetType'],
    targetId: row.target_id,
    clientAddress: row.client_address,
    detail: row.detail,
  }));
}

export async function countAuditEntries(db: Db, organizationId: string, filters: AuditFilters): Promise<number> {
  const row = await filtered(db, organizationId, filters)
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function findRetention(db: Db, organizationId: string): Promise<RetentionSettings> {
  const row = await db
    .selectFrom('organizations')
    .select(['audit_retention_days', 'application_retention_days'])
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return { auditRetentionDays: row.audit_retention_days, applicationRetentionDays: row.application_retention_days };
}

export async function updateRetention(db: Db, organizationId: string, settings: RetentionSettings): Promise<void> {
  await db
    .updateTable('organizations')
    .set({
      audit_retention_days: settings.auditRetentionDays,
      application_retention_days: settings.applicationRetentionDays,
      updated_at: new Date(),
    })
    .where('id', '=', organizationId)
    .execute();
  await organizationChanged(db, organizationId);
}
