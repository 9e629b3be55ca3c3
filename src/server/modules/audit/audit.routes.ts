import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import * as contracts from '#schemas/contracts/audit.contract';
import { attachment } from '../../lib/attachment';
import { route } from '../../lib/route';
import { authenticate, requireRole, viewerOf } from '../../plugins/auth';
import { findRetention, updateRetention } from './audit.repository';
import { auditCsv, auditPage } from './audit.service';
import { exportMyData } from './data-export.service';

/**
 * The audit trail and retention periods for hiring-manager admins (decision 0054, 0055) and the
 * person's own data export, as schemas/contracts/audit.contract.ts declares them.
 */
export const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preValidation', authenticate);
  const admins = { preHandler: requireRole('HIRING_MANAGER_ADMIN') };

  route(app, contracts.auditTrail, async (request) => auditPage(app.db, viewerOf(request), request.query), admins);
  route(
    app,
    contracts.auditTrailCsv,
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`audit-${new Date().toISOString().slice(0, 10)}.csv`))
        .header('cache-control', 'private, no-store')
        .send(await auditCsv(app.db, viewerOf(request), request.query)),
    admins,
  );
  route(
    app,
    contracts.retentionSettings,
    async (request) => findRetention(app.db, viewerOf(request).organization.id),
    admins,
  );
  route(
    app,
    contracts.saveRetentionSettings,
    async (request) => {
      const { organization } = viewerOf(request);
      await updateRetention(app.db, organization.id, request.body);
      return findRetention(app.db, organization.id);
    },
    admins,
  );
  route(app, contracts.myDataExport, async (request, reply) =>
    sendZip(reply, await exportMyData(app.db, viewerOf(request))),
  );
};

function sendZip(reply: FastifyReply, zip: Uint8Array) {
  return reply
    .type('application/zip')
    .header('content-disposition', attachment(`my-data-${new Date().toISOString().slice(0, 10)}.zip`))
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
}
