import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ManagerRolePage, ManagerRoleQuery, NewRoleBody, Role, RoleUpdateBody } from '#schemas/role';
import { BEARER, SubdomainQuery, V1_ERRORS } from '../../lib/route-schemas';
import { authenticate, requireRole, viewerOf } from '../../plugins/auth';
import { createRoleFromTemplate, managerRolePage, setRoleStatus, updateRole } from './manager-role.service';

const tags = ['roles'];
/** Any text: a malformed id names no role, so it answers 404 like an unknown one. */
const RoleIdParams = Type.Object({ roleId: Type.String({ maxLength: 64 }) });

/** The hiring side's roles (issue 6, spec §3 Role): list with stage counts, create from a template, edit, archive,
 * restore. */
export const managerRoleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preValidation', authenticate);
  const hiring = requireRole('HIRING_MANAGER');

  app.get(
    '/roles',
    {
      schema: {
        tags,
        security: BEARER,
        summary:
          "A page of the organisation's roles in one status (ACTIVE by default, ARCHIVED, PRESET templates) with applications per stage",
        querystring: ManagerRoleQuery,
        response: { 200: ManagerRolePage, ...V1_ERRORS },
      },
      preHandler: hiring,
    },
    async (request) => managerRolePage(app.db, viewerOf(request).organization, request.query),
  );

  app.post(
    '/roles',
    {
      schema: {
        tags,
        security: BEARER,
        summary:
          'A new active role made from one of the organisation’s role templates (configuration and template copied)',
        querystring: SubdomainQuery,
        body: NewRoleBody,
        response: { 201: Role, ...V1_ERRORS },
      },
      preHandler: hiring,
    },
    async (request, reply) => {
      const role = await createRoleFromTemplate(app.db, viewerOf(request).organization, request.body);
      return reply.code(201).send(role);
    },
  );

  app.put(
    '/role/:roleId',
    {
      schema: {
        tags,
        security: BEARER,
        summary:
          "Edits a role's name, summary, deadline, form configuration or template (configuration checked by the engine)",
        params: RoleIdParams,
        querystring: SubdomainQuery,
        body: RoleUpdateBody,
        response: { 200: Role, ...V1_ERRORS },
      },
      preHandler: hiring,
    },
    async (request) => updateRole(app.db, viewerOf(request).organization, request.params.roleId, request.body),
  );

  for (const [action, status] of [
    ['archive', 'ARCHIVED'],
    ['restore', 'ACTIVE'],
  ] as const) {
    app.post(
      `/role/:roleId/${action}`,
      {
        schema: {
          tags,
          security: BEARER,
          summary:
            action === 'archive' ? 'Archives an active role (no longer public)' : 'Restores an archived role to active',
          params: RoleIdParams,
          querystring: SubdomainQuery,
          response: { 200: Role, ...V1_ERRORS },
        },
        preHandler: hiring,
      },
      async (request) => setRoleStatus(app.db, viewerOf(request).organization, request.params.roleId, status),
    );
  }
};
