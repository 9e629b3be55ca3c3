import { TZDate } from '@date-fns/tz';
import type { Region } from '#schemas/organization';
import { slotDurations, timeOptions } from './slots';

/*
 * Interview scheduling rules (issue 13, decision 0036): where slots fall in time, who may still
 * book or change a booking, and what clashes. Pure: the server and the browser run the same rules.
 */

/** Spec §5: the default maximum number of interviewers per slot. */
export const MAX_INTERVIEWERS_PER_SLOT = 5;
/** A candidate may book, move or cancel their interview until this many hours before it starts. */
export const BOOKING_CUTOFF_HOURS = 24;

const HOUR = 3_600_000;

/** The time zone an organisation's interviews are given in, from its region (decision 0036). */
const REGION_TIME_ZONES: Readonly<Record<Region, string>> = {
  UK: 'Europe/London',
  OZ: 'Australia/Sydney',
  HK: 'Asia/Hong_Kong',
  GCC: 'Asia/Dubai',
  OTHER: 'UTC',
};

export function regionTimeZone(region: Region): string {
  return REGION_TIME_ZONES[region];
}

/** True when `timeZone` is an IANA zone this runtime knows (Intl refuses others). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const TIME_GRID: ReadonlySet<string> = new Set(timeOptions());
const DURATIONS: ReadonlySet<number> = new Set(slotDurations());

/** A start time on the 15-minute grid (00:00 … 23:45). */
export function isGridTime(time: string): boolean {
  return TIME_GRID.has(time);
}

/** A slot duration of spec §9 (15 to 540 minutes in 15-minute steps). */
export function isSlotDuration(minutes: number): boolean {
  return DURATIONS.has(minutes);
}

/** One interview day as the wizard defines it: back-to-back slots from `start` on `date`, in `timeZone`. */
export interface InterviewDay {
  /** YYYY-MM-DD, a date in the schedule's time zone. */
  date: string;
  /** HH:mm on the 15-minute grid. */
  start: string;
  /** Minutes per slot. */
  duration: number;
  /** How many slots follow each other. */
  slots: number;
}

export interface SlotTime {
  start: Date;
  end: Date;
}

/**
 * The instant a wall-clock time on a date has in a time zone. A time that does not exist (the hour
 * skipped when clocks go forward) moves forward as the clocks do.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, hh, mm, timeZone).getTime());
}

/** The slots of one day: each starts where the previous one ends (real minutes, so a clock change is honoured). */
export function slotsOfDay(day: InterviewDay, timeZone: string): SlotTime[] {
  const first = zonedInstant(day.date, day.start, timeZone).getTime();
  return Array.from({ length: day.slots }, (_, i) => ({
    start: new Date(first + i * day.duration * 60_000),
    end: new Date(first + (i + 1) * day.duration * 60_000),
  }));
}

/** Two time ranges overlap when each starts before the other ends. */
export function overlaps(a: { start: Date; end: Date }, b: { start: Date; end: Date }): boolean {
  return a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();
}

/** A slot still has a place for one more candidate. */
export function hasPlace(slot: { booked: number; capacity: number }): boolean {
  return slot.booked < slot.capacity;
}

/** A slot can still be booked (or moved to) at `now`: it starts after the cut-off. */
export function isBookable(slotStart: Date, now: Date): boolean {
  return slotStart.getTime() - now.getTime() >= BOOKING_CUTOFF_HOURS * HOUR;
}

/** A booked interview can be moved or cancelled by the candidate until the cut-off before it starts. */
export function canChangeBooking(slotStart: Date, now: Date): boolean {
  return isBookable(slotStart, now);
}

export type InvitationState = 'OPEN' | 'BOOKED' | 'EXPIRED' | 'CANCELLED';

/**
 * What an invitation link stands for at `now`: cancelled by the organisation, booked, past its
 * due date without a booking (expired), or open for booking.
 */
export function invitationState(
  invitation: { dueAt: Date; cancelledAt: Date | null; booked: boolean },
  now: Date,
): InvitationState {
  if (invitation.cancelledAt) return 'CANCELLED';
  if (invitation.booked) return 'BOOKED';
  return now.getTime() > invitation.dueAt.getTime() ? 'EXPIRED' : 'OPEN';
}

/**
 * An interview's time as a reader in `timeZone` sees it: "Monday, 26 October 2026, 09:00–09:45".
 * The language's own words and order come from Intl.
 */
export function slotLabel(slot: SlotTime, timeZone: string, locale = 'en-GB'): string {
  const day = new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(slot.start);
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${day}, ${time.format(slot.start)}–${time.format(slot.end)}`;
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone: how slots group into days. */
export function zonedDate(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(instant)
    .reduce<Record<string, string>>((all, p) => ({ ...all, [p.type]: p.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Spec §9: an invitation due in `days` days is due at 23:59 of that day in the schedule's time zone. */
export function invitationDueAt(now: Date, days: number, timeZone: string): Date {
  const [y, m, d] = zonedDate(now, timeZone).split('-').map(Number) as [number, number, number];
  const due = new Date(Date.UTC(y, m - 1, d + days));
  return zonedInstant(due.toISOString().slice(0, 10), '23:59', timeZone);
}
