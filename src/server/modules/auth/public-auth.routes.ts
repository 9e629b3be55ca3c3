import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '#schemas/api';
import {
  ConfirmRequest,
  ForgotRequest,
  LinkUser,
  LogoutNotificationRequest,
  Message,
  OnboardingRequest,
  OnboardingResult,
  OtpCheckResult,
  ResetRequest,
  SignupRequest,
  TokenQuery,
  UrlTokenInfo,
  VerifyEmailRequest,
} from '#schemas/auth';
import { Subdomain } from '#schemas/organization';
import { siteBaseUrl } from '../../lib/links';
import { requestLanguage } from '../../lib/request-language';
import type { SiteConfig } from '../../lib/site-config';
import { loadOrganization, organizationOf } from '../../plugins/tenancy';
import {
  checkOtp,
  completeOnboarding,
  confirmAccount,
  describeUrlToken,
  forgotPassword,
  notifyLogout,
  requestOtp,
  resetPassword,
  sendSignInLink,
  signUp,
  userForOnboarding,
  userForReset,
  userForSignInToken,
  userForVerification,
  verifyNewEmail,
  type PublicContext,
} from './account.service';

const SubdomainQuery = Type.Object({ subdomain: Type.Optional(Subdomain) });
const WithToken = Type.Object({ subdomain: Type.Optional(Subdomain), token: TokenQuery.properties.token });
const EmailParam = Type.String({ minLength: 3, maxLength: 254 });
const errors = { 400: ApiError, 403: ApiError, 404: ApiError, 429: ApiError };

/**
 * The sign-in calls of spec §7 Public, under /api/public. The organisation is the `subdomain`
 * query parameter (or `:sub`), else the host. Answers never tell whether an address has an account.
 */
export const publicAuthRoutes: FastifyPluginAsyncTypebox<{ siteConfig: SiteConfig }> = async (app, { siteConfig }) => {
  const context = (request: FastifyRequest): PublicContext => {
    const organization = organizationOf(request);
    return {
      db: app.db,
      organization,
      caller: { organizationId: organization.id, ip: request.ip },
      siteBase: siteBaseUrl(request, organization.subdomain, siteConfig),
      language: requestLanguage(request, organization),
    };
  };
  const common = { preHandler: loadOrganization };
  const tags = ['public', 'auth'];

  app.post(
    '/signup',
    {
      ...common,
      schema: {
        tags,
        summary: 'Create a candidate account (not on subdomain-restricted sites); a verification link is emailed',
        querystring: SubdomainQuery,
        body: SignupRequest,
        response: { 201: Message, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await signUp(context(request), request.body)),
  );

  app.post(
    '/confirm',
    {
      ...common,
      schema: {
        tags,
        summary: 'Verify a new account with the emailed link',
        querystring: SubdomainQuery,
        body: ConfirmRequest,
        response: { 200: Message, ...errors },
      },
    },
    async (request) => confirmAccount(context(request), request.body.token, request.body.candidateId),
  );

  app.post(
    '/verifyEmail',
    {
      ...common,
      schema: {
        tags,
        summary: 'Confirm a new email address with the link sent to it',
        querystring: SubdomainQuery,
        body: VerifyEmailRequest,
        response: { 200: Message, ...errors },
      },
    },
    async (request) => verifyNewEmail(context(request), request.body.token),
  );

  app.post(
    '/forgot',
    {
      ...common,
      schema: {
        tags,
        summary: 'Email a password reset link (same answer whether or not the address has an account)',
        querystring: SubdomainQuery,
        body: ForgotRequest,
        response: { 200: Message, ...errors },
      },
    },
    async (request) => forgotPassword(context(request), request.body.email),
  );

  app.post(
    '/reset',
    {
      ...common,
      schema: {
        tags,
        summary: 'Set a new password with the emailed reset token; every session ends',
        querystring: SubdomainQuery,
        body: ResetRequest,
        response: { 200: Message, ...errors },
      },
    },
    async (request) => resetPassword(context(request), request.body.token, request.body.newPassword),
  );

  app.get(
    '/userOnBoarding',
    {
      ...common,
      schema: {
        tags,
        summary: 'Who an on-boarding (invitation) link is for',
        querystring: WithToken,
        response: { 200: LinkUser, ...errors },
      },
    },
    async (request) => userForOnboarding(context(request), request.query.token),
  );

  app.post(
    '/signup/userOnBoarding',
    {
      ...common,
      schema: {
        tags,
        summary: 'Finish an invited account: names and password; answers a one-time user token to sign in with',
        querystring: SubdomainQuery,
        body: OnboardingRequest,
        response: { 200: OnboardingResult, ...errors },
      },
    },
    async (request) => completeOnboarding(context(request), request.body),
  );

  app.get(
    '/user',
    {
      ...common,
      schema: {
        tags,
        summary: 'Who a verification link is for',
        querystring: WithToken,
        response: { 200: LinkUser, ...errors },
      },
    },
    async (request) => userForVerification(context(request), request.query.token),
  );
  app.get(
    '/userp',
    {
      ...common,
      schema: {
        tags,
        summary: 'Who a password reset link is for',
        querystring: WithToken,
        response: { 200: LinkUser, ...errors },
      },
    },
    async (request) => userForReset(context(request), request.query.token),
  );
  app.get(
    '/usertoken',
    {
      ...common,
      schema: {
        tags,
        summary: 'Who a sign-in link or one-time user token is for',
        querystring: WithToken,
        response: { 200: LinkUser, ...errors },
      },
    },
    async (request) => userForSignInToken(context(request), request.query.token),
  );

  app.post(
    '/urlToken',
    {
      ...common,
      schema: {
        tags,
        summary: 'What a token from an address is for and until when it works (it is not used)',
        querystring: WithToken,
        response: { 200: UrlTokenInfo, ...errors },
      },
    },
    async (request) => describeUrlToken(context(request), request.query.token),
  );

  app.post(
    '/login/:email',
    {
      ...common,
      schema: {
        tags,
        summary: 'Email a sign-in link (magic password) to the address, if it has an account',
        params: Type.Object({ email: EmailParam }),
        querystring: SubdomainQuery,
        response: { 200: Message, ...errors },
      },
    },
    async (request) => sendSignInLink(context(request), request.params.email),
  );

  app.get(
    '/organization/:sub/requestOtp/:email',
    {
      ...common,
      schema: {
        tags,
        summary: 'Email a sign-in code to the address, if it has an account',
        params: Type.Object({ sub: Subdomain, email: EmailParam }),
        response: { 200: Message, ...errors },
      },
    },
    async (request) => requestOtp(context(request), request.params.email),
  );

  app.get(
    '/organization/:sub/checkOtp/:email/:code',
    {
      ...common,
      schema: {
        tags,
        summary: 'Check an emailed code; answers a one-time user token to sign in with',
        params: Type.Object({ sub: Subdomain, email: EmailParam, code: Type.String({ maxLength: 16 }) }),
        response: { 200: OtpCheckResult, ...errors },
      },
    },
    async (request) => ({
      valid: true as const,
      ...(await checkOtp(context(request), request.params.email, request.params.code)),
    }),
  );

  app.post(
    '/logout-notification',
    {
      ...common,
      schema: {
        tags,
        summary: "Tell the organisation's support address that a hiring-side user signed out",
        querystring: SubdomainQuery,
        body: LogoutNotificationRequest,
        response: { 202: Message, ...errors },
      },
    },
    async (request, reply) => {
      await notifyLogout(context(request), request.body);
      return reply.code(202).send({ message: 'Noted' });
    },
  );
};
