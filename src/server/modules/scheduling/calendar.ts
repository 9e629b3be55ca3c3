import { createEvent } from 'ics';

/*
 * Calendar invitations (RFC 5545) for booked interviews, written by the `ics` library (decision
 * 0036). Times go out in UTC, so a calendar places them right whatever its own zone and across a
 * clock change; the UID is the invitation's, stable across changes, and SEQUENCE counts them.
 */

export interface CalendarInterview {
  /** The invitation id: one calendar event per invitation, whatever slot it moves to. */
  invitationId: string;
  sequence: number;
  start: Date;
  end: Date;
  title: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

const utcArray = (date: Date): [number, number, number, number, number] => [
  date.getUTCFullYear(),
  date.getUTCMonth() + 1,
  date.getUTCDate(),
  date.getUTCHours(),
  date.getUTCMinutes(),
];

/** The UID of an invitation's event: the same in every message about it. */
const calendarUid = (invitationId: string, host: string): string => `interview-${invitationId}@${host}`;

/** The .ics text of an interview invitation (METHOD:REQUEST) or its cancellation (METHOD:CANCEL). */
export function interviewCalendar(interview: CalendarInterview, method: 'REQUEST' | 'CANCEL', host: string): string {
  const { error, value } = createEvent({
    productId: 'candid/scheduling',
    method,
    uid: calendarUid(interview.invitationId, host),
    sequence: interview.sequence,
    start: utcArray(interview.start),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utcArray(interview.end),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: interview.title,
    description: interview.description,
    location: interview.location,
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: 'BUSY',
    organizer: interview.organizer,
    attendees: [{ ...interview.attendee, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' }],
  });
  if (error || !value) throw error ?? new Error('The calendar invitation could not be written');
  return value;
}
