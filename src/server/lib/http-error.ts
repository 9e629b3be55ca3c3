import type { FieldError } from '../../../schemas/api';

/** An error whose status and message are meant for the caller; anything else becomes a 500. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

export const notFound = (message: string): HttpError => new HttpError(404, message);
export const badRequest = (message: string, errors?: FieldError[]): HttpError => new HttpError(400, message, errors);
