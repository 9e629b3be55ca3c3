import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Message, OneTimeToken } from '#schemas/auth';
import { message } from '#schemas/messages';
import {
  InvitedUser,
  InviteUserRequest,
  PasswordChange,
  RareUser,
  SecurityUpdate,
  User,
  UserOrganization,
  UserOrganizationsQuery,
  UserQuery,
  UserUpdate,
} from '#schemas/user';
import { siteBaseUrl } from '../../lib/links';
import { requestLanguage } from '../../lib/request-language';
import { SubdomainQuery, V1_ERRORS } from '../../lib/route-schemas';
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

const errors = V1_ERRORS;

/** Spec §7 User, under /api/v1: bearer token + `subdomain` query parameter. */
export const userRoutes: FastifyPluginAsyncTypebox<{ siteConfig: SiteConfig }> = async (app, { siteConfig }) => {
  // Before validation: a caller without a session learns nothing about the request's shape.
  app.addHook('preValidation', authenticate);
  const tags = ['user'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/user',
    {
      schema: {
        tags,
        security,
        summary: 'The signed-in user; with cookieRequested, a login cookie after a sign-in with a one-time password',
        querystring: UserQuery,
        response: { 200: User, ...errors },
      },
    },
    async (request) => currentUser(app.db, viewerOf(request), request.query.cookieRequested === true),
  );

  app.put(
    '/user',
    {
      schema: {
        tags,
        security,
        summary:
          'Update names, contact preferences, terms or the email address (confirmed by a link); userType and organisation cannot change',
        querystring: SubdomainQuery,
        body: UserUpdate,
        response: { 200: User, ...errors },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      return updateProfile(app.db, viewer, request.body, {
        siteBase: siteBaseUrl(request, viewer.organization.subdomain, siteConfig),
        language: requestLanguage(request, viewer.organization),
      });
    },
  );

  app.put(
    '/user/security',
    {
      schema: {
        tags,
        security,
        summary: 'Turn the one-time password at sign-in on or off (needs the password)',
        querystring: SubdomainQuery,
        body: SecurityUpdate,
        response: { 200: User, ...errors },
      },
    },
    async (request) => updateSecurity(app.db, viewerOf(request), request.body),
  );

  app.put(
    '/user/password',
    {
      schema: {
        tags,
        security,
        summary: 'Change the password (needs the current one); other sessions end',
        querystring: SubdomainQuery,
        body: PasswordChange,
        response: { 200: Message, ...errors },
      },
    },
    async (request) => changePassword(app.db, viewerOf(request), request.body),
  );

  app.get(
    '/user/userorganizations',
    {
      schema: {
        tags,
        security,
        summary: 'The organisations the user works in (admins: all)',
        querystring: UserOrganizationsQuery,
        response: { 200: Type.Array(UserOrganization), ...errors },
      },
    },
    async (request) => userOrganizations(app.db, viewerOf(request), request.query.organizationId),
  );

  app.post(
    '/user/token',
    {
      schema: {
        tags,
        security,
        summary: 'A one-time user token (2 minutes) to sign in on another host of this organisation',
        querystring: SubdomainQuery,
        response: { 200: OneTimeToken, ...errors },
      },
    },
    async (request) => createUserToken(app.db, viewerOf(request)),
  );

  app.post(
    '/user/hrtoken',
    {
      schema: {
        tags,
        security,
        summary: 'A one-time user token for the HR host (hiring side only)',
        querystring: SubdomainQuery,
        response: { 200: OneTimeToken, ...errors },
      },
    },
    async (request) => createHrToken(app.db, viewerOf(request)),
  );

  app.get(
    '/user/rareusers',
    {
      schema: {
        tags,
        security,
        summary: 'Candidates who agreed to be contacted by RARE (hiring-manager admins)',
        querystring: SubdomainQuery,
        response: { 200: Type.Array(RareUser), ...errors },
      },
      preHandler: requireRole('HIRING_MANAGER_ADMIN'),
    },
    async (request) => rareUsers(app.db, viewerOf(request)),
  );

  app.delete(
    '/user/deleteMe',
    {
      schema: {
        tags,
        security,
        summary: "Erase the signed-in person's data (anonymous statistics stay)",
        querystring: SubdomainQuery,
        response: { 200: Message, ...errors },
      },
    },
    async (request) => {
      await deleteMe(app.db, viewerOf(request));
      return message('accountDeleted');
    },
  );

  app.delete(
    '/user/:id',
    {
      schema: {
        tags,
        security,
        summary: "Erase a user's data (admins; hiring-manager admins within their organisation)",
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        querystring: SubdomainQuery,
        response: { 200: Message, ...errors },
      },
    },
    async (request) => {
      await deleteUser(app.db, viewerOf(request), request.params.id);
      return { message: 'User deleted' };
    },
  );

  app.post(
    '/organization/:id/user',
    {
      schema: {
        tags,
        security,
        summary: 'Invite a Standard or Admin manager; they set a password from the emailed on-boarding link',
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        querystring: SubdomainQuery,
        body: InviteUserRequest,
        response: { 201: InvitedUser, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const invited = await inviteUser(
        app.db,
        viewer,
        request.params.id,
        request.body,
        siteBaseUrl(request, viewer.organization.subdomain, siteConfig),
      );
      return reply.code(201).send(invited);
    },
  );
};
