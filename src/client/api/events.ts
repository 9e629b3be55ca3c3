import type { Answers } from '#engine';
import type { RouteBody } from '#schemas/contract';
import * as events from '#schemas/contracts/events.contract';
import type {
  Attendance,
  Attendee,
  AttendeeList,
  CandidateEvent,
  ManagerEvent,
  MyRegistration,
  PublicEvent,
} from '#schemas/events';
import { call } from './call';

/* The event calls (issue 14): public lists and pages, the candidate's registration, QR check-in, the hiring side. */

export type { Attendance, Attendee, AttendeeList, CandidateEvent, ManagerEvent, MyRegistration, PublicEvent };

/** GET /public/:orgId/events: upcoming events, soonest first. */
export async function fetchUpcomingEvents(organization: string): Promise<PublicEvent[]> {
  return call(events.upcomingEvents, { params: { orgId: organization } });
}

export async function fetchPublicEvent(subdomain: string, eventId: string): Promise<PublicEvent> {
  return call(events.publicEvent, { params: { eventId }, query: { subdomain } });
}

export async function fetchMyRegistration(eventId: string): Promise<MyRegistration> {
  return call(events.myRegistration, { params: { eventId } });
}

export async function registerForEvent(eventId: string, answers: Answers): Promise<MyRegistration> {
  return call(events.register, { params: { eventId }, body: { answers } });
}

export async function cancelEventRegistration(eventId: string): Promise<MyRegistration> {
  return call(events.cancelRegistration, { params: { eventId } });
}

export async function checkInToEvent(subdomain: string, eventId: string, email: string) {
  return call(events.qrCheckIn, { params: { eventId }, query: { subdomain }, body: { email } });
}

export async function fetchManagerEvents(status: 'ACTIVE' | 'ARCHIVED'): Promise<ManagerEvent[]> {
  return call(events.managerEvents, { query: { status } });
}

export async function fetchManagerEvent(eventId: string): Promise<ManagerEvent> {
  return call(events.managerEvent, { params: { eventId } });
}

export type EventBody = RouteBody<typeof events.createEvent>;

export async function createEvent(body: EventBody): Promise<ManagerEvent> {
  return call(events.createEvent, { body });
}

export async function updateEvent(eventId: string, body: Partial<EventBody>): Promise<ManagerEvent> {
  return call(events.updateEvent, { params: { eventId }, body });
}

export async function setEventArchived(eventId: string, archived: boolean): Promise<ManagerEvent> {
  return call(archived ? events.archiveEvent : events.restoreEvent, { params: { eventId } });
}

export async function fetchAttendees(eventId: string, search?: string): Promise<AttendeeList> {
  return call(events.eventAttendees, { params: { eventId }, query: search ? { search } : {} });
}

export async function markAttendance(
  eventId: string,
  registrationId: string,
  attendance: Attendance | null,
): Promise<Attendee> {
  return call(events.markAttendance, { params: { eventId, registrationId }, body: { attendance } });
}

/** POST /candidate/:id/events/:x: registers an application's candidate for an event. */
export async function addCandidateToEvent(applicationId: string, eventId: string): Promise<Attendee> {
  return call(events.addCandidateToEvent, { params: { id: applicationId, x: eventId } });
}

export async function fetchCandidateEvents(applicationId: string): Promise<CandidateEvent[]> {
  return call(events.candidateEvents, { params: { id: applicationId } });
}
