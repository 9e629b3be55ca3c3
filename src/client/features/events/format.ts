import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** An event's start and end in the page's language: "Tuesday 2 December 2026, 10:00 – 16:00". */
export function useEventTime(): (start: string, end: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useCallback(
    (start: string, end: string) => {
      const format = new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short' });
      return format.formatRange(new Date(start), new Date(end));
    },
    [language],
  );
}

/** A date and time in the page's language: "2 December 2026 at 17:00". */
export function useDateTime(): (value: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useCallback(
    (value: string) =>
      new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(value)),
    [language],
  );
}
