import * as audit from '#schemas/contracts/audit.contract';
import type { AuditPage, AuditQuery, RetentionSettings } from '#schemas/audit';
import { call, download } from './call';

/* The audit trail and retention periods (decisions 0054, 0055) and the person's own data export. */

export type { AuditPage, AuditQuery, RetentionSettings };

export function fetchAuditTrail(query: AuditQuery): Promise<AuditPage> {
  return call(audit.auditTrail, { query });
}

export function downloadAuditCsv(query: Omit<AuditQuery, 'page' | 'size'>): Promise<Blob> {
  return download(audit.auditTrailCsv, { query });
}

export function fetchRetention(): Promise<RetentionSettings> {
  return call(audit.retentionSettings);
}

export function saveRetention(settings: RetentionSettings): Promise<RetentionSettings> {
  return call(audit.saveRetentionSettings, { body: settings });
}

/** GET /user/data-export: everything held about the signed-in person, as a zip. */
export function downloadMyData(): Promise<Blob> {
  return download(audit.myDataExport);
}
