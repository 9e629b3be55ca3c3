import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contracts from '#schemas/contracts/users.contract';
import { message } from '#schemas/messages';
import { siteBaseUrl } from '../../lib/links';
import { requestLanguage } from '../../lib/request-language';
import { route } from '../../lib/route';
import type { SiteConfig } from '../../lib/site-config';
import { authenticate, requireRole, viewerOf } from '../../plugins/auth';
import {
  changePassword,
  createHrToken,
  createUserToken,
  currentUser,
  deleteMe,
  deleteUser,
  inviteUser,
  rareUsers,
  updateProfile,
  updateSecurity,
  userOrganizations,
} from './user.service';

/**
 * Spec §7 User, under /api/v1 (bearer token + `subdomain` query parameter), as
 * schemas/contracts/users.contract.ts declares it.
 */
export const userRoutes: FastifyPluginAsyncTypebox<{ siteConfig: SiteConfig }> = async (app, { siteConfig }) => {
  // Before validation: a caller without a session learns nothing about the request's shape.
  app.addHook('preValidation', authenticate);

  route(app, contracts.currentUser, async (request) =>
    currentUser(app.db, viewerOf(request), request.query.cookieRequested === true),
  );
  route(app, contracts.updateUser, async (request) => {
    const viewer = viewerOf(request);
    return updateProfile(app.db, viewer, request.body, {
      siteBase: siteBaseUrl(request, viewer.organization.subdomain, siteConfig),
      language: requestLanguage(request, viewer.organization),
    });
  });
  route(app, contracts.updateSecurity, async (request) => updateSecurity(app.db, viewerOf(request), request.body));
  route(app, contracts.changePassword, async (request) => changePassword(app.db, viewerOf(request), request.body));
  route(app, contracts.userOrganizations, async (request) =>
    userOrganizations(app.db, viewerOf(request), request.query.organizationId),
  );
  route(app, contracts.userToken, async (request) => createUserToken(app.db, viewerOf(request)));
  route(app, contracts.hrToken, async (request) => createHrToken(app.db, viewerOf(request)));
  route(app, contracts.rareUsers, async (request) => rareUsers(app.db, viewerOf(request)), {
    preHandler: requireRole('HIRING_MANAGER_ADMIN'),
  });
  route(app, contracts.deleteMe, async (request) => {
    await deleteMe(app.db, viewerOf(request));
    return message('accountDeleted');
  });
  route(app, contracts.deleteUser, async (request) => {
    await deleteUser(app.db, viewerOf(request), request.params.id);
    return { message: 'User deleted' };
  });
  route(app, contracts.inviteUser, async (request, reply) => {
    const viewer = viewerOf(request);
    const invited = await inviteUser(
      app.db,
      viewer,
      viewer.organization.id,
      request.body,
      siteBaseUrl(request, viewer.organization.subdomain, siteConfig),
    );
    return reply.code(201).send(invited);
  });
};
