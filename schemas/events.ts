import { Type } from 'typebox';
import { Configuration, CustomQuestion } from './configuration';
import { literalUnion } from './vocabularies';

/*
 * Events (issue 14; spec §2 event pages, §3 Event with eventEndDate and event attendance, §7 the
 * public event calls and POST /candidate/:id/events/:x). Decisions 0038 and 0039.
 */

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** What kind of event it is (the list and the page show it). */
export const EVENT_TYPES = [
  'INSIGHT_DAY',
  'OPEN_EVENING',
  'ASSESSMENT_CENTRE',
  'WEBINAR',
  'CAREERS_FAIR',
  'OTHER',
] as const;
export const EventType = literalUnion(EVENT_TYPES);
export type EventType = Type.Static<typeof EventType>;

/** Where a registration stands: a place, a place on the waiting list, or given up. */
export const REGISTRATION_STATUSES = ['REGISTERED', 'WAITING', 'CANCELLED'] as const;
export const RegistrationStatus = literalUnion(REGISTRATION_STATUSES);
export type RegistrationStatus = Type.Static<typeof RegistrationStatus>;

/** Spec §3 Other enumerations: event attendance. */
export const ATTENDANCES = ['Attended', 'No show'] as const;
export const Attendance = literalUnion(ATTENDANCES);
export type Attendance = Type.Static<typeof Attendance>;

const DateTime = Type.String({ format: 'date-time' });
const Id = Type.String({ maxLength: 64 });

/** The roles an event relates to, as its pages name them. */
const EventRole = Type.Object({ id: Type.String(), name: Type.String() });

/** An event as candidates see it (public list and page). */
export const PublicEvent = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  type: EventType,
  startDate: DateTime,
  /** Spec §3 Event: eventEndDate. */
  eventEndDate: DateTime,
  place: Nullable(Type.String()),
  onlineLink: Nullable(Type.String()),
  capacity: Type.Integer(),
  placesLeft: Type.Integer(),
  waitingListCount: Type.Integer(),
  registrationDeadline: Nullable(DateTime),
  /** Registration is open: the deadline (or the start) has not passed and the event is not archived. */
  registrationOpen: Type.Boolean(),
  roles: Type.Array(EventRole),
  archived: Type.Boolean(),
  /** The registrant questions as a configuration layer, compiled by the engine like any form. */
  formConfiguration: Configuration,
});
export type PublicEvent = Type.Static<typeof PublicEvent>;

export const PublicEventList = Type.Array(PublicEvent);

/** The hiring side's event: the public one with its counts and its own questions. */
export const ManagerEvent = Type.Object({
  ...PublicEvent.properties,
  questions: Type.Array(CustomQuestion),
  roleIds: Type.Array(Type.String()),
  registeredCount: Type.Integer(),
  attendedCount: Type.Integer(),
  noShowCount: Type.Integer(),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type ManagerEvent = Type.Static<typeof ManagerEvent>;

const EVENT_LIST_STATUSES = ['ACTIVE', 'ARCHIVED'] as const;
export const ManagerEventQuery = Type.Object(
  { status: Type.Optional(literalUnion(EVENT_LIST_STATUSES, { default: 'ACTIVE' })) },
  { additionalProperties: false },
);
export const ManagerEventList = Type.Array(ManagerEvent);

const Title = Type.String({ minLength: 1, maxLength: 200 });
const Text = Type.String({ maxLength: 5000 });

/** What a manager sends to create an event (and, every part optional, to edit one). */
export const EventBody = Type.Object(
  {
    title: Title,
    description: Type.Optional(Text),
    type: EventType,
    startDate: DateTime,
    eventEndDate: DateTime,
    place: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
    onlineLink: Type.Optional(Nullable(Type.String({ maxLength: 1000, format: 'uri' }))),
    capacity: Type.Integer({ minimum: 1, maximum: 100_000 }),
    registrationDeadline: Type.Optional(Nullable(DateTime)),
    roleIds: Type.Optional(Type.Array(Id, { maxItems: 50 })),
    /** Questions for registrants; a sensible default set when left out. */
    questions: Type.Optional(Type.Array(CustomQuestion, { maxItems: 30 })),
  },
  { additionalProperties: false },
);
export type EventBody = Type.Static<typeof EventBody>;

export const EventUpdateBody = Type.Partial(EventBody, { additionalProperties: false });
export type EventUpdateBody = Type.Static<typeof EventUpdateBody>;

/** A registration as its candidate sees it: never anyone else's. */
export const MyRegistration = Type.Object({
  eventId: Type.String(),
  status: Nullable(RegistrationStatus),
  /** Place on the waiting list (1 = next to be offered a place), when waiting. */
  waitingPosition: Nullable(Type.Integer()),
  attendance: Nullable(Attendance),
  checkedInAt: Nullable(DateTime),
});
export type MyRegistration = Type.Static<typeof MyRegistration>;

export const RegisterBody = Type.Object(
  {
    answers: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 100 })),
  },
  { additionalProperties: false },
);

export const CheckInBody = Type.Object(
  { email: Type.String({ minLength: 1, maxLength: 254 }) },
  { additionalProperties: false },
);
export const CheckInResult = Type.Object({
  checkedIn: Type.Literal(true),
  /** The registrant had already checked in: the second time changes nothing. */
  alreadyCheckedIn: Type.Boolean(),
  firstName: Nullable(Type.String()),
});

/** One registrant as the staff check-in list and the attendee list show them. */
export const Attendee = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  /** The candidate's newest application with this organisation (the candidate page), when any. */
  applicationId: Nullable(Type.String()),
  firstName: Nullable(Type.String()),
  lastName: Nullable(Type.String()),
  email: Type.String(),
  status: RegistrationStatus,
  waitingPosition: Nullable(Type.Integer()),
  attendance: Nullable(Attendance),
  checkedInAt: Nullable(DateTime),
  registeredAt: DateTime,
  answers: Type.Record(Type.String(), Type.Unknown()),
});
export type Attendee = Type.Static<typeof Attendee>;

export const AttendeeList = Type.Object({
  event: ManagerEvent,
  attendees: Type.Array(Attendee),
});
export type AttendeeList = Type.Static<typeof AttendeeList>;

export const AttendeeQuery = Type.Object(
  { search: Type.Optional(Type.String({ maxLength: 100 })) },
  { additionalProperties: false },
);

export const AttendanceBody = Type.Object({ attendance: Nullable(Attendance) }, { additionalProperties: false });

/** An event a candidate is registered for, as the hiring side's candidate page shows it. */
export const CandidateEvent = Type.Object({
  registrationId: Type.String(),
  eventId: Type.String(),
  title: Type.String(),
  startDate: DateTime,
  eventEndDate: DateTime,
  status: RegistrationStatus,
  attendance: Nullable(Attendance),
});
export type CandidateEvent = Type.Static<typeof CandidateEvent>;
export const CandidateEventList = Type.Array(CandidateEvent);
