import * as reports from '#schemas/contracts/reports.contract';
import type { Report, ReportQuery, ReportType } from '#schemas/reports';
import { call, download } from './call';

/* The report suite (decision 0048): the reports the caller may read, a report's figures, its CSV. */

export type { Report, ReportQuery, ReportType };

export async function fetchReportTypes(): Promise<ReportType[]> {
  return (await call(reports.listReports)).reports;
}

export function fetchReport(type: ReportType, query: ReportQuery): Promise<Report> {
  return type === 'diversity'
    ? call(reports.diversityReport, { query })
    : call(reports.report, { params: { report: type }, query });
}

export function downloadReportCsv(type: ReportType, query: ReportQuery): Promise<Blob> {
  return type === 'diversity'
    ? download(reports.diversityReportCsv, { query })
    : download(reports.reportCsv, { params: { report: type }, query });
}
