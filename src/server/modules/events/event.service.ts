import type { Attendee, CandidateEvent, EventBody, EventUpdateBody, ManagerEvent, PublicEvent } from '#schemas/events';
import type { Db } from '../../db/client';
import type { OrganizationRecord } from '../../db/types';
import { badRequest } from '../../lib/http-error';
import { isUuid } from '../../lib/uuid';
import type { Viewer } from '../../lib/viewer';
import { pipelineApplication } from '../applications/application-access';
import { checkQuestions, DEFAULT_EVENT_QUESTIONS, eventFormLayer } from './event-form';
import {
  findAttendees,
  findManagerEvents,
  findPublicEvents,
  findRoleNames,
  findUserEvents,
  insertEvent,
  updateEventRow,
  type AttendeeRow,
  type EventValues,
  type EventWithCounts,
  type PublicListKind,
} from './event.repository';
import { eventOf, iso, publicEventOf, registrationOpen } from './event-lookup';
import { fillFreePlaces, type PlaceContext } from './registration.service';

/* Events as candidates and the hiring side see them, and the managers' changes (issue 14, decision 0038). */

async function publicView(
  db: Db,
  organization: OrganizationRecord,
  event: EventWithCounts,
  roleNames?: Map<string, string>,
): Promise<PublicEvent> {
  const names =
    roleNames ?? new Map((await findRoleNames(db, organization.id, event.role_ids)).map((r) => [r.id, r.name]));
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    type: event.type,
    startDate: event.start_at.toISOString(),
    eventEndDate: event.end_at.toISOString(),
    place: event.place,
    onlineLink: event.online_link,
    capacity: event.capacity,
    placesLeft: Math.max(0, event.capacity - event.registered),
    waitingListCount: event.waiting,
    registrationDeadline: iso(event.registration_deadline),
    registrationOpen: registrationOpen(event),
    roles: event.role_ids.flatMap((id) => (names.has(id) ? [{ id, name: names.get(id)! }] : [])),
    archived: event.archived,
    formConfiguration: eventFormLayer(organization, event.questions),
  };
}

async function managerView(db: Db, organization: OrganizationRecord, event: EventWithCounts): Promise<ManagerEvent> {
  return {
    ...(await publicView(db, organization, event)),
    questions: event.questions,
    roleIds: event.role_ids,
    registeredCount: event.registered,
    attendedCount: event.attended,
    noShowCount: event.noShow,
    createdAt: event.created_at.toISOString(),
    updatedAt: event.updated_at.toISOString(),
  };
}

async function roleNamesOf(db: Db, organizationId: string, events: readonly EventWithCounts[]) {
  const ids = [...new Set(events.flatMap((e) => e.role_ids))].filter(isUuid);
  return new Map((await findRoleNames(db, organizationId, ids)).map((r) => [r.id, r.name]));
}

export async function publicEvents(
  db: Db,
  organization: OrganizationRecord,
  kind: PublicListKind,
): Promise<PublicEvent[]> {
  const events = await findPublicEvents(db, organization.id, kind);
  const names = await roleNamesOf(db, organization.id, events);
  return Promise.all(events.map((event) => publicView(db, organization, event, names)));
}

export async function publicEvent(db: Db, organization: OrganizationRecord, id: string): Promise<PublicEvent> {
  return publicView(db, organization, await publicEventOf(db, organization, id));
}

export async function managerEvents(
  db: Db,
  organization: OrganizationRecord,
  status: 'ACTIVE' | 'ARCHIVED',
): Promise<ManagerEvent[]> {
  const events = await findManagerEvents(db, organization.id, status === 'ARCHIVED');
  return Promise.all(events.map((event) => managerView(db, organization, event)));
}

export async function managerEvent(db: Db, organization: OrganizationRecord, id: string): Promise<ManagerEvent> {
  return managerView(db, organization, await eventOf(db, organization, id));
}

function emptyToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** A body's row values, checked together: dates in order, roles of the organisation, questions the engine takes. */
async function eventValues(
  db: Db,
  organization: OrganizationRecord,
  body: EventUpdateBody,
  current?: EventWithCounts,
): Promise<Partial<EventValues>> {
  const start = body.startDate ? new Date(body.startDate) : current?.start_at;
  const end = body.eventEndDate ? new Date(body.eventEndDate) : current?.end_at;
  const deadline =
    body.registrationDeadline !== undefined
      ? body.registrationDeadline && new Date(body.registrationDeadline)
      : current?.registration_deadline;
  const errors = [];
  if (body.title !== undefined && !body.title.trim()) errors.push({ field: 'title', message: 'Enter a title' });
  if (start && end && end.getTime() < start.getTime())
    errors.push({ field: 'eventEndDate', message: 'The event must end after it starts' });
  if (start && deadline && deadline.getTime() > start.getTime())
    errors.push({
      field: 'registrationDeadline',
      message: 'The registration deadline must be before the event starts',
    });
  let roleIds = body.roleIds;
  if (roleIds) {
    roleIds = [...new Set(roleIds.map((id) => id.toLowerCase()))];
    const known = new Set(
      (await findRoleNames(db, organization.id, roleIds.filter(isUuid))).map((r) => r.id.toLowerCase()),
    );
    for (const [i, id] of roleIds.entries())
      if (!known.has(id)) errors.push({ field: `roleIds/${i}`, message: `No role with id '${id}'` });
  }
  if (errors.length) throw badRequest('There is a problem with the event', errors);
  if (body.questions) checkQuestions(organization, body.questions);
  const place = body.place !== undefined ? { place: emptyToNull(body.place) } : {};
  const link = body.onlineLink !== undefined ? { online_link: emptyToNull(body.onlineLink) } : {};
  return {
    ...(body.title !== undefined && { title: body.title.trim() }),
    ...(body.description !== undefined && { description: body.description }),
    ...(body.type !== undefined && { type: body.type }),
    ...(body.startDate !== undefined && { start_at: body.startDate }),
    ...(body.eventEndDate !== undefined && { end_at: body.eventEndDate }),
    ...place,
    ...link,
    ...(body.capacity !== undefined && { capacity: body.capacity }),
    ...(body.registrationDeadline !== undefined && { registration_deadline: body.registrationDeadline }),
    ...(roleIds && { role_ids: roleIds }),
    ...(body.questions && { questions: body.questions }),
  };
}

export async function createEvent(db: Db, organization: OrganizationRecord, body: EventBody): Promise<ManagerEvent> {
  const values = await eventValues(db, organization, { questions: DEFAULT_EVENT_QUESTIONS, ...body });
  const defaults: Omit<EventValues, 'title' | 'type' | 'start_at' | 'end_at' | 'capacity'> = {
    description: '',
    place: null,
    online_link: null,
    registration_deadline: null,
    role_ids: [],
    questions: DEFAULT_EVENT_QUESTIONS,
  };
  const id = await insertEvent(db, organization.id, { ...defaults, ...(values as EventValues) });
  return managerEvent(db, organization, id);
}

/** Edits an event; places that a larger capacity frees go to the waiting list, in order, each with an email. */
export async function updateEvent(
  db: Db,
  organization: OrganizationRecord,
  id: string,
  body: EventUpdateBody,
  places: PlaceContext,
): Promise<ManagerEvent> {
  const current = await eventOf(db, organization, id);
  const values = await eventValues(db, organization, body, current);
  await db.transaction().execute(async (trx) => {
    await updateEventRow(trx, organization.id, current.id, values);
    if (values.capacity !== undefined && values.capacity > current.capacity)
      await fillFreePlaces(trx, organization, current.id, places);
  });
  return managerEvent(db, organization, current.id);
}

export async function setArchived(
  db: Db,
  organization: OrganizationRecord,
  id: string,
  archived: boolean,
): Promise<ManagerEvent> {
  const event = await eventOf(db, organization, id);
  await updateEventRow(db, organization.id, event.id, { archived });
  return managerEvent(db, organization, event.id);
}

export function attendeeView(row: AttendeeRow): Attendee {
  return {
    id: row.id,
    userId: row.user_id,
    applicationId: row.application_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    status: row.status,
    waitingPosition: row.waiting_position,
    attendance: row.attendance,
    checkedInAt: iso(row.checked_in_at),
    registeredAt: (row.registered_at ?? row.created_at).toISOString(),
    answers: row.answers,
  };
}

export async function attendees(db: Db, organization: OrganizationRecord, id: string, search?: string) {
  const event = await eventOf(db, organization, id);
  const rows = await findAttendees(db, organization.id, event.id, search);
  return { event: await managerView(db, organization, event), attendees: rows.map(attendeeView) };
}

/** The events an application's candidate registered for (hiring side, the candidate page). */
export async function candidateEvents(db: Db, viewer: Viewer, applicationId: string): Promise<CandidateEvent[]> {
  const application = await pipelineApplication(db, viewer, applicationId);
  const rows = await findUserEvents(db, viewer.organization.id, application.user_id);
  return rows.map((row) => ({
    registrationId: row.id,
    eventId: row.event_id,
    title: row.title,
    startDate: row.start_at.toISOString(),
    eventEndDate: row.end_at.toISOString(),
    status: row.status,
    attendance: row.attendance,
  }));
}
