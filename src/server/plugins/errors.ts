import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorObject } from 'ajv';
import type { ApiError, FieldError } from '#schemas/api';
import { message } from '#schemas/messages';
import { GENERIC_ERROR_MESSAGE } from '#engine';
import type { App } from '../app-types';
import { isConnectionLost, RETRY_AFTER_SECONDS } from '../db/connection-lost';
import { pathOf } from '../lib/api-paths';
import { codeOf, HttpError, OAuthError } from '../lib/http-error';
import { describeSchemaErrors, pointerToField } from '../lib/schema-errors';
import { confirmAuthentication } from './auth';

export const INVALID_REQUEST_MESSAGE = 'Invalid request';

/**
 * One error shape for every route: `{ message, errors?: [{ field, message }] }`.
 * Schema failures name each field; HttpErrors and Fastify's own 4xx keep their message;
 * a lost database connection is a 503 with Retry-After; anything else is logged and answered with the generic message,
 * never a stack.
 */
export function registerErrorHandler(app: App): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A read-only call answered from an unconfirmed token (decision 0091) answers its error only once the token is
    // confirmed, and the token's own error instead when it no longer stands.
    if (request.confirming)
      return confirmAuthentication(request).then(
        () => void answerError(error, request, reply),
        (authError: FastifyError) => void answerError(authError, request, reply),
      );
    return answerError(error, request, reply);
  });
}

function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error.validation) {
    const errors = validationErrors(error.validation as ErrorObject[], error.validationContext ?? 'request');
    return reply.code(400).send({ message: INVALID_REQUEST_MESSAGE, errors } satisfies ApiError);
  }
  if (error instanceof HttpError) {
    const body: ApiError = {
      message: error.message,
      ...codeOf(error),
      ...(error.errors ? { errors: error.errors } : {}),
    };
    if (error.headers) reply.headers(error.headers);
    return reply.code(error.statusCode).send(body);
  }
  if (error instanceof OAuthError) {
    // The OAuth shape, with `message` too so every client reads the same text (spec §8 order).
    if (error.headers) reply.headers(error.headers);
    return reply.code(error.statusCode).send({
      error: error.error,
      error_description: error.description,
      message: error.description,
      ...codeOf(error),
    });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.code(status).send({ message: error.message } satisfies ApiError);
  }
  if (isConnectionLost(error)) {
    // The transaction in flight rolled back with the connection: nothing was written, so the caller may try again.
    request.log.warn({ err: error }, 'database connection lost');
    return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(message('databaseUnavailable'));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ message: GENERIC_ERROR_MESSAGE } satisfies ApiError);
}

function validationErrors(errors: ErrorObject[], context: string): FieldError[] {
  return describeSchemaErrors(errors).map((p) => ({ field: pointerToField(p.pointer) || context, message: p.message }));
}

/** The 404 of the API: names the method and path that matched nothing. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(404).send({ message: `Not found: ${request.method} ${pathOf(request.url)}` } satisfies ApiError);
}
