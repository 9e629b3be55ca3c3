import { useTranslation } from 'react-i18next';
import { slotLabel, zonedDate } from '#engine';
import { shownLanguage } from '../../i18n';

/** The time zone of this browser (the reader's own), UTC when the browser does not say. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The locale dates and times are written in: the page's language (British English for English). */
export function useLocale(): string {
  const { i18n } = useTranslation();
  const language = shownLanguage(i18n);
  return language === 'en' ? 'en-GB' : language;
}

export interface SlotTimes {
  startDateTime: string;
  endDateTime: string;
}

const range = (slot: SlotTimes) => ({ start: new Date(slot.startDateTime), end: new Date(slot.endDateTime) });

/** "Monday, 26 October 2026, 09:00–09:45" in a zone. */
export function slotText(slot: SlotTimes, timeZone: string, locale: string): string {
  return slotLabel(range(slot), timeZone, locale);
}

/** "09:00–09:45" in a zone. */
export function timeText(slot: SlotTimes, timeZone: string, locale: string): string {
  const format = new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${format.format(new Date(slot.startDateTime))}–${format.format(new Date(slot.endDateTime))}`;
}

/** "Monday, 26 October 2026" in a zone. */
export function dayText(instant: string, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(instant));
}

/** A date and time with its zone's clock: "27 October 2026, 23:59". */
export function dateTimeText(instant: string, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(instant));
}

/** Slots grouped by their day in `timeZone`, in time order. */
export function byDay<S extends SlotTimes>(slots: readonly S[], timeZone: string): [string, S[]][] {
  const days = new Map<string, S[]>();
  for (const slot of [...slots].sort((a, b) => a.startDateTime.localeCompare(b.startDateTime))) {
    const day = zonedDate(new Date(slot.startDateTime), timeZone);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days.entries()];
}
