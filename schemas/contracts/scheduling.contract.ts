import { Type } from 'typebox';
import { ApiError } from '../api';
import { OWN_OR_HIRING } from '../authorization';
import { defineRoute } from '../contract';
import { OrganizationKey } from '../role';
import {
  BookBody,
  BusyQuery,
  BusyUser,
  CandidateInterview,
  ClosedBooking,
  CoachingSession,
  CreatedSchedule,
  CreateSchedule,
  CurrentInterview,
  Feedback,
  FeedbackBody,
  Interviewer,
  InvitationView,
  MoveBookingBody,
  PublicInterview,
  ScheduleListQuery,
  ScheduleView,
  SessionBody,
} from '../scheduling';

/*
 * Interview scheduling (issue 13, decision 0036). Spec §7 names getCurrentInterview, …/schedules,
 * the coaching sessions and the public GET and PUT /interview/:token; the wizard's calls are not
 * shown by the spec and are ours: create a schedule with its invitations, list per role and stage,
 * remind, cancel, move a booking, record feedback.
 */
const tags = ['scheduling'];
const access = 'signed-in';
const Conflict = { 409: ApiError };
const org = Type.Object({ orgId: OrganizationKey });
const invitation = Type.Object({ orgId: OrganizationKey, invitationId: Type.String({ maxLength: 64 }) });
const TokenParams = Type.Object({ token: Type.String({ maxLength: 128 }) });

export const createSchedule = defineRoute({
  method: 'POST',
  path: '/v1/organization/:orgId/interview-schedules',
  summary:
    'The wizard: a schedule of interview days and slots, and one invitation link per candidate (emailed; stage status INVITED)',
  tags,
  access,
  authz: 'hiring',
  params: org,
  body: CreateSchedule,
  response: { 201: CreatedSchedule, ...Conflict },
});

export const listSchedules = defineRoute({
  method: 'GET',
  path: '/v1/organization/:orgId/interview-schedules',
  summary: 'Schedules (of a role and stage when given): slots, who is invited, who booked what, who is overdue',
  tags,
  access,
  authz: 'hiring',
  params: org,
  querystring: ScheduleListQuery,
  response: { 200: Type.Array(ScheduleView) },
});

export const interviewers = defineRoute({
  method: 'GET',
  path: '/v1/organization/:orgId/interviewers',
  summary: "The organisation's hiring-side users, who can sit on interviews (the wizard's step 2)",
  tags,
  access,
  authz: 'hiring',
  params: org,
  response: { 200: Type.Array(Interviewer) },
});

export const busySchedules = defineRoute({
  method: 'GET',
  path: '/v1/organization/:orgId/schedules',
  summary: "Spec §7: the named users' interviews on the day of dateTime (to flag clashes)",
  tags,
  access,
  authz: 'hiring',
  params: org,
  querystring: BusyQuery,
  response: { 200: Type.Array(BusyUser) },
});

export const closeBooking = defineRoute({
  method: 'POST',
  path: '/v1/organization/:orgId/interview-schedules/:scheduleId/close-booking',
  summary:
    'Close booking now: the links of candidates who have not booked expire as at their due date (a reminder reopens one)',
  tags,
  access,
  authz: 'hiring',
  params: Type.Object({ orgId: OrganizationKey, scheduleId: Type.String({ maxLength: 64 }) }),
  response: { 200: ClosedBooking },
});

export const remindInvitation = defineRoute({
  method: 'POST',
  path: '/v1/organization/:orgId/interview-invitations/:invitationId/remind',
  summary: 'Email the booking link again to a candidate who has not booked',
  tags,
  access,
  authz: 'hiring',
  params: invitation,
  response: { 200: InvitationView, ...Conflict },
});

export const cancelInvitation = defineRoute({
  method: 'POST',
  path: '/v1/organization/:orgId/interview-invitations/:invitationId/cancel',
  summary: 'Cancel an invitation and its interview; the candidate is told (calendar METHOD:CANCEL when booked)',
  tags,
  access,
  authz: 'hiring',
  params: invitation,
  response: { 200: InvitationView, ...Conflict },
});

export const moveBooking = defineRoute({
  method: 'PUT',
  path: '/v1/organization/:orgId/interview-invitations/:invitationId/booking',
  summary: 'Book or move the interview to another slot of the schedule; the candidate is sent the updated invitation',
  tags,
  access,
  authz: 'hiring',
  params: invitation,
  body: MoveBookingBody,
  response: { 200: InvitationView, ...Conflict },
});

export const candidateInterviews = defineRoute({
  method: 'GET',
  audit: { action: 'view', target: 'application', param: 'id' },
  path: '/v1/organization/:orgId/candidate/:id/interviews',
  summary: "An application's interviews with each interviewer's feedback (the candidate page)",
  tags,
  access,
  authz: 'hiring',
  params: Type.Object({ orgId: OrganizationKey, id: Type.String({ maxLength: 64 }) }),
  response: { 200: Type.Array(CandidateInterview) },
});

export const saveFeedback = defineRoute({
  method: 'PUT',
  audit: { action: 'change', target: 'application', param: 'interviewId' },
  path: '/v1/organization/:orgId/interviews/:interviewId/feedback',
  summary: "The caller's feedback on an interview: scores against the stage's metrics, recommendation, comments",
  tags,
  access,
  authz: 'hiring',
  params: Type.Object({ orgId: OrganizationKey, interviewId: Type.String({ maxLength: 64 }) }),
  body: FeedbackBody,
  response: { 200: Feedback },
});

export const currentInterview = defineRoute({
  method: 'GET',
  path: '/v1/candidate/:id/:x/getCurrentInterview',
  summary:
    "Spec §7: the application's current interview (x: a stage id, or 'current' for its present stage); the candidate or the hiring side",
  tags,
  access,
  authz: OWN_OR_HIRING,
  params: Type.Object({ id: Type.String({ maxLength: 64 }), x: Type.String({ maxLength: 16 }) }),
  response: { 200: CurrentInterview },
});

export const createSession = defineRoute({
  method: 'POST',
  path: '/v1/candidate/:id/sessions',
  summary: 'Spec §7: book a coaching session for an application (hiring side)',
  tags,
  access,
  authz: 'hiring',
  params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
  body: SessionBody,
  response: { 201: CoachingSession },
});

export const listSessions = defineRoute({
  method: 'GET',
  path: '/v1/candidate/:id/sessions',
  summary: "An application's coaching sessions (hiring side)",
  tags,
  access,
  authz: 'hiring',
  params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
  response: { 200: Type.Array(CoachingSession) },
});

export const recordSession = defineRoute({
  method: 'POST',
  path: '/v1/candidate/:id/session/:sessionId',
  summary: 'Spec §7: record a coaching session as held',
  tags,
  access,
  authz: 'hiring',
  params: Type.Object({ id: Type.String({ maxLength: 64 }), sessionId: Type.String({ maxLength: 64 }) }),
  response: { 200: CoachingSession, ...Conflict },
});

export const publicInterview = defineRoute({
  method: 'GET',
  path: '/public/interview/:token',
  summary: 'Spec §7: the booking page of an invitation link (the token is the credential; 404 when unknown)',
  tags: ['public', ...tags],
  access: 'public',
  authz: {
    who: 'anyone',
    // Another organisation's invitation is not on this site: 404 for callers signed in on their own.
    except: { 'candidate/other': 404, 'manager/other': 404, 'hiringAdmin/other': 404, 'platformAdmin/other': 404 },
  },
  params: TokenParams,
  response: { 200: PublicInterview, 404: ApiError },
});

export const bookInterview = defineRoute({
  method: 'PUT',
  path: '/public/interview/:token',
  summary: 'Spec §7: book (or rebook) the slot `id` starting at `selectedTime`; 409 when it has just been taken',
  tags: ['public', ...tags],
  access: 'public',
  authz: {
    who: 'anyone',
    // Another organisation's invitation is not on this site: 404 for callers signed in on their own.
    except: { 'candidate/other': 404, 'manager/other': 404, 'hiringAdmin/other': 404, 'platformAdmin/other': 404 },
  },
  params: TokenParams,
  body: BookBody,
  response: { 200: PublicInterview, 400: ApiError, 404: ApiError, 409: ApiError },
});

export const cancelBooking = defineRoute({
  method: 'DELETE',
  path: '/public/interview/:token',
  summary: 'Cancel the booked interview (until the cut-off); the link stays open to book again until its due date',
  tags: ['public', ...tags],
  access: 'public',
  authz: {
    who: 'anyone',
    // Another organisation's invitation is not on this site: 404 for callers signed in on their own.
    except: { 'candidate/other': 404, 'manager/other': 404, 'hiringAdmin/other': 404, 'platformAdmin/other': 404 },
  },
  params: TokenParams,
  response: { 200: PublicInterview, 404: ApiError, 409: ApiError },
});
