import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { hasRole } from '#engine';
import * as contracts from '#schemas/contracts/reports.contract';
import type { Report } from '#schemas/reports';
import { attachment } from '../../lib/attachment';
import { route } from '../../lib/route';
import { authenticate, requireRole, viewerOf } from '../../plugins/auth';
import { reportCsv, reportFileName } from './reports-csv';
import { buildReport, reportsOfOrganization } from './reports.service';

/**
 * The report suite (decision 0048), as schemas/contracts/reports.contract.ts declares it: the
 * hiring side reads reports; diversity only hiring-manager admins (decision 0049).
 */
export const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preValidation', authenticate);
  const hiring = { preHandler: requireRole('HIRING_MANAGER') };
  const admins = { preHandler: requireRole('HIRING_MANAGER_ADMIN') };

  const sendCsv = (reply: FastifyReply, report: Report) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', attachment(reportFileName(report, new Date())))
      .header('cache-control', 'private, no-store')
      .send(reportCsv(report));

  route(
    app,
    contracts.listReports,
    async (request) => {
      const { organization, user } = viewerOf(request);
      const admin = hasRole(user.user_type, 'HIRING_MANAGER_ADMIN');
      return { reports: reportsOfOrganization(organization).filter((type) => admin || type !== 'diversity') };
    },
    hiring,
  );
  route(
    app,
    contracts.diversityReport,
    async (request) => buildReport(app.db, viewerOf(request).organization, 'diversity', request.query),
    admins,
  );
  route(
    app,
    contracts.diversityReportCsv,
    async (request, reply) =>
      sendCsv(reply, await buildReport(app.db, viewerOf(request).organization, 'diversity', request.query)),
    admins,
  );
  route(
    app,
    contracts.report,
    async (request) => buildReport(app.db, viewerOf(request).organization, request.params.report, request.query),
    hiring,
  );
  route(
    app,
    contracts.reportCsv,
    async (request, reply) =>
      sendCsv(reply, await buildReport(app.db, viewerOf(request).organization, request.params.report, request.query)),
    hiring,
  );
};
