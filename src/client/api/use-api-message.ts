import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { shownLanguage } from '../i18n';
import { useOrganization } from '../state/site';
import type { SentMessage } from './errors';
import { fieldErrors, translatedMessage, userFacingMessage, type MessageTranslator } from './translated-messages';

/** Server messages in the page's language (decision 0018), through the page's i18next instance. */
function useMessageTranslator(): MessageTranslator {
  const { t, i18n } = useTranslation();
  const language = shownLanguage(i18n);
  return useMemo(
    () => ({
      exists: (key) => i18n.exists(key),
      t: (key, values) => String(t(key as never, values as never)),
      language,
    }),
    [t, i18n, language],
  );
}

/** The message to show for a failed call, per spec §8 (translated, system-error text with the support address). */
export function useApiMessage(): (error: unknown) => string {
  const translator = useMessageTranslator();
  const { supportEmail } = useOrganization();
  return useCallback(
    (error: unknown) => userFacingMessage(error, { supportEmail, translator }),
    [supportEmail, translator],
  );
}

/** A message the API sent on success (`{ message, code?, params? }`), translated when a translation exists. */
export function useSentMessage(): (sent: SentMessage) => string {
  const translator = useMessageTranslator();
  return useCallback((sent: SentMessage) => translatedMessage(sent, translator), [translator]);
}

/** The field errors of a failed call, by field, translated. */
export function useFieldErrors(): (error: unknown) => Record<string, string> {
  const translator = useMessageTranslator();
  return useCallback((error: unknown) => fieldErrors(error, translator), [translator]);
}
