import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { slotsOfDay } from '#engine';
import { interviewCalendar } from '#server/modules/scheduling/calendar';

/*
 * Issue 13: the calendar invitations open in a standard parser (ical.js) with the right times,
 * across the Europe/London clock change, a stable UID and the SEQUENCE of each change.
 */

const person = { name: 'Ada Lovelace', email: 'ada@example.test' };

function invite(start: Date, end: Date, sequence: number, method: 'REQUEST' | 'CANCEL') {
  return interviewCalendar(
    {
      invitationId: '6f1d8d3e-0000-4000-8000-000000000001',
      sequence,
      start,
      end,
      title: 'First interviews: Graduate Consultant, Strategy (Acme; "Consulting")',
      description: 'Acme Consulting',
      location: 'Room 4, 1 Acme Street',
      organizer: { name: 'Acme Consulting', email: 'support@acme.example' },
      attendee: person,
    },
    method,
    'acme.localhost',
  );
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return { calendar, event };
}

describe('interview calendar invitations', () => {
  it('are read by ical.js with the right instants before and after the clock change', () => {
    const [before] = slotsOfDay({ date: '2026-10-23', start: '09:00', duration: 45, slots: 1 }, 'Europe/London');
    const [after] = slotsOfDay({ date: '2026-10-26', start: '09:00', duration: 45, slots: 1 }, 'Europe/London');
    for (const slot of [before!, after!]) {
      const { calendar, event } = parse(invite(slot.start, slot.end, 0, 'REQUEST'));
      expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
      expect(event.startDate.toJSDate().toISOString()).toBe(slot.start.toISOString());
      expect(event.endDate.toJSDate().toISOString()).toBe(slot.end.toISOString());
      expect(event.uid).toBe('interview-6f1d8d3e-0000-4000-8000-000000000001@acme.localhost');
      expect(event.location).toBe('Room 4, 1 Acme Street');
      expect(event.summary).toContain('"Consulting"');
      expect(event.attendees[0]!.getFirstValue()).toBe('mailto:ada@example.test');
      // 09:00 in London on both sides of the change.
      const london = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/London',
        hour: '2-digit',
        minute: '2-digit',
      }).format(event.startDate.toJSDate());
      expect(london).toBe('09:00');
    }
    expect(before!.start.toISOString()).toBe('2026-10-23T08:00:00.000Z');
    expect(after!.start.toISOString()).toBe('2026-10-26T09:00:00.000Z');
  });

  it('a change keeps the UID and raises SEQUENCE; a cancellation is METHOD:CANCEL', () => {
    const start = new Date('2027-01-12T10:00:00Z');
    const end = new Date('2027-01-12T11:00:00Z');
    const first = parse(invite(start, end, 0, 'REQUEST'));
    const cancelled = parse(invite(start, end, 2, 'CANCEL'));
    expect(cancelled.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancelled.event.uid).toBe(first.event.uid);
    expect(cancelled.event.sequence).toBe(2);
    expect(cancelled.event.component.getFirstPropertyValue('status')).toBe('CANCELLED');
  });
});
