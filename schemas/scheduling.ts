import { Type } from 'typebox';
import { StageId } from './pipeline';
import { literalUnion } from './vocabularies';

/*
 * Interview scheduling (issue 13, decisions 0036 and 0037): schedules of slots, invitation links,
 * bookings, feedback per interview and interviewer, and coaching sessions (spec §3 Interview slot,
 * Feedback, Candidate-attached items; §7 getCurrentInterview, schedules, sessions, /interview/:token).
 */

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const DateTime = Type.String({ format: 'date-time' });
const Id = Type.String({ maxLength: 64 });

/** A booking holds a place in a slot until it is cancelled (by the candidate or the organisation) or moved. */
export const BOOKING_STATUSES = ['BOOKED', 'CANCELLED'] as const;

/** Decision 0037: the recommendation an interviewer gives (the spec names the field, not its values). */
export const RECOMMENDATIONS = ['STRONG_YES', 'YES', 'NO', 'STRONG_NO'] as const;
export const Recommendation = literalUnion(RECOMMENDATIONS);
export type Recommendation = Type.Static<typeof Recommendation>;

/** Spec §3 coaching session types. */
export const COACHING_SESSION_TYPES = [
  '1:1',
  'call',
  'group',
  'mock interview',
  'online review',
  'test practice',
  'webinar',
] as const;
const CoachingSessionType = literalUnion(COACHING_SESSION_TYPES);

/** Spec §9 consultation durations (minutes), for coaching sessions. */
export const CONSULTATION_DURATIONS = [15, 30, 60, 120, 240] as const;

export const COACHING_SESSION_STATUSES = ['BOOKED', 'HELD', 'CANCELLED'] as const;
const CoachingSessionStatus = literalUnion(COACHING_SESSION_STATUSES);

const Person = Type.Object({ id: Type.String(), name: Type.String() });

/** Spec §3 Interview slot, with what the organisation sees of its places. */
const InterviewSlot = Type.Object({
  id: Type.String(),
  /** The interview day's block the slot belongs to. */
  parentStartDateTime: DateTime,
  parentEndDateTime: DateTime,
  startDateTime: DateTime,
  endDateTime: DateTime,
  numberOfInterviewers: Type.Integer(),
  location: Type.String(),
  capacity: Type.Integer(),
  booked: Type.Integer(),
});

/** One interview day of the wizard's step 2: back-to-back slots from a start time. */
const InterviewDayInput = Type.Object(
  {
    date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD in the schedule time zone' }),
    start: Type.String({ pattern: '^\\d{2}:\\d{2}$', description: 'HH:mm on the 15-minute grid' }),
    duration: Type.Integer({ minimum: 15, maximum: 540, description: 'minutes, 15 to 540 in 15-minute steps' }),
    slots: Type.Integer({ minimum: 1, maximum: 96, description: 'back-to-back slots' }),
    capacity: Type.Integer({ minimum: 1, maximum: 100, description: 'candidates per slot' }),
    location: Type.String({ minLength: 1, maxLength: 255, description: 'a room or a video link' }),
    interviewerIds: Type.Array(Id, { maxItems: 20 }),
  },
  { additionalProperties: false },
);

/** The wizard's step 5: the schedule, its days and the candidates invited. */
export const CreateSchedule = Type.Object(
  {
    roleId: Id,
    stageId: StageId,
    title: Type.String({ minLength: 1, maxLength: 255 }),
    timeZone: Type.String({ minLength: 1, maxLength: 64 }),
    dueDays: Type.Integer({ minimum: 1, maximum: 200, description: 'spec §9: 1 to 28, or 200' }),
    days: Type.Array(InterviewDayInput, { minItems: 1, maxItems: 20 }),
    applicationIds: Type.Array(Id, { minItems: 1, maxItems: 500 }),
    disableMaxInterviewDays: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CreateSchedule = Type.Static<typeof CreateSchedule>;

const INVITATION_STATES = ['OPEN', 'BOOKED', 'EXPIRED', 'CANCELLED'] as const;
const InvitationStateSchema = literalUnion(INVITATION_STATES);

/** An invitation as the organisation sees it. */
export const InvitationView = Type.Object({
  id: Type.String(),
  applicationId: Type.String(),
  candidate: Type.Object({ name: Type.String(), email: Type.String() }),
  state: InvitationStateSchema,
  dueAt: DateTime,
  remindedAt: Nullable(DateTime),
  booking: Nullable(Type.Object({ id: Type.String(), slotId: Type.String(), startDateTime: DateTime })),
});
export type InvitationView = Type.Static<typeof InvitationView>;

export const ScheduleView = Type.Object({
  id: Type.String(),
  title: Type.String(),
  role: Type.Object({ id: Type.String(), name: Type.String() }),
  stage: Type.Object({ id: Type.Integer(), name: Type.String() }),
  timeZone: Type.String(),
  createdAt: DateTime,
  slots: Type.Array(Type.Intersect([InterviewSlot, Type.Object({ interviewers: Type.Array(Person) })])),
  invitations: Type.Array(InvitationView),
});
export type ScheduleView = Type.Static<typeof ScheduleView>;

/** The answer of creating a schedule: the schedule and, in tests and the demo only, nothing secret. */
export const CreatedSchedule = Type.Object({ schedule: ScheduleView, invited: Type.Integer() });

/** The answer of closing booking: the schedule after it, and how many links were closed. */
export const ClosedBooking = Type.Object({ schedule: ScheduleView, closed: Type.Integer({ minimum: 0 }) });
export type ClosedBooking = Type.Static<typeof ClosedBooking>;

export const ScheduleListQuery = Type.Object({
  roleId: Type.Optional(Id),
  stageId: Type.Optional(StageId),
});

/** Spec §7 GET …/schedules: usernames as a comma list, dateTime in ISO format. */
export const BusyQuery = Type.Object({
  usernames: Type.String({ maxLength: 2000, description: 'email addresses, comma separated' }),
  dateTime: Type.String({ format: 'date-time', description: 'any time on the day asked about' }),
  timeZone: Type.Optional(Type.String({ maxLength: 64, description: 'the day is taken in this zone (default UTC)' })),
});

export const Interviewer = Type.Object({ id: Type.String(), name: Type.String(), email: Type.String() });
export type Interviewer = Type.Static<typeof Interviewer>;

export const BusyUser = Type.Object({
  username: Type.String(),
  userId: Nullable(Type.String()),
  busy: Type.Array(
    Type.Object({
      slotId: Type.String(),
      scheduleTitle: Type.String(),
      startDateTime: DateTime,
      endDateTime: DateTime,
    }),
  ),
});
export type BusyUser = Type.Static<typeof BusyUser>;

export const MoveBookingBody = Type.Object({ slotId: Id }, { additionalProperties: false });

/** Feedback per interview and interviewer (spec §3 Feedback: recommendation and interviewId). */
export const FeedbackBody = Type.Object(
  {
    scores: Type.Record(Type.String({ maxLength: 64 }), Type.Union([Type.Number(), Type.Boolean(), Type.String()])),
    recommendation: Recommendation,
    comments: Type.String({ maxLength: 4096 }),
  },
  { additionalProperties: false },
);
export type FeedbackBody = Type.Static<typeof FeedbackBody>;

export const Feedback = Type.Object({
  interviewId: Type.String(),
  interviewer: Person,
  scores: Type.Record(Type.String(), Type.Union([Type.Number(), Type.Boolean(), Type.String()])),
  recommendation: Recommendation,
  comments: Type.String(),
  updatedAt: DateTime,
});
export type Feedback = Type.Static<typeof Feedback>;

/** An interview of an application, for the candidate page (hiring side). */
export const CandidateInterview = Type.Object({
  id: Type.String(),
  invitationId: Type.String(),
  scheduleTitle: Type.String(),
  stage: Type.Object({ id: Type.Integer(), name: Type.String() }),
  startDateTime: DateTime,
  endDateTime: DateTime,
  location: Type.String(),
  timeZone: Type.String(),
  status: literalUnion(BOOKING_STATUSES),
  metrics: Type.Array(Type.Object({ key: Type.String(), label: Type.String(), metricType: Type.String() })),
  feedback: Type.Array(Feedback),
});
export type CandidateInterview = Type.Static<typeof CandidateInterview>;

/** Spec §7 GET /candidate/:id/:x/getCurrentInterview: the candidate's interview for an application, if any. */
export const CurrentInterview = Type.Object({
  interview: Nullable(
    Type.Object({
      state: InvitationStateSchema,
      scheduleTitle: Type.String(),
      stageName: Type.String(),
      dueAt: DateTime,
      timeZone: Type.String(),
      startDateTime: Nullable(DateTime),
      endDateTime: Nullable(DateTime),
      location: Nullable(Type.String()),
    }),
  ),
});
export type CurrentInterview = Type.Static<typeof CurrentInterview>;

/** Public GET /interview/:token: what the link's candidate may see and book. */
export const PublicInterview = Type.Object({
  state: InvitationStateSchema,
  organizationName: Type.String(),
  roleName: Type.String(),
  stageName: Type.String(),
  title: Type.String(),
  firstName: Nullable(Type.String()),
  timeZone: Type.String(),
  dueAt: DateTime,
  /** Whether the booked interview may still be moved or cancelled (the cut-off has not passed). */
  canChange: Type.Boolean(),
  cutoffHours: Type.Integer(),
  slots: Type.Array(
    Type.Object({
      id: Type.String(),
      parentStartDateTime: DateTime,
      parentEndDateTime: DateTime,
      startDateTime: DateTime,
      endDateTime: DateTime,
      numberOfInterviewers: Type.Integer(),
      location: Type.String(),
      /** The slot this link booked: its start time. */
      selectedTime: Nullable(DateTime),
      available: Type.Boolean(),
    }),
  ),
});
export type PublicInterview = Type.Static<typeof PublicInterview>;

/** Spec §7 PUT /interview/:token: the slot id and its start time (a stale page's choice is refused). */
export const BookBody = Type.Object(
  { id: Id, selectedTime: Type.String({ format: 'date-time' }) },
  { additionalProperties: false },
);

/** Spec §7 POST /candidate/:id/sessions: a coaching session. */
export const SessionBody = Type.Object(
  {
    type: CoachingSessionType,
    startDateTime: Type.String({ format: 'date-time' }),
    duration: Type.Integer({ minimum: 15, maximum: 240, description: 'spec §9: 15, 30, 60, 120 or 240 minutes' }),
    location: Type.Optional(Type.String({ maxLength: 255 })),
    notes: Type.Optional(Type.String({ maxLength: 4096 })),
  },
  { additionalProperties: false },
);
export type SessionBody = Type.Static<typeof SessionBody>;

export const CoachingSession = Type.Object({
  id: Type.String(),
  applicationId: Type.String(),
  type: CoachingSessionType,
  status: CoachingSessionStatus,
  startDateTime: DateTime,
  endDateTime: DateTime,
  location: Type.String(),
  notes: Type.String(),
  coach: Nullable(Person),
  heldAt: Nullable(DateTime),
});
export type CoachingSession = Type.Static<typeof CoachingSession>;
