import { isAxiosError } from 'axios';
import { GENERIC_ERROR_MESSAGE } from '../../../engine/constants';

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

function firstListedError(errors: unknown): string | null {
  if (!Array.isArray(errors) || errors.length === 0) return null;
  const first: unknown = errors[0];
  if (nonEmptyString(first)) return first;
  if (first && typeof first === 'object' && 'message' in first && nonEmptyString(first.message)) return first.message;
  return null;
}

/**
 * The message to show for an API error body, in the order of spec §8: the first item of an
 * errors list, a plain string body, error_description (OAuth), message; else the generic text.
 */
export function messageFromErrorBody(body: unknown, fallback: string = GENERIC_ERROR_MESSAGE): string {
  if (nonEmptyString(body)) return body;
  if (!body || typeof body !== 'object') return fallback;
  const record = body as Record<string, unknown>;
  const listed = firstListedError(record.errors);
  if (listed) return listed;
  if (nonEmptyString(record.error_description)) return record.error_description;
  if (nonEmptyString(record.message)) return record.message;
  return fallback;
}

/** The message to show for anything a call may throw (an axios error with or without a response). */
export function errorMessage(error: unknown, fallback: string = GENERIC_ERROR_MESSAGE): string {
  if (isAxiosError(error)) return messageFromErrorBody(error.response?.data, fallback);
  return fallback;
}

export function errorStatus(error: unknown): number | null {
  return isAxiosError(error) ? (error.response?.status ?? null) : null;
}
