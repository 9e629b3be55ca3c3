import type { FieldError } from '#schemas/api';
import type { CodedMessage, MessageParams } from '#schemas/messages';

/** A message as given to an error: plain English, or a catalogue message (schemas/messages.ts) the client can
 * translate. */
export type ErrorText = string | CodedMessage;

/** The catalogue code and params of an error's message, for the response body (none for plain English). */
export function codeOf(
  text: ErrorText | { code?: string; params?: MessageParams },
): Pick<CodedMessage, 'code' | 'params'> {
  if (typeof text === 'string' || !text.code) return {};
  return text.params ? { code: text.code, params: text.params } : { code: text.code };
}

/**
 * An error whose status and message are meant for the caller; anything else becomes a 500. A
 * catalogue message keeps its code and params for the response (decision 0018).
 */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly code?: string;
  readonly params?: MessageParams;
  constructor(
    readonly statusCode: number,
    text: ErrorText,
    readonly errors?: FieldError[],
    /** Response headers to send with the error (Retry-After, WWW-Authenticate). */
    readonly headers?: Record<string, string>,
  ) {
    super(typeof text === 'string' ? text : text.message);
    ({ code: this.code, params: this.params } = codeOf(text));
  }
}

export const notFound = (text: ErrorText): HttpError => new HttpError(404, text);
export const badRequest = (text: ErrorText, errors?: FieldError[]): HttpError => new HttpError(400, text, errors);
export const forbidden = (text: ErrorText): HttpError => new HttpError(403, text);
/** A problem with one field: the error's message is the field's too (a form shows it at the top and beside the field).
 * */
export const fieldProblem = (status: number, field: string, text: CodedMessage): HttpError =>
  new HttpError(status, text, [{ field, ...text }]);
/** Someone else changed the record since the caller read it (optimistic concurrency). */
export const conflict = (text: ErrorText): HttpError => new HttpError(409, text);
export const tooManyRequests = (text: ErrorText, retryAfterSeconds: number): HttpError =>
  new HttpError(429, text, undefined, { 'retry-after': String(retryAfterSeconds) });

/**
 * An error in the OAuth shape `{ error, error_description }` (RFC 6749 §5.2): the token endpoint
 * answers only these, and the API's 401s use it too so the client's refresh logic can read them.
 */
export class OAuthError extends Error {
  override name = 'OAuthError';
  readonly description: string;
  readonly code?: string;
  readonly params?: MessageParams;
  constructor(
    readonly statusCode: number,
    readonly error: string,
    description: ErrorText,
    readonly headers?: Record<string, string>,
  ) {
    const text = typeof description === 'string' ? description : description.message;
    super(text);
    this.description = text;
    ({ code: this.code, params: this.params } = codeOf(description));
  }
}
