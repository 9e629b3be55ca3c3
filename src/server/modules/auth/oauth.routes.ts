import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError } from 'fastify';
import { GENERIC_ERROR_MESSAGE } from '#engine';
import * as contracts from '#schemas/contracts/auth.contract';
import { message } from '#schemas/messages';
import { codeOf, HttpError, OAuthError } from '../../lib/http-error';
import { siteBaseUrl } from '../../lib/links';
import { requestLanguage } from '../../lib/request-language';
import { route } from '../../lib/route';
import type { SiteConfig } from '../../lib/site-config';
import { authenticate, viewerOf } from '../../plugins/auth';
import { loadOrganization, organizationOf } from '../../plugins/tenancy';
import { grantToken } from './sign-in.service';
import { endSession, type SessionSettings } from './session.service';

const OAUTH_ERROR_NAMES: Record<number, string> = {
  401: 'invalid_client',
  403: 'access_denied',
  404: 'invalid_request',
  429: 'too_many_requests',
};

export interface OAuthRoutesOptions {
  sessionSettings: SessionSettings;
  siteConfig: SiteConfig;
}

/**
 * Spec §7 Auth under /api/oauth, as schemas/contracts/auth.contract.ts declares it. Requests are
 * form-encoded (JSON is accepted too); every error leaves in the OAuth shape
 * `{ error, error_description }`, with `message` beside it.
 */
export const oauthRoutes: FastifyPluginAsyncTypebox<OAuthRoutesOptions> = async (
  app,
  { sessionSettings, siteConfig },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.setErrorHandler((error: FastifyError | OAuthError | HttpError, request, reply) => {
    let status = 500;
    let name = 'server_error';
    let description = GENERIC_ERROR_MESSAGE;
    if (error instanceof OAuthError) {
      [status, name, description] = [error.statusCode, error.error, error.description];
    } else if (error instanceof HttpError) {
      [status, name, description] = [
        error.statusCode,
        OAUTH_ERROR_NAMES[error.statusCode] ?? 'invalid_request',
        error.message,
      ];
    } else if ('validation' in error && error.validation) {
      const first = error.validation[0];
      const params = first?.params as { missingProperty?: string; additionalProperty?: string } | undefined;
      const field =
        first?.instancePath.replace(/^\//, '') || params?.missingProperty || params?.additionalProperty || '';
      // An unknown field is named as such (decision 0047), not as ajv words it.
      const problem = params?.additionalProperty ? 'is not allowed here' : (first?.message ?? '');
      [status, name, description] = [
        400,
        'invalid_request',
        field
          ? `Invalid request: ${field} ${problem}`.trimEnd()
          : `Invalid request: ${error.validationContext ?? 'request'} ${first?.message ?? ''}`.trimEnd(),
      ];
    } else if ((error as FastifyError).statusCode && (error as FastifyError).statusCode! < 500) {
      [status, name, description] = [(error as FastifyError).statusCode!, 'invalid_request', error.message];
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    const headers = (error as { headers?: Record<string, string> }).headers;
    if (headers) reply.headers(headers);
    const coded = error instanceof OAuthError || error instanceof HttpError ? codeOf(error) : {};
    return reply.code(status).send({ error: name, error_description: description, message: description, ...coded });
  });

  route(
    app,
    contracts.token,
    async (request, reply) => {
      const { subdomain: _subdomain, ...query } = request.query;
      const organization = organizationOf(request);
      const result = await grantToken(
        {
          db: app.db,
          organization,
          caller: { organizationId: organization.id, ip: request.ip },
          sessionSettings,
          siteBase: siteBaseUrl(request, organization.subdomain, siteConfig),
          language: requestLanguage(request, organization),
        },
        { ...query, ...(request.body ?? {}) },
      );
      reply.header('cache-control', 'no-store');
      if (result.kind === 'otp_required')
        return reply.code(206).send({
          error: 'otp_required',
          error_description: result.description.message,
          ...codeOf(result.description),
        });
      return result.tokens;
    },
    { preHandler: loadOrganization },
  );

  route(
    app,
    contracts.revokeToken,
    async (request) => {
      await endSession(app.db, viewerOf(request).session.familyId);
      return message('signedOut');
    },
    { preValidation: authenticate },
  );
};
