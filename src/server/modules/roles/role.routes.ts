import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError } from '#schemas/api';
import { OrganizationKey, ROLE_ATTRIBUTES, Role, RoleFilters, RolePage, RolePageQuery } from '#schemas/role';
import { authenticate, requireRole, viewerOf } from '../../plugins/auth';
import { loadOrganization, organizationOf } from '../../plugins/tenancy';
import { BEARER, SubdomainQuery, V1_ERRORS } from '../../lib/route-schemas';
import { previewRole, publicRole, publicRolePage, roleAttributeValues } from './role.service';

const tags = ['public', 'roles'];
const RoleParams = Type.Object({ orgId: OrganizationKey, roleId: Type.String({ maxLength: 64 }) });

/** Spec §7 Public: an organisation's open roles, one role, and the values its filters offer. */
export const publicRoleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/:orgId/roles',
    {
      schema: {
        tags,
        summary:
          "A page of the organisation's active roles matching the filters (open roles first, soonest deadline first)",
        params: Type.Object({ orgId: OrganizationKey }),
        querystring: RolePageQuery,
        body: Type.Optional(RoleFilters),
        response: { 200: RolePage, 400: ApiError, 404: ApiError },
      },
      preHandler: loadOrganization,
    },
    async (request) => {
      const { page = 0, resultsPerPage = 10 } = request.query;
      return publicRolePage(app.db, organizationOf(request), request.body ?? {}, page, resultsPerPage);
    },
  );

  app.get(
    '/:orgId/roles/:roleId',
    {
      schema: {
        tags,
        summary: 'One active role with its application-form configuration',
        params: RoleParams,
        response: { 200: Role, 400: ApiError, 404: ApiError },
      },
      preHandler: loadOrganization,
    },
    async (request) => publicRole(app.db, organizationOf(request), request.params.roleId),
  );

  for (const attribute of ROLE_ATTRIBUTES) {
    app.get(
      `/organization/:sub/${attribute}`,
      {
        schema: {
          tags,
          summary: `The ${attribute} of the organisation's active roles (filter options)`,
          params: Type.Object({ sub: OrganizationKey }),
          response: { 200: Type.Array(Type.String()), 400: ApiError, 404: ApiError },
        },
        preHandler: loadOrganization,
      },
      async (request) => roleAttributeValues(app.db, organizationOf(request), attribute),
    );
  }
};

/** The hiring side's view of a role (/preview/:roleId). */
export const roleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preValidation', authenticate);
  app.get(
    '/role/:roleId',
    {
      schema: {
        tags: ['roles'],
        security: BEARER,
        summary: 'A role in any status, as candidates would see it, with its template (hiring side)',
        // Any text: a malformed id is an unknown role (404), as on every other role call.
        params: Type.Object({ roleId: Type.String({ maxLength: 64 }) }),
        querystring: SubdomainQuery,
        response: { 200: Role, ...V1_ERRORS },
      },
      preHandler: requireRole('HIRING_MANAGER'),
    },
    async (request) => previewRole(app.db, viewerOf(request).organization, request.params.roleId),
  );
};
