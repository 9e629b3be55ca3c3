import {
  canAddInterviewDay,
  displayName,
  INTERVIEW_STAGES,
  INVITE_DUE_DAY_OPTIONS,
  invitationDueAt,
  invitationState,
  isGridTime,
  isSlotDuration,
  isTimeZone,
  MAX_INTERVIEWERS_PER_SLOT,
  metricValueProblem,
  slotsOfDay,
  stageMetrics,
  zonedInstant,
  type StageId,
} from '#engine';
import type { FieldError } from '#schemas/api';
import type {
  BusyUser,
  CandidateInterview,
  ClosedBooking,
  CreateSchedule,
  Feedback,
  FeedbackBody,
  Interviewer,
  InvitationView,
  ScheduleView,
} from '#schemas/scheduling';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { newToken, sha256 } from '../../lib/secrets';
import { isUuid } from '../../lib/uuid';
import type { Viewer } from '../../lib/viewer';
import { pipelineApplication } from '../applications/application-access';
import { findPipelineApplications } from '../applications/application.repository';
import { findRoleById } from '../roles/role.repository';
import { dropBooking, placeBooking } from './booking.service';
import { queueInvitationEmail, type EmailSite } from './interview-emails';
import { setInterviewStatus } from './interview-status';
import {
  closeOpenInvitations,
  findAllHiringUsers,
  findApplicationBookings,
  findBooking,
  findBusySlots,
  findFeedback,
  findHiringUsers,
  findInvitationContext,
  findInvitations,
  findSchedules,
  findSlots,
  findUsersByEmail,
  insertInvitation,
  insertSchedule,
  lockInvitation,
  markCancelled,
  markReminded,
  upsertFeedback,
  type FeedbackRow,
  type InvitationRow,
  type NewSlot,
  type ScheduleRow,
  type SlotRow,
} from './scheduling.repository';

/*
 * The hiring side of interview scheduling (issue 13, decision 0036): the wizard's schedule with its
 * invitations, the overview per role and stage, reminders, cancelling and moving interviews,
 * feedback per interview and interviewer.
 */

const iso = (date: Date) => date.toISOString();
const noInvitation = (id: string) => notFound(`No interview invitation with id '${id}'.`);
const personName = (p: {
  first_name: string | null;
  preferred_name: string | null;
  last_name: string | null;
  email: string | null;
}) => displayName({ firstName: p.first_name, preferredName: p.preferred_name, lastName: p.last_name, email: p.email });

function invitationView(row: InvitationRow, now: Date): InvitationView {
  return {
    id: row.id,
    applicationId: row.application_id,
    candidate: {
      name: displayName({
        firstName: row.first_name ?? row.app_first_name,
        preferredName: row.preferred_name,
        lastName: row.last_name ?? row.app_last_name,
        email: row.email,
      }),
      email: row.email,
    },
    state: invitationState({ dueAt: row.due_at, cancelledAt: row.cancelled_at, booked: row.booking_id !== null }, now),
    dueAt: iso(row.due_at),
    remindedAt: row.reminded_at ? iso(row.reminded_at) : null,
    booking:
      row.booking_id && row.slot_id && row.slot_starts_at
        ? { id: row.booking_id, slotId: row.slot_id, startDateTime: iso(row.slot_starts_at) }
        : null,
  };
}

async function scheduleViews(db: Db, viewer: Viewer, schedules: readonly ScheduleRow[]): Promise<ScheduleView[]> {
  const organizationId = viewer.organization.id;
  const ids = schedules.map((s) => s.id);
  const [slots, invitations] = await Promise.all([
    findSlots(db, organizationId, ids),
    findInvitations(db, organizationId, { scheduleIds: ids }),
  ]);
  const people = await findHiringUsers(db, organizationId, [...new Set(slots.flatMap((s) => s.interviewer_ids))]);
  const names = new Map(people.map((p) => [p.id, personName(p)]));
  const now = new Date();
  return schedules.map((schedule) => ({
    id: schedule.id,
    title: schedule.title,
    role: { id: schedule.role_id, name: schedule.role_name },
    stage: {
      id: schedule.stage_id,
      name: viewer.organization.stages.find((s) => s.id === schedule.stage_id)?.name ?? '',
    },
    timeZone: schedule.time_zone,
    createdAt: iso(schedule.created_at),
    slots: slots
      .filter((s) => s.schedule_id === schedule.id)
      .map((s: SlotRow) => ({
        id: s.id,
        parentStartDateTime: iso(s.parent_starts_at),
        parentEndDateTime: iso(s.parent_ends_at),
        startDateTime: iso(s.starts_at),
        endDateTime: iso(s.ends_at),
        numberOfInterviewers: s.interviewer_ids.length,
        location: s.location,
        capacity: s.capacity,
        booked: s.booked,
        interviewers: s.interviewer_ids.map((id) => ({ id, name: names.get(id) ?? id })),
      })),
    invitations: invitations.filter((i) => i.schedule_id === schedule.id).map((i) => invitationView(i, now)),
  }));
}

/** The slots of the wizard's days, each problem named by its field; interviewers must be the organisation's. */
async function slotsOfInput(db: Db, viewer: Viewer, input: CreateSchedule, now: Date): Promise<NewSlot[]> {
  const errors: FieldError[] = [];
  const problem = (field: string, text: string) => errors.push({ field, message: text });
  if (!isTimeZone(input.timeZone)) problem('timeZone', `'${input.timeZone}' is not a time zone`);
  if (!INVITE_DUE_DAY_OPTIONS.includes(input.dueDays)) problem('dueDays', 'Choose a due date of 1 to 28 days, or 200');
  if (!canAddInterviewDay(input.days.length - 1, input.disableMaxInterviewDays ?? false))
    problem('days', 'A schedule can have at most 5 interview days');
  const interviewerIds = [...new Set(input.days.flatMap((d) => d.interviewerIds))];
  const known = new Set(
    (
      await findHiringUsers(
        db,
        viewer.organization.id,
        interviewerIds.filter((id) => isUuid(id)),
      )
    ).map((u) => u.id),
  );
  const slots: NewSlot[] = [];
  input.days.forEach((day, index) => {
    const at = `days.${index}`;
    if (!isGridTime(day.start))
      problem(`${at}.start`, 'Choose a start time on the quarter hour, such as 09:00 or 09:15');
    if (!isSlotDuration(day.duration))
      problem(`${at}.duration`, 'Choose a duration of 15 to 540 minutes in 15-minute steps');
    if (day.interviewerIds.length > MAX_INTERVIEWERS_PER_SLOT)
      problem(`${at}.interviewerIds`, `Choose at most ${MAX_INTERVIEWERS_PER_SLOT} interviewers`);
    const unknown = day.interviewerIds.find((id) => !known.has(id));
    if (unknown) problem(`${at}.interviewerIds`, `No manager with id '${unknown}' in this organisation`);
    if (!day.location.trim()) problem(`${at}.location`, 'Enter a room or a video link');
    if (Number.isNaN(Date.parse(`${day.date}T00:00:00Z`))) problem(`${at}.date`, 'Enter a real date');
    if (errors.length > 0 || !isTimeZone(input.timeZone)) return;
    const times = slotsOfDay(day, input.timeZone);
    if (zonedInstant(day.date, day.start, input.timeZone).getTime() <= now.getTime())
      problem(`${at}.date`, 'The interview day must be in the future');
    const parent = { start: times[0]!.start, end: times.at(-1)!.end };
    for (const time of times)
      slots.push({
        parentStartsAt: parent.start,
        parentEndsAt: parent.end,
        startsAt: time.start,
        endsAt: time.end,
        location: day.location.trim(),
        capacity: day.capacity,
        interviewerIds: [...new Set(day.interviewerIds)],
      });
  });
  if (errors.length > 0) throw badRequest(errors[0]!.message, errors);
  return slots;
}

/**
 * The wizard's last step: the schedule and its slots, one invitation link per candidate (only its
 * hash kept), the email in the candidate's language, the stage status INVITED; one transaction.
 */
export async function createSchedule(
  db: Db,
  viewer: Viewer,
  input: CreateSchedule,
  site: EmailSite,
  now = new Date(),
): Promise<{ schedule: ScheduleView; invited: number }> {
  const { organization } = viewer;
  const role = isUuid(input.roleId) ? await findRoleById(db, organization.id, input.roleId) : undefined;
  if (!role) throw badRequest(`No role with id '${input.roleId}'`, [{ field: 'roleId', message: 'Choose a role' }]);
  const stage = organization.stages.find((s) => s.id === input.stageId);
  if (
    !stage ||
    !INTERVIEW_STAGES.includes(input.stageId as StageId) ||
    !stage.subStages.some((s) => s.codeStage === 'INVITED')
  )
    throw badRequest('Choose an interview stage', [{ field: 'stageId', message: 'Choose an interview stage' }]);
  const slots = await slotsOfInput(db, viewer, input, now);
  const ids = [...new Set(input.applicationIds.map((id) => id.toLowerCase()))];
  const applications = await findPipelineApplications(
    db,
    organization.id,
    ids.filter((id) => isUuid(id)),
  );
  const eligible = applications.filter(
    (a) => a.role_id === role.id && a.stage_id === input.stageId && a.state === 'SUBMITTED',
  );
  if (eligible.length !== ids.length)
    throw badRequest('Every candidate must be in the chosen role and interview stage', [
      { field: 'applicationIds', message: 'Choose candidates of this role who are at this stage' },
    ]);
  const open = (await findInvitations(db, organization.id, { applicationIds: eligible.map((a) => a.id) })).filter(
    (i) => !i.cancelled_at && (i.booking_id !== null || i.due_at.getTime() >= now.getTime()),
  );
  if (open.length > 0)
    throw conflict(
      `${open.length === 1 ? 'One candidate already has' : `${open.length} candidates already have`} an open interview invitation: cancel it first`,
    );
  const scheduleId = await db.transaction().execute(async (trx) => {
    const id = await insertSchedule(
      trx,
      {
        organizationId: organization.id,
        roleId: role.id,
        stageId: input.stageId,
        title: input.title.trim(),
        timeZone: input.timeZone,
        createdBy: viewer.user.id,
      },
      slots,
    );
    const dueAt = invitationDueAt(now, input.dueDays, input.timeZone);
    for (const application of eligible) {
      const token = newToken();
      const invitationId = await insertInvitation(trx, {
        organizationId: organization.id,
        scheduleId: id,
        applicationId: application.id,
        tokenHash: sha256(token),
        dueAt,
      });
      await setInterviewStatus(trx, organization, application.id, input.stageId, 'INVITED', viewer.user.id);
      const context = await findInvitationContext(trx, invitationId);
      await queueInvitationEmail(trx, organization, context, token, site, 'interview_invitation');
    }
    return id;
  });
  const [schedule] = await listSchedules(db, viewer, {}, [scheduleId]);
  return { schedule: schedule!, invited: eligible.length };
}

export async function listSchedules(
  db: Db,
  viewer: Viewer,
  filter: { roleId?: string; stageId?: number },
  only?: readonly string[],
): Promise<ScheduleView[]> {
  if (filter.roleId && !isUuid(filter.roleId)) return [];
  const rows = await findSchedules(db, viewer.organization.id, filter);
  return scheduleViews(db, viewer, only ? rows.filter((r) => only.includes(r.id)) : rows);
}

/** The managers who can sit on interviews. */
export async function listInterviewers(db: Db, viewer: Viewer): Promise<Interviewer[]> {
  return (await findAllHiringUsers(db, viewer.organization.id)).map((u) => ({
    id: u.id,
    name: personName(u),
    email: u.email,
  }));
}

/** Spec §7 GET …/schedules: each named user's interviews on the day of `dateTime` (in `timeZone`, default UTC). */
export async function busySchedules(
  db: Db,
  viewer: Viewer,
  query: { usernames: string; dateTime: string; timeZone?: string },
): Promise<BusyUser[]> {
  const timeZone = query.timeZone ?? 'UTC';
  if (!isTimeZone(timeZone))
    throw badRequest(`'${timeZone}' is not a time zone`, [{ field: 'timeZone', message: 'Enter a time zone' }]);
  const usernames = [
    ...new Set(
      query.usernames
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    ),
  ].slice(0, 50);
  const users = await findUsersByEmail(db, viewer.organization.id, usernames);
  const byEmail = new Map(users.map((u) => [u.email.toLowerCase(), u.id]));
  const day = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(query.dateTime));
  const from = zonedInstant(day, '00:00', timeZone);
  const to = new Date(from.getTime() + 24 * 3_600_000);
  const slots = await findBusySlots(db, viewer.organization.id, [...byEmail.values()], from, to);
  return usernames.map((username) => {
    const userId = byEmail.get(username.toLowerCase()) ?? null;
    return {
      username,
      userId,
      busy: userId
        ? slots
            .filter((s) => s.interviewer_ids.includes(userId))
            .map((s) => ({
              slotId: s.id,
              scheduleTitle: s.title,
              startDateTime: iso(s.starts_at),
              endDateTime: iso(s.ends_at),
            }))
        : [],
    };
  });
}

async function invitationAfter(db: Db, viewer: Viewer, id: string): Promise<InvitationView> {
  const [row] = await findInvitations(db, viewer.organization.id, { invitationId: id });
  return invitationView(row!, new Date());
}

async function withLockedInvitation<T>(
  db: Db,
  viewer: Viewer,
  id: string,
  change: (trx: Db, invitation: NonNullable<Awaited<ReturnType<typeof lockInvitation>>>) => Promise<T>,
): Promise<T> {
  if (!isUuid(id)) throw noInvitation(id);
  return db.transaction().execute(async (trx) => {
    const invitation = await lockInvitation(trx, viewer.organization.id, id.toLowerCase());
    if (!invitation) throw noInvitation(id);
    return change(trx, invitation);
  });
}

/** Days a reminder gives a candidate whose link had expired. */
const REMINDER_DAYS = 7;

/**
 * Emails the booking link again to a candidate who has not booked (also after the due date: the
 * link then gets REMINDER_DAYS more). The link is not kept (only its hash), so a reminder carries
 * a new link and the old one stops working.
 */
export async function remindInvitation(
  db: Db,
  viewer: Viewer,
  id: string,
  site: EmailSite,
  now = new Date(),
): Promise<InvitationView> {
  await withLockedInvitation(db, viewer, id, async (trx, invitation) => {
    const [row] = await findInvitations(trx, viewer.organization.id, { invitationId: invitation.id });
    const state = invitationView(row!, now).state;
    if (state !== 'OPEN' && state !== 'EXPIRED')
      throw conflict(`Only a candidate who has not booked can be reminded (this one is ${state}).`);
    const token = newToken();
    const before = await findInvitationContext(trx, invitation.id);
    await trx
      .updateTable('interview_invitations')
      .set({
        token_hash: sha256(token),
        // A link past its due date gets REMINDER_DAYS more.
        ...(state === 'EXPIRED' && { due_at: invitationDueAt(now, REMINDER_DAYS, before.time_zone) }),
      })
      .where('id', '=', invitation.id)
      .execute();
    await markReminded(trx, invitation.id);
    const context = await findInvitationContext(trx, invitation.id);
    await queueInvitationEmail(trx, viewer.organization, context, token, site, 'interview_reminder');
  });
  return invitationAfter(db, viewer, id.toLowerCase());
}

/** Cancels an invitation (and its interview, the candidate told); the stage status goes back to the stage's default. */
export async function cancelInvitation(db: Db, viewer: Viewer, id: string, site: EmailSite): Promise<InvitationView> {
  await withLockedInvitation(db, viewer, id, async (trx, invitation) => {
    if (invitation.cancelled_at) throw conflict('This invitation is already cancelled.');
    await dropBooking(trx, viewer.organization, invitation, site);
    await markCancelled(trx, invitation.id);
    const context = await findInvitationContext(trx, invitation.id);
    await setInterviewStatus(
      trx,
      viewer.organization,
      invitation.application_id,
      context.stage_id,
      'PENDING',
      viewer.user.id,
    );
  });
  return invitationAfter(db, viewer, id.toLowerCase());
}

/**
 * Closes booking on a schedule now (decision 0072): candidates who have not booked see their link
 * as expired, exactly as after the due date; a reminder reopens one candidate's link. Booked and
 * cancelled invitations are left as they are.
 */
export async function closeBooking(
  db: Db,
  viewer: Viewer,
  scheduleId: string,
  now = new Date(),
): Promise<ClosedBooking> {
  const id = scheduleId.toLowerCase();
  const noSchedule = () => notFound(`No interview schedule with id '${scheduleId}'.`);
  if (!isUuid(id)) throw noSchedule();
  const closed = await db.transaction().execute((trx) => closeOpenInvitations(trx, viewer.organization.id, id, now));
  if (closed === null) throw noSchedule();
  const [schedule] = await listSchedules(db, viewer, {}, [id]);
  return { schedule: schedule!, closed };
}

/** Books or moves a candidate's interview to another slot of the schedule (capacity holds); the candidate is told. */
export async function moveBooking(
  db: Db,
  viewer: Viewer,
  id: string,
  slotId: string,
  site: EmailSite,
  now = new Date(),
): Promise<InvitationView> {
  await withLockedInvitation(db, viewer, id, async (trx, invitation) => {
    if (invitation.cancelled_at) throw conflict('This invitation is cancelled.');
    await placeBooking(trx, viewer.organization, invitation, slotId, { actorId: viewer.user.id, site, now });
  });
  return invitationAfter(db, viewer, id.toLowerCase());
}

function feedbackView(row: FeedbackRow): Feedback {
  return {
    interviewId: row.booking_id,
    interviewer: { id: row.interviewer_id, name: personName(row) },
    scores: row.scores,
    recommendation: row.recommendation,
    comments: row.comments,
    updatedAt: iso(row.updated_at),
  };
}

/** The candidate page: an application's interviews (booked and cancelled) with every interviewer's feedback. */
export async function candidateInterviews(
  db: Db,
  viewer: Viewer,
  applicationId: string,
): Promise<CandidateInterview[]> {
  const application = await pipelineApplication(db, viewer, applicationId);
  const bookings = await findApplicationBookings(db, viewer.organization.id, application.id);
  const feedback = await findFeedback(
    db,
    viewer.organization.id,
    bookings.map((b) => b.id),
  );
  return bookings.map((b) => ({
    id: b.id,
    invitationId: b.invitation_id,
    scheduleTitle: b.title,
    stage: { id: b.stage_id, name: viewer.organization.stages.find((s) => s.id === b.stage_id)?.name ?? '' },
    startDateTime: iso(b.starts_at),
    endDateTime: iso(b.ends_at),
    location: b.location,
    timeZone: b.time_zone,
    status: b.status,
    metrics: stageMetrics(viewer.organization.stages, b.stage_id).map((m) => ({
      key: m.key,
      label: m.label,
      metricType: m.metricType,
    })),
    feedback: feedback.filter((f) => f.booking_id === b.id).map(feedbackView),
  }));
}

/** The caller's feedback on an interview: each score checked against the stage's metric; saved again replaces it. */
export async function saveFeedback(db: Db, viewer: Viewer, interviewId: string, body: FeedbackBody): Promise<Feedback> {
  const booking = isUuid(interviewId) ? await findBooking(db, viewer.organization.id, interviewId) : undefined;
  if (!booking) throw notFound(`No interview with id '${interviewId}'.`);
  const metrics = stageMetrics(viewer.organization.stages, booking.stage_id);
  const errors: FieldError[] = [];
  for (const [key, value] of Object.entries(body.scores)) {
    const metric = metrics.find((m) => m.key === key);
    const problem = metric ? metricValueProblem(metric, value) : `This stage has no metric '${key}'`;
    if (problem) errors.push({ field: `scores.${key}`, message: problem });
  }
  if (errors.length > 0) throw badRequest(errors[0]!.message, errors);
  await upsertFeedback(db, {
    organizationId: viewer.organization.id,
    bookingId: booking.id,
    interviewerId: viewer.user.id,
    scores: body.scores,
    recommendation: body.recommendation,
    comments: body.comments.trim(),
  });
  const [row] = (await findFeedback(db, viewer.organization.id, [booking.id])).filter(
    (f) => f.interviewer_id === viewer.user.id,
  );
  return feedbackView(row!);
}
