import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganization } from '../state/site';
import { userFacingMessage } from './errors';

/** The message to show for a failed call, per spec §8 (translated, system-error text with the support address). */
export function useApiMessage(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  const { supportEmail } = useOrganization();
  return useCallback(
    (error: unknown) =>
      userFacingMessage(error, {
        supportEmail,
        translator: { exists: (key) => i18n.exists(key), t: (key) => String(t(key as never)) },
      }),
    [supportEmail, t, i18n],
  );
}
