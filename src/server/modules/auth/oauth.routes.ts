import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { FastifyError } from 'fastify';
import { GENERIC_ERROR_MESSAGE } from '#engine';
import {
  Message,
  OAuthError as OAuthErrorBody,
  OtpRequired,
  RevokeRequest,
  TokenRequest,
  TokenResponse,
} from '#schemas/auth';
import { message } from '#schemas/messages';
import { codeOf, HttpError, OAuthError } from '../../lib/http-error';
import { siteBaseUrl } from '../../lib/links';
import { requestLanguage } from '../../lib/request-language';
import type { SiteConfig } from '../../lib/site-config';
import { authenticate, viewerOf } from '../../plugins/auth';
import { loadOrganization, organizationOf } from '../../plugins/tenancy';
import { grantToken } from './sign-in.service';
import { endSession, type SessionSettings } from './session.service';

const TokenQuery = TokenRequest;
const TokenBody = Type.Omit(TokenRequest, ['subdomain'], { additionalProperties: false });

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
 * Spec §7 Auth under /api/oauth. Requests are form-encoded (JSON is accepted too); every error
 * leaves in the OAuth shape `{ error, error_description }`, with `message` beside it.
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
      const field =
        first?.instancePath.replace(/^\//, '') ||
        (first?.params as { missingProperty?: string; additionalProperty?: string } | undefined)?.missingProperty ||
        '';
      [status, name, description] = [
        400,
        'invalid_request',
        field
          ? `Invalid request: ${field} ${first?.message ?? ''}`.trimEnd()
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

  app.post(
    '/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in: password (with one-time password), one-time user token, emailed sign-in token, or refresh',
        description:
          'Form-encoded. grant_type=password with username and password (plus otp or otpCookie when a one-time password is required); ' +
          'type=USER_TOKEN with password = a one-time user token; username=token with password = an emailed sign-in token; ' +
          'grant_type=refresh_token with refresh_token (body or query). 206: a one-time password was emailed; send it as otp.',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        querystring: TokenQuery,
        body: Type.Union([TokenBody, Type.Null()], {
          description: 'none for the refresh variant with query parameters',
        }),
        response: {
          200: TokenResponse,
          206: OtpRequired,
          400: OAuthErrorBody,
          401: OAuthErrorBody,
          404: OAuthErrorBody,
          429: OAuthErrorBody,
        },
      },
      preHandler: loadOrganization,
    },
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
  );

  app.delete(
    '/access-token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revoke the bearer token and its refresh tokens',
        security: [{ bearerAuth: [] }],
        querystring: Type.Object({ subdomain: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9-]{1,40}$' })) }),
        body: Type.Union([RevokeRequest, Type.Null()]),
        response: { 200: Message, 401: OAuthErrorBody, 404: OAuthErrorBody },
      },
      preValidation: authenticate,
    },
    async (request) => {
      await endSession(app.db, viewerOf(request).session.familyId);
      return message('signedOut');
    },
  );
};
