import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contracts from '#schemas/contracts/roles.contract';
import { PUBLIC_ROLES_PAGE_SIZE, ROLE_ATTRIBUTES } from '#schemas/role';
import { route } from '../../lib/route';
import { authenticate, requireRole, viewerOf } from '../../plugins/auth';
import { loadOrganization, organizationOf } from '../../plugins/tenancy';
import { previewRole, publicRole, publicRolePage, roleAttributeValues } from './role.service';

/** Spec §7 Public: an organisation's open roles, one role, and the values its filters offer (roles.contract.ts). */
export const publicRoleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(
    app,
    contracts.publicRolePage,
    async (request) => {
      const { page = 0, resultsPerPage = PUBLIC_ROLES_PAGE_SIZE } = request.query;
      return publicRolePage(app.db, organizationOf(request), request.body ?? {}, page, resultsPerPage);
    },
    { preHandler: loadOrganization },
  );
  route(
    app,
    contracts.publicRole,
    async (request) => publicRole(app.db, organizationOf(request), request.params.roleId),
    { preHandler: loadOrganization, config: { revalidate: true } },
  );
  for (const attribute of ROLE_ATTRIBUTES) {
    route(
      app,
      contracts.roleAttributeValues[attribute],
      async (request) => roleAttributeValues(app.db, organizationOf(request), attribute),
      { preHandler: loadOrganization, config: { revalidate: true } },
    );
  }
};

/** The hiring side's view of a role (/preview/:roleId). */
export const roleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preValidation', authenticate);
  route(
    app,
    contracts.previewRole,
    async (request) => previewRole(app.db, viewerOf(request).organization, request.params.roleId),
    { preHandler: requireRole('HIRING_MANAGER') },
  );
};
