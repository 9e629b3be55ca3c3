import { isAxiosError } from 'axios';
import { GENERIC_ERROR_MESSAGE, systemErrorMessage, formatLongDate } from '#engine';
import { joinList } from '#schemas/messages';
import { listWords } from '../i18n/list-words';
import { errorStatus, sentMessage, sentMessageOf, type SentMessage } from './errors';

/*
 * API messages in the page's language (spec §8, decision 0018): by their catalogue code, with dates and lists written
 * as the language writes them. Apart from errors.ts so that the shell, which only reads errors, does not carry the
 * date formatting (decision 0083).
 */

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
