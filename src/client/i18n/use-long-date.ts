import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '#engine';

/** Long dates ('d MMMM yyyy') in the language shown: month names in Welsh, French, Chinese or Arabic too. */
export function useLongDate(): (value: string | number) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return useCallback((value: string | number) => formatLongDate(value, language), [language]);
}
