import { csvRow } from '../candidate-items/csv';
import type { AuditPage, AuditQuery } from '#schemas/audit';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/viewer';
import { countAuditEntries, findAuditEntries } from './audit.repository';

/** The most entries one CSV holds; a narrower filter gets the rest. */
const CSV_LIMIT = 10_000;

/** GET /v1/audit: the caller's organisation only (the repository filters by its id). */
export async function auditPage(db: Db, viewer: Viewer, query: AuditQuery): Promise<AuditPage> {
  const page = query.page ?? 0;
  const size = query.size ?? 25;
  const { page: _page, size: _size, ...filters } = query;
  const [entries, total] = await Promise.all([
    findAuditEntries(db, viewer.organization.id, filters, { offset: page * size, limit: size }),
    countAuditEntries(db, viewer.organization.id, filters),
  ]);
  return { entries, total, page, size };
}

/** GET /v1/audit/csv */
export async function auditCsv(db: Db, viewer: Viewer, filters: Omit<AuditQuery, 'page' | 'size'>): Promise<string> {
  const entries = await findAuditEntries(db, viewer.organization.id, filters, { offset: 0, limit: CSV_LIMIT });
  const header = csvRow(['Time', 'Actor', 'Actor id', 'Action', 'Target type', 'Target id', 'Client address']);
  return (
    header +
    entries
      .map((entry) =>
        csvRow([
          entry.at,
          entry.actorEmail,
          entry.actorId,
          entry.action,
          entry.targetType,
          entry.targetId,
          entry.clientAddress,
        ]),
      )
      .join('')
  );
}
