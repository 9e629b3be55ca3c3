import { isAxiosError } from 'axios';
import { GENERIC_ERROR_MESSAGE } from '../../../engine/constants';
import { systemErrorMessage } from '../../../engine/rules/session';

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

/**
 * The key of a server message in a translation map: its words, lower case, joined by '_'
 * ('Invalid login cookie.' → 'invalid_login_cookie').
 */
export function messageKey(message: string): string {
  return message
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 80);
}

/** What translating needs from i18next (kept narrow so this file stays free of React). */
export interface MessageTranslator {
  exists: (key: string) => boolean;
  t: (key: string) => string;
}

/** Spec §8: a message is translated when the translation map under `prefix` has it, else shown as sent. */
export function translateMessage(message: string, translator: MessageTranslator | undefined, prefix: string): string {
  if (!translator) return message;
  const key = `${prefix}.${messageKey(message)}`;
  return translator.exists(key) ? translator.t(key) : message;
}

export interface UserMessageOptions {
  /** The edition's support address for the system-error text (spec §8). */
  supportEmail: string;
  translator?: MessageTranslator;
  /** Where translations of server messages live (default `auth.messages`). */
  prefix?: string;
}

/**
 * The text to show for a failed call (spec §8): a server fault is the system-error text with the
 * support address; otherwise the message found in the usual order, translated when a translation
 * exists; no response or no message gives the generic text.
 */
export function userFacingMessage(error: unknown, { supportEmail, translator, prefix = 'auth.messages' }: UserMessageOptions): string {
  const status = errorStatus(error);
  if (status !== null && status >= 500) return systemErrorMessage(supportEmail);
  return translateMessage(errorMessage(error), translator, prefix);
}

/** The field errors of a 400 (`errors: [{ field, message }]`), by field. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isAxiosError(error)) return {};
  const errors = (error.response?.data as { errors?: unknown } | undefined)?.errors;
  const result: Record<string, string> = {};
  if (!Array.isArray(errors)) return result;
  for (const item of errors as unknown[]) {
    if (item && typeof item === 'object' && 'field' in item && 'message' in item && typeof item.field === 'string' && typeof item.message === 'string') {
      result[item.field] ??= item.message;
    }
  }
  return result;
}
