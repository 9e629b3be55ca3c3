import { REPORT_TYPES, type ReportQuery, type ReportType } from '#schemas/reports';

/*
 * The report page's address (decision 0048): /manager/reports?report=diversity&roles=<id>,<id>
 * &from=YYYY-MM-DD&to=YYYY-MM-DD, and print=1 for the print view. A shared link opens the same
 * figures.
 */

export interface ReportAddress {
  report: ReportType | null;
  roleIds: string[];
  from: string;
  to: string;
  print: boolean;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function reportAddressFrom(search: string): ReportAddress {
  const params = new URLSearchParams(search);
  const report = params.get('report');
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    report: (REPORT_TYPES as readonly string[]).includes(report ?? '') ? (report as ReportType) : null,
    roleIds: (params.get('roles') ?? '').split(',').filter((id) => UUID.test(id)),
    from: day('from'),
    to: day('to'),
    print: params.get('print') === '1',
  };
}

export function reportHref(address: ReportAddress): string {
  const params = new URLSearchParams();
  if (address.report) params.set('report', address.report);
  if (address.roleIds.length) params.set('roles', address.roleIds.join(','));
  if (address.from) params.set('from', address.from);
  if (address.to) params.set('to', address.to);
  if (address.print) params.set('print', '1');
  return `/manager/reports?${params.toString()}`;
}

/** The API query of an address. */
export function reportQueryOf(address: ReportAddress): ReportQuery {
  return {
    ...(address.roleIds.length ? { roleIds: address.roleIds.join(',') } : {}),
    ...(address.from ? { from: address.from } : {}),
    ...(address.to ? { to: address.to } : {}),
  };
}
