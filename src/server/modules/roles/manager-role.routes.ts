import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contracts from '#schemas/contracts/roles.contract';
import { route } from '../../lib/route';
import { authenticate, requireRole, viewerOf } from '../../plugins/auth';
import { createRoleFromTemplate, managerRolePage, setRoleStatus, updateRole } from './manager-role.service';

/** The hiring side's roles (issue 6, spec §3 Role): list with stage counts, create from a template, edit, archive,
 * restore, as schemas/contracts/roles.contract.ts declares them. */
export const managerRoleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preValidation', authenticate);
  const hiring = { preHandler: requireRole('HIRING_MANAGER') };

  route(
    app,
    contracts.managerRoles,
    async (request) => managerRolePage(app.db, viewerOf(request).organization, request.query),
    hiring,
  );
  route(
    app,
    contracts.createRole,
    async (request, reply) => {
      const role = await createRoleFromTemplate(app.db, viewerOf(request).organization, request.body);
      return reply.code(201).send(role);
    },
    hiring,
  );
  route(
    app,
    contracts.updateRole,
    async (request) => updateRole(app.db, viewerOf(request).organization, request.params.roleId, request.body),
    hiring,
  );
  for (const [contract, status] of [
    [contracts.archiveRole, 'ARCHIVED'],
    [contracts.restoreRole, 'ACTIVE'],
  ] as const) {
    route(
      app,
      contract,
      async (request) => setRoleStatus(app.db, viewerOf(request).organization, request.params.roleId, status),
      hiring,
    );
  }
};
