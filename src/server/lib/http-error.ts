import type { FieldError } from '../../../schemas/api';

/** An error whose status and message are meant for the caller; anything else becomes a 500. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    /** Response headers to send with the error (Retry-After, WWW-Authenticate). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string): HttpError => new HttpError(404, message);
export const badRequest = (message: string, errors?: FieldError[]): HttpError => new HttpError(400, message, errors);
export const forbidden = (message: string): HttpError => new HttpError(403, message);
/** Someone else changed the record since the caller read it (optimistic concurrency). */
export const conflict = (message: string): HttpError => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number): HttpError =>
  new HttpError(429, message, undefined, { 'retry-after': String(retryAfterSeconds) });

/**
 * An error in the OAuth shape `{ error, error_description }` (RFC 6749 §5.2): the token endpoint
 * answers only these, and the API's 401s use it too so the client's refresh logic can read them.
 */
export class OAuthError extends Error {
  override name = 'OAuthError';
  constructor(
    readonly statusCode: number,
    readonly error: string,
    readonly description: string,
    readonly headers?: Record<string, string>,
  ) {
    super(description);
  }
}
