import { Type } from 'typebox';
import { AuditPage, AuditQuery, RetentionSettings } from '../audit';
import { defineRoute } from '../contract';

/*
 * The audit trail and the retention periods (issue 19, decisions 0054 and 0055; "not shown" in
 * the spec): hiring-manager admins read their organisation's trail and set how long it and the
 * applications are kept. No route changes or removes an entry.
 */
const tags = ['audit'];
const access = 'signed-in';

const Csv = Type.Unsafe<Blob | string>({
  description: 'text/csv attachment: one line an entry, newest first',
  content: { 'text/csv': { schema: { type: 'string', format: 'binary' } } },
});

export const auditTrail = defineRoute({
  method: 'GET',
  path: '/v1/audit',
  summary: "The organisation's audit trail, newest first, filtered and a page at a time (hiring-manager admins)",
  tags,
  access,
  authz: 'hiring-admin',
  querystring: AuditQuery,
  response: { 200: AuditPage },
});

export const auditTrailCsv = defineRoute({
  method: 'GET',
  path: '/v1/audit/csv',
  summary: 'The filtered audit trail as CSV (hiring-manager admins; at most 10,000 entries)',
  tags,
  access,
  authz: 'hiring-admin',
  querystring: Type.Omit(AuditQuery, ['page', 'size'], { additionalProperties: false }),
  produces: ['text/csv'],
  response: { 200: Csv },
});

export const retentionSettings = defineRoute({
  method: 'GET',
  path: '/v1/audit/retention',
  summary: 'How long the audit trail and applications are kept (hiring-manager admins)',
  tags,
  access,
  authz: 'hiring-admin',
  response: { 200: RetentionSettings },
});

export const saveRetentionSettings = defineRoute({
  method: 'PUT',
  path: '/v1/audit/retention',
  summary: 'Sets how long the audit trail and applications are kept (hiring-manager admins)',
  tags,
  access,
  authz: 'hiring-admin',
  audit: { action: 'configure', target: 'organization' },
  body: RetentionSettings,
  response: { 200: RetentionSettings },
});

const Zip = Type.Unsafe<Blob | string>({
  description: 'application/zip attachment: one JSON file a kind of record, and the documents themselves',
  content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
});

export const myDataExport = defineRoute({
  method: 'GET',
  path: '/v1/user/data-export',
  summary: 'Everything the product holds about the signed-in person, as one zip archive (right of access)',
  tags,
  access,
  authz: 'signed-in',
  audit: { action: 'export', target: 'user', param: 'self' },
  produces: ['application/zip'],
  response: { 200: Zip },
});
