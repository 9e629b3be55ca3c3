import { AUDIT_ACTIONS, AUDIT_TARGETS, type AuditAction, type AuditTarget } from '#schemas/contract';
import type { AuditQuery } from '#client/api/audit';

/** The filters of /manager/audit, kept in the address so a filtered page can be shared and paged. */
export interface AuditFilters {
  actor: string;
  action: AuditAction | '';
  targetType: AuditTarget | '';
  targetId: string;
  from: string;
  to: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function filtersFrom(search: string): { filters: AuditFilters; page: number } {
  const params = new URLSearchParams(search);
  const action = params.get('action') ?? '';
  const targetType = params.get('targetType') ?? '';
  const date = (name: string) => (DATE.test(params.get(name) ?? '') ? params.get(name)! : '');
  const page = Number.parseInt(params.get('page') ?? '0', 10);
  return {
    filters: {
      actor: params.get('actor') ?? '',
      action: (AUDIT_ACTIONS as readonly string[]).includes(action) ? (action as AuditAction) : '',
      targetType: (AUDIT_TARGETS as readonly string[]).includes(targetType) ? (targetType as AuditTarget) : '',
      targetId: params.get('targetId') ?? '',
      from: date('from'),
      to: date('to'),
    },
    page: Number.isFinite(page) && page > 0 ? page : 0,
  };
}

/** The filters set, as the API's query (empty ones left out). */
export function queryOf(filters: AuditFilters): Omit<AuditQuery, 'page' | 'size'> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')) as Omit<
    AuditQuery,
    'page' | 'size'
  >;
}

export function auditHref(filters: AuditFilters, page = 0): string {
  const params = new URLSearchParams(queryOf(filters) as Record<string, string>);
  if (page > 0) params.set('page', String(page));
  const search = params.toString();
  return search ? `/manager/audit?${search}` : '/manager/audit';
}
