import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { RouteContract } from '#schemas/contract';
import * as contracts from '#schemas/contracts/auth.contract';
import { siteBaseUrl } from '../../lib/links';
import { requestLanguage } from '../../lib/request-language';
import { route, type ContractHandler } from '../../lib/route';
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
  resendVerification,
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

/**
 * The sign-in calls of spec §7 Public, under /api/public, as schemas/contracts/auth.contract.ts
 * declares them. The organisation is the `subdomain` query parameter (or `:sub`), else the host.
 * Answers never tell whether an address has an account.
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
  /** Every call here belongs to the organisation of the `subdomain` parameter, `:sub` or the host. */
  const register = <const C extends RouteContract>(contract: C, handler: ContractHandler<C>) =>
    route(app, contract, handler, { preHandler: loadOrganization });

  register(contracts.signUp, async (request, reply) =>
    reply.code(201).send(await signUp(context(request), request.body)),
  );
  register(contracts.resendVerification, async (request) => resendVerification(context(request), request.body));
  register(contracts.confirmAccount, async (request) =>
    confirmAccount(context(request), request.body.token, request.body.candidateId),
  );
  register(contracts.verifyEmail, async (request) => verifyNewEmail(context(request), request.body.token));
  register(contracts.forgotPassword, async (request) => forgotPassword(context(request), request.body.email));
  register(contracts.resetPassword, async (request) =>
    resetPassword(context(request), request.body.token, request.body.newPassword),
  );
  register(contracts.onboardingUser, async (request) => userForOnboarding(context(request), request.query.token));
  register(contracts.completeOnboarding, async (request) => completeOnboarding(context(request), request.body));
  register(contracts.verificationUser, async (request) => userForVerification(context(request), request.query.token));
  register(contracts.resetUser, async (request) => userForReset(context(request), request.query.token));
  register(contracts.signInTokenUser, async (request) => userForSignInToken(context(request), request.query.token));
  register(contracts.describeUrlToken, async (request) => describeUrlToken(context(request), request.query.token));
  register(contracts.sendSignInLink, async (request) => sendSignInLink(context(request), request.params.email));
  register(contracts.requestOtp, async (request) => requestOtp(context(request), request.params.email));
  register(contracts.checkOtp, async (request) => ({
    valid: true as const,
    ...(await checkOtp(context(request), request.params.email, request.params.code)),
  }));
  register(contracts.logoutNotification, async (request, reply) => {
    await notifyLogout(context(request), request.body);
    return reply.code(202).send({ message: 'Noted' });
  });
};
