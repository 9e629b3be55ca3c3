import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOOKING_CUTOFF_HOURS,
  canChangeBooking,
  hasPlace,
  invitationDueAt,
  invitationState,
  isGridTime,
  isSlotDuration,
  isTimeZone,
  overlaps,
  regionTimeZone,
  slotLabel,
  slotsOfDay,
  zonedDate,
  zonedInstant,
} from '#engine';

const HOUR = 3_600_000;

describe('interview scheduling rules (issue 13)', () => {
  it('places wall-clock times in the zone across a daylight-saving change (Europe/London)', () => {
    // British Summer Time ends on Sunday 25 October 2026: 09:00 is 08:00Z before, 09:00Z after.
    expect(zonedInstant('2026-10-23', '09:00', 'Europe/London').toISOString()).toBe('2026-10-23T08:00:00.000Z');
    expect(zonedInstant('2026-10-26', '09:00', 'Europe/London').toISOString()).toBe('2026-10-26T09:00:00.000Z');
    // And starts on 28 March 2027.
    expect(zonedInstant('2027-03-29', '09:00', 'Europe/London').toISOString()).toBe('2027-03-29T08:00:00.000Z');
    // Slots run in real minutes through the change: 00:30 + 4 × 30 min on the night the clocks go back.
    const night = slotsOfDay({ date: '2026-10-25', start: '00:30', duration: 30, slots: 4 }, 'Europe/London');
    expect(night.map((s) => slotLabel(s, 'Europe/London'))).toEqual([
      'Sunday, 25 October 2026, 00:30–01:00',
      'Sunday, 25 October 2026, 01:00–01:30',
      'Sunday, 25 October 2026, 01:30–01:00',
      'Sunday, 25 October 2026, 01:00–01:30',
    ]);
    expect(night[3]!.end.getTime() - night[0]!.start.getTime()).toBe(2 * HOUR);
  });

  it('shows a slot in another zone as its readers see it', () => {
    const slot = { start: new Date('2026-10-26T09:00:00Z'), end: new Date('2026-10-26T09:45:00Z') };
    expect(slotLabel(slot, 'Europe/London')).toBe('Monday, 26 October 2026, 09:00–09:45');
    expect(slotLabel(slot, 'Asia/Hong_Kong')).toBe('Monday, 26 October 2026, 17:00–17:45');
    expect(slotLabel(slot, 'Europe/London', 'fr')).toContain('lundi 26 octobre 2026');
  });

  it('the slots of a day follow each other without gaps, each of the duration', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 95 }),
        fc.integer({ min: 1, max: 36 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom('Europe/London', 'Australia/Sydney', 'UTC', 'Asia/Dubai'),
        (quarter, steps, count, zone) => {
          const start = `${String(Math.floor(quarter / 4)).padStart(2, '0')}:${String((quarter % 4) * 15).padStart(2, '0')}`;
          expect(isGridTime(start)).toBe(true);
          const slots = slotsOfDay({ date: '2027-01-15', start, duration: steps * 15, slots: count }, zone);
          expect(slots).toHaveLength(count);
          slots.forEach((s, i) => {
            expect(s.end.getTime() - s.start.getTime()).toBe(steps * 15 * 60_000);
            if (i > 0) expect(s.start.getTime()).toBe(slots[i - 1]!.end.getTime());
          });
        },
      ),
    );
  });

  it('grid times, durations and zones', () => {
    expect(isGridTime('09:15')).toBe(true);
    expect(isGridTime('09:10')).toBe(false);
    expect(isGridTime('24:00')).toBe(false);
    expect(isSlotDuration(15)).toBe(true);
    expect(isSlotDuration(540)).toBe(true);
    expect(isSlotDuration(555)).toBe(false);
    expect(isSlotDuration(50)).toBe(false);
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(regionTimeZone('UK')).toBe('Europe/London');
    expect(regionTimeZone('OZ')).toBe('Australia/Sydney');
  });

  it('a slot never takes more candidates than its capacity', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 300 }), (capacity, attempts) => {
        let booked = 0;
        for (let i = 0; i < attempts; i++) if (hasPlace({ booked, capacity })) booked++;
        expect(booked).toBe(Math.min(capacity, attempts));
      }),
    );
  });

  it('the cut-off: changes are allowed until 24 hours before the start', () => {
    const now = new Date('2026-11-01T12:00:00Z');
    expect(BOOKING_CUTOFF_HOURS).toBe(24);
    expect(canChangeBooking(new Date(now.getTime() + 24 * HOUR), now)).toBe(true);
    expect(canChangeBooking(new Date(now.getTime() + 24 * HOUR - 1), now)).toBe(false);
  });

  it('an invitation is cancelled, booked, expired after its due date, or open', () => {
    const due = new Date('2026-11-10T23:59:00Z');
    const before = new Date('2026-11-10T23:58:00Z');
    const after = new Date('2026-11-11T00:00:00Z');
    expect(invitationState({ dueAt: due, cancelledAt: null, booked: false }, before)).toBe('OPEN');
    expect(invitationState({ dueAt: due, cancelledAt: null, booked: false }, after)).toBe('EXPIRED');
    expect(invitationState({ dueAt: due, cancelledAt: null, booked: true }, after)).toBe('BOOKED');
    expect(invitationState({ dueAt: due, cancelledAt: before, booked: true }, before)).toBe('CANCELLED');
  });

  it('an invitation is due at 23:59 in the schedule zone, `days` days on', () => {
    const now = new Date('2026-10-20T22:30:00Z'); // 23:30 in London (BST)
    expect(zonedDate(now, 'Europe/London')).toBe('2026-10-20');
    expect(invitationDueAt(now, 7, 'Europe/London').toISOString()).toBe('2026-10-27T23:59:00.000Z');
    expect(invitationDueAt(now, 1, 'Europe/London').toISOString()).toBe('2026-10-21T22:59:00.000Z');
  });

  it('ranges overlap when each starts before the other ends', () => {
    const a = { start: new Date(0), end: new Date(HOUR) };
    expect(overlaps(a, { start: new Date(HOUR), end: new Date(2 * HOUR) })).toBe(false);
    expect(overlaps(a, { start: new Date(HOUR - 1), end: new Date(2 * HOUR) })).toBe(true);
  });
});
