import { isAxiosError } from 'axios';
import { GENERIC_ERROR_MESSAGE } from '#engine';

/*
 * What an API error says, as sent. Translating it into the page's language (dates, lists, the catalogue's texts) is
 * translated-messages.ts, apart: the shell reads errors here without the date formatting (decision 0083).
 */

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

/** A message as the API sent it: the English text, and the catalogue code and params to translate it by. */
export interface SentMessage {
  message: string;
  code?: string;
  params?: Record<string, unknown>;
}

export function sentMessage(value: unknown): SentMessage | null {
  if (nonEmptyString(value)) return { message: value };
  if (!value || typeof value !== 'object' || !('message' in value) || !nonEmptyString(value.message)) return null;
  const { message, code, params } = value as { message: string; code?: unknown; params?: unknown };
  return {
    message,
    ...(typeof code === 'string' ? { code } : {}),
    ...(params && typeof params === 'object' ? { params: params as Record<string, unknown> } : {}),
  };
}

/**
 * The message of an API error body, in the order of spec §8: the first item of an errors list, a
 * plain string body, error_description (OAuth), message; null when there is none.
 */
export function sentMessageOf(body: unknown): SentMessage | null {
  if (nonEmptyString(body)) return { message: body };
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  const listed = Array.isArray(record.errors) ? sentMessage(record.errors[0]) : null;
  if (listed) return listed;
  if (nonEmptyString(record.error_description)) return { ...sentMessage(body), message: record.error_description };
  return sentMessage(body);
}

/** The message to show for an API error body (English, as sent); else the generic text. */
export function messageFromErrorBody(body: unknown, fallback: string = GENERIC_ERROR_MESSAGE): string {
  return sentMessageOf(body)?.message ?? fallback;
}

/** The message to show for anything a call may throw (an axios error with or without a response). */
export function errorMessage(error: unknown, fallback: string = GENERIC_ERROR_MESSAGE): string {
  if (isAxiosError(error)) return messageFromErrorBody(error.response?.data, fallback);
  return fallback;
}

export function errorStatus(error: unknown): number | null {
  return isAxiosError(error) ? (error.response?.status ?? null) : null;
}
