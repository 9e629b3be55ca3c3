import { Type } from 'typebox';
import { defineRoute } from '../contract';
import {
  AttendanceBody,
  Attendee,
  AttendeeList,
  AttendeeQuery,
  CandidateEventList,
  CheckInBody,
  CheckInResult,
  EventBody,
  EventUpdateBody,
  ManagerEvent,
  ManagerEventList,
  ManagerEventQuery,
  MyRegistration,
  PublicEvent,
  PublicEventList,
  RegisterBody,
} from '../events';
import { OrganizationKey } from '../role';
import { ApiError } from '../api';

/*
 * Events (issue 14, decisions 0038 and 0039). Spec §7 Public: GET /:orgId/events and
 * /nonarchivedevents, GET and POST /event/:id, POST /event/:id/qr-check-in; Candidate:
 * POST /candidate/:id/events/:x. The hiring side's calls (create, edit, archive, restore, list with
 * counts, attendees, attendance) are ours.
 */
const publicTags = ['public', 'events'];
const tags = ['events'];
const access = 'signed-in';
/** Any text: a malformed id names no event, so it answers 404 like an unknown one. */
const EventId = Type.String({ maxLength: 64 });
const EventParams = Type.Object({ eventId: EventId });
/** Public calls about one event name their organisation by the host, or by `subdomain` like /api/v1 calls. */
const SubdomainQuery = Type.Object({
  subdomain: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9-]{1,40}$' })),
});

export const upcomingEvents = defineRoute({
  method: 'GET',
  path: '/public/:orgId/events',
  summary: "The organisation's upcoming events that are not archived, soonest first",
  tags: publicTags,
  access: 'public',
  authz: 'anyone',
  params: Type.Object({ orgId: OrganizationKey }),
  response: { 200: PublicEventList },
});

export const nonArchivedEvents = defineRoute({
  method: 'GET',
  path: '/public/:orgId/nonarchivedevents',
  summary: 'Every event of the organisation that is not archived, past ones included, newest first',
  tags: publicTags,
  access: 'public',
  authz: 'anyone',
  params: Type.Object({ orgId: OrganizationKey }),
  response: { 200: PublicEventList },
});

export const publicEvent = defineRoute({
  method: 'GET',
  path: '/public/event/:eventId',
  summary: 'One event with its places left (archived events answer 404)',
  tags: publicTags,
  access: 'public',
  authz: {
    who: 'anyone',
    // Another organisation's event is not on this site: 404 for callers signed in on their own.
    except: { 'candidate/other': 404, 'manager/other': 404, 'hiringAdmin/other': 404, 'platformAdmin/other': 404 },
  },
  params: EventParams,
  querystring: SubdomainQuery,
  response: { 200: PublicEvent },
});

export const qrCheckIn = defineRoute({
  method: 'POST',
  path: '/public/event/:eventId/qr-check-in',
  summary:
    'Checks a registrant in by email at the door (rate-limited; the same neutral answer for any email not registered)',
  tags: publicTags,
  access: 'public',
  authz: {
    who: 'anyone',
    // Another organisation's event is not on this site: 404 for callers signed in on their own.
    except: { 'candidate/other': 404, 'manager/other': 404, 'hiringAdmin/other': 404, 'platformAdmin/other': 404 },
  },
  params: EventParams,
  querystring: SubdomainQuery,
  body: CheckInBody,
  response: { 200: CheckInResult, 429: ApiError },
});

export const myRegistration = defineRoute({
  method: 'GET',
  path: '/v1/event/:eventId/registration',
  summary: "The signed-in candidate's own registration for the event (status null when none)",
  tags,
  access,
  authz: 'member',
  params: EventParams,
  response: { 200: MyRegistration },
});

export const register = defineRoute({
  method: 'POST',
  path: '/v1/event/:eventId',
  summary: 'Registers the signed-in candidate: a place while there are places, else the waiting list',
  tags,
  access,
  authz: {
    who: 'candidate',
    // The event is the organisation's, not the candidate's: any candidate of it may register.
    except: { 'candidate/same': 'ok' },
  },
  params: EventParams,
  body: RegisterBody,
  response: { 200: MyRegistration, 201: MyRegistration, 409: ApiError },
});

export const cancelRegistration = defineRoute({
  method: 'DELETE',
  path: '/v1/event/:eventId/registration',
  summary: "Cancels the signed-in candidate's registration; a freed place goes to the first on the waiting list",
  tags,
  access,
  authz: 'member',
  params: EventParams,
  response: { 200: MyRegistration },
});

export const managerEvents = defineRoute({
  method: 'GET',
  path: '/v1/events',
  summary: "The organisation's events in one status (ACTIVE by default, or ARCHIVED) with their counts",
  tags,
  access,
  authz: 'hiring',
  querystring: ManagerEventQuery,
  response: { 200: ManagerEventList },
});

export const createEvent = defineRoute({
  method: 'POST',
  path: '/v1/events',
  summary: 'Creates an event (registrant questions checked by the engine; a default set when none are given)',
  tags,
  access,
  authz: 'hiring',
  body: EventBody,
  response: { 201: ManagerEvent },
});

export const managerEvent = defineRoute({
  method: 'GET',
  path: '/v1/events/:eventId',
  summary: 'One event of the organisation, archived or not, with its counts',
  tags,
  access,
  authz: 'hiring',
  params: EventParams,
  response: { 200: ManagerEvent },
});

export const updateEvent = defineRoute({
  method: 'PUT',
  path: '/v1/events/:eventId',
  summary: 'Edits an event; a larger capacity offers the new places to the waiting list',
  tags,
  access,
  authz: 'hiring',
  params: EventParams,
  body: EventUpdateBody,
  response: { 200: ManagerEvent },
});

export const archiveEvent = defineRoute({
  method: 'POST',
  path: '/v1/events/:eventId/archive',
  summary: 'Archives an event: it leaves the public lists but keeps its registrations',
  tags,
  access,
  authz: 'hiring',
  params: EventParams,
  response: { 200: ManagerEvent },
});

export const restoreEvent = defineRoute({
  method: 'POST',
  path: '/v1/events/:eventId/restore',
  summary: 'Restores an archived event to the public lists',
  tags,
  access,
  authz: 'hiring',
  params: EventParams,
  response: { 200: ManagerEvent },
});

export const eventAttendees = defineRoute({
  method: 'GET',
  path: '/v1/events/:eventId/attendees',
  summary: "The event's registrants (places, then the waiting list in order, then cancellations), searchable",
  tags,
  access,
  authz: 'hiring',
  params: EventParams,
  querystring: AttendeeQuery,
  response: { 200: AttendeeList },
});

export const markAttendance = defineRoute({
  method: 'PUT',
  path: '/v1/events/:eventId/attendees/:registrationId',
  summary: 'Marks a registrant Attended or No show (null clears it)',
  tags,
  access,
  authz: 'hiring',
  params: Type.Object({ eventId: EventId, registrationId: EventId }),
  body: AttendanceBody,
  response: { 200: Attendee },
});

export const addCandidateToEvent = defineRoute({
  method: 'POST',
  audit: { action: 'change', target: 'application', param: 'id' },
  path: '/v1/candidate/:id/events/:x',
  summary: "Registers an application's candidate for an event (a place, else the waiting list)",
  tags,
  access,
  authz: 'hiring',
  params: Type.Object({ id: EventId, x: EventId }),
  response: { 200: Attendee, 201: Attendee },
});

export const candidateEvents = defineRoute({
  method: 'GET',
  audit: { action: 'view', target: 'application', param: 'id' },
  path: '/v1/candidate/:id/events',
  summary: "The events an application's candidate registered for, with attendance",
  tags,
  access,
  authz: 'hiring',
  params: Type.Object({ id: EventId }),
  response: { 200: CandidateEventList },
});
