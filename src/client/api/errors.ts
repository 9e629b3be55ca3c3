import { isAxiosError } from 'axios';
import { GENERIC_ERROR_MESSAGE, systemErrorMessage, formatLongDate } from '#engine';
import { joinList } from '#schemas/messages';
import { listWords } from '../i18n/list-words';

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

/** A message as the API sent it: the English text, and the catalogue code and params to translate it by. */
export interface SentMessage {
  message: string;
  code?: string;
  params?: Record<string, unknown>;
}

function sentMessage(value: unknown): SentMessage | null {
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
function sentMessageOf(body: unknown): SentMessage | null {
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

/** What translating needs from i18next (kept narrow so this file stays free of React). */
export interface MessageTranslator {
  exists: (key: string) => boolean;
  t: (key: string, values?: Record<string, unknown>) => string;
  /** The page's language: dates and lists in params are written in it. */
  language: string;
}

/** Params as the page's language writes them: ISO dates as long dates, lists joined with its "or". */
function localParams(
  params: Record<string, unknown> | undefined,
  translator: MessageTranslator,
): Record<string, unknown> {
  const { language } = translator;
  const local: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    if (name === 'date' && typeof value === 'string') local[name] = formatLongDate(value, language);
    else if (Array.isArray(value)) local[name] = joinList(value.map(String), 'or', listWords(translator.t));
    else local[name] = value;
  }
  return local;
}

/**
 * Spec §8 and decision 0018: a message in the page's language when the translation map has its
 * code (`messages.<code>`), else as sent.
 */
export function translatedMessage(sent: SentMessage, translator: MessageTranslator | undefined): string {
  if (!translator || !sent.code) return sent.message;
  const key = `messages.${sent.code}`;
  return translator.exists(key) ? translator.t(key, localParams(sent.params, translator)) : sent.message;
}

export interface UserMessageOptions {
  /** The edition's support address for the system-error text (spec §8). */
  supportEmail: string;
  translator?: MessageTranslator;
}

/**
 * The text to show for a failed call (spec §8): a server fault is the system-error text with the
 * support address; otherwise the message found in the usual order, translated when a translation
 * exists; no response or no message gives the generic text.
 */
export function userFacingMessage(error: unknown, { supportEmail, translator }: UserMessageOptions): string {
  const status = errorStatus(error);
  if (status !== null && status >= 500) return systemErrorMessage(supportEmail);
  const sent = isAxiosError(error) ? sentMessageOf(error.response?.data) : null;
  return sent ? translatedMessage(sent, translator) : GENERIC_ERROR_MESSAGE;
}

/** The field errors of a 400 (`errors: [{ field, message }]`), by field, translated when a translation exists. */
export function fieldErrors(error: unknown, translator?: MessageTranslator): Record<string, string> {
  if (!isAxiosError(error)) return {};
  const errors = (error.response?.data as { errors?: unknown } | undefined)?.errors;
  const result: Record<string, string> = {};
  if (!Array.isArray(errors)) return result;
  for (const item of errors as unknown[]) {
    const sent = sentMessage(item);
    if (sent && item && typeof item === 'object' && 'field' in item && typeof item.field === 'string')
      result[item.field] ??= translatedMessage(sent, translator);
  }
  return result;
}
