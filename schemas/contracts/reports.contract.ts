import { Type } from 'typebox';
import { defineRoute } from '../contract';
import { OpenReportType, Report, ReportList, ReportQuery } from '../reports';

/*
 * The report suite (spec §3 Report types; endpoints "not shown" in the spec, decision 0048): a
 * report over a role, a set of roles or the whole organisation for a date range, as figures or
 * as CSV. Diversity has its own routes so that only hiring-manager admins reach them (a Standard
 * manager gets 403 from each, spec §1, ICO recruitment guidance).
 */
const tags = ['reports'];
const access = 'signed-in';
const querystring = ReportQuery;
const params = Type.Object({ report: OpenReportType });
/*
 * `:report` names a kind of report, not a record: the matrix's "another organisation's record"
 * cells are the same call as the caller's own organisation's, answered as such.
 */
const byReportType = {
  who: 'hiring',
  except: { 'manager/other': 'ok', 'hiringAdmin/other': 'ok', 'platformAdmin/other': 'ok' },
} as const;

/*
 * A CSV answer: the client receives a Blob (download()); the schema only documents it, so the
 * error answers stay JSON in OpenAPI.
 */
const Csv = Type.Unsafe<Blob | string>({
  description: 'text/csv attachment: each table of the report under its title, suppressed counts as "<5"',
  content: { 'text/csv': { schema: { type: 'string', format: 'binary' } } },
});

/** A report's CSV answer. */
const csvAnswer = { produces: ['text/csv'], response: { 200: Csv } } as const;

export const listReports = defineRoute({
  method: 'GET',
  path: '/v1/reports',
  summary: "The reports the caller may read in this organisation's edition (diversity for hiring-manager admins)",
  tags,
  access,
  authz: 'hiring',
  response: { 200: ReportList },
});

export const diversityReport = defineRoute({
  method: 'GET',
  path: '/v1/reports/diversity',
  summary:
    'Diversity: each monitored characteristic by stage reached, stage-to-stage conversion and the four-fifths ratio',
  tags,
  access,
  authz: 'hiring-admin',
  querystring,
  response: { 200: Report },
});

export const diversityReportCsv = defineRoute({
  method: 'GET',
  path: '/v1/reports/diversity/csv',
  summary: 'The diversity report as CSV (hiring-manager admins)',
  tags,
  access,
  authz: 'hiring-admin',
  querystring,
  ...csvAnswer,
});

export const report = defineRoute({
  method: 'GET',
  path: '/v1/reports/:report',
  summary: 'A report other than diversity (efficiency, school, university; lateral: agency, marketing, rejections)',
  tags,
  access,
  authz: byReportType,
  params,
  querystring,
  response: { 200: Report },
});

export const reportCsv = defineRoute({
  method: 'GET',
  path: '/v1/reports/:report/csv',
  summary: 'A report other than diversity as CSV',
  tags,
  access,
  authz: byReportType,
  params,
  querystring,
  ...csvAnswer,
});
