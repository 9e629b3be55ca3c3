import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { json } from '../../db/json';
import type { Recommendation } from '#schemas/scheduling';

/*
 * SQL of interview scheduling (decision 0036). Every query names the organisation. A place in a
 * slot is taken by one conditional UPDATE (booked < capacity), so concurrent bookings can never
 * pass the capacity, and an invitation is locked (FOR UPDATE) while its booking changes, so one
 * link booked twice at once keeps one booking.
 */

export interface NewSlot {
  parentStartsAt: Date;
  parentEndsAt: Date;
  startsAt: Date;
  endsAt: Date;
  location: string;
  capacity: number;
  interviewerIds: string[];
}

export async function insertSchedule(
  db: Db,
  values: {
    organizationId: string;
    roleId: string;
    stageId: number;
    title: string;
    timeZone: string;
    createdBy: string;
  },
  slots: readonly NewSlot[],
): Promise<string> {
  const schedule = await db
    .insertInto('interview_schedules')
    .values({
      organization_id: values.organizationId,
      role_id: values.roleId,
      stage_id: values.stageId,
      title: values.title,
      time_zone: values.timeZone,
      created_by: values.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('interview_slots')
    .values(
      slots.map((s) => ({
        organization_id: values.organizationId,
        schedule_id: schedule.id,
        parent_starts_at: s.parentStartsAt,
        parent_ends_at: s.parentEndsAt,
        starts_at: s.startsAt,
        ends_at: s.endsAt,
        location: s.location,
        capacity: s.capacity,
        interviewer_ids: s.interviewerIds,
      })),
    )
    .execute();
  return schedule.id;
}

export async function insertInvitation(
  db: Db,
  values: { organizationId: string; scheduleId: string; applicationId: string; tokenHash: string; dueAt: Date },
): Promise<string> {
  const row = await db
    .insertInto('interview_invitations')
    .values({
      organization_id: values.organizationId,
      schedule_id: values.scheduleId,
      application_id: values.applicationId,
      token_hash: values.tokenHash,
      due_at: values.dueAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findSchedules(db: Db, organizationId: string, filter: { roleId?: string; stageId?: number }) {
  let query = db
    .selectFrom('interview_schedules as s')
    .innerJoin('roles as r', 'r.id', 's.role_id')
    .select(['s.id', 's.title', 's.role_id', 'r.name as role_name', 's.stage_id', 's.time_zone', 's.created_at'])
    .where('s.organization_id', '=', organizationId);
  if (filter.roleId) query = query.where('s.role_id', '=', filter.roleId);
  if (filter.stageId !== undefined) query = query.where('s.stage_id', '=', filter.stageId);
  return query.orderBy('s.created_at', 'desc').limit(200).execute();
}

export type ScheduleRow = Awaited<ReturnType<typeof findSchedules>>[number];

export function findSlots(db: Db, organizationId: string, scheduleIds: readonly string[]) {
  if (scheduleIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('interview_slots')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('schedule_id', 'in', [...scheduleIds])
    .orderBy('starts_at')
    .orderBy('id')
    .execute();
}

export type SlotRow = Awaited<ReturnType<typeof findSlots>>[number];

/** Invitations with their candidate and live booking (if any). */
export function findInvitations(
  db: Db,
  organizationId: string,
  where: {
    scheduleIds?: readonly string[];
    invitationId?: string;
    applicationId?: string;
    applicationIds?: readonly string[];
  },
) {
  let query = db
    .selectFrom('interview_invitations as i')
    .innerJoin('applications as a', 'a.id', 'i.application_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('interview_bookings as b', (join) =>
      join.onRef('b.invitation_id', '=', 'i.id').on('b.status', '=', 'BOOKED'),
    )
    .leftJoin('interview_slots as sl', 'sl.id', 'b.slot_id')
    .select([
      'i.id',
      'i.schedule_id',
      'i.application_id',
      'i.due_at',
      'i.reminded_at',
      'i.cancelled_at',
      'i.sequence',
      'a.user_id',
      'a.first_name as app_first_name',
      'a.last_name as app_last_name',
      'u.first_name',
      'u.preferred_name',
      'u.last_name',
      'u.email',
      'u.language',
      'b.id as booking_id',
      'b.slot_id',
      'sl.starts_at as slot_starts_at',
      'sl.ends_at as slot_ends_at',
      'sl.location as slot_location',
    ])
    .where('i.organization_id', '=', organizationId);
  if (where.scheduleIds) {
    if (where.scheduleIds.length === 0) return Promise.resolve([]);
    query = query.where('i.schedule_id', 'in', [...where.scheduleIds]);
  }
  if (where.invitationId) query = query.where('i.id', '=', where.invitationId);
  if (where.applicationId) query = query.where('i.application_id', '=', where.applicationId);
  if (where.applicationIds) {
    if (where.applicationIds.length === 0) return Promise.resolve([]);
    query = query.where('i.application_id', 'in', [...where.applicationIds]);
  }
  return query.orderBy('i.created_at').orderBy('i.id').execute();
}

export type InvitationRow = Awaited<ReturnType<typeof findInvitations>>[number];

/** An invitation by its token's hash, locked for the rest of the transaction. */
export function lockInvitationByToken(trx: Db, organizationId: string, tokenHash: string) {
  return trx
    .selectFrom('interview_invitations')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

export function lockInvitation(trx: Db, organizationId: string, id: string) {
  return trx
    .selectFrom('interview_invitations')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Ends the time to book for a schedule's invitations that are neither booked nor cancelled nor already
 * past their due date: their due date becomes `now`. The invitations are locked first, so a booking
 * that commits meanwhile is seen and kept. Null when the organisation has no such schedule.
 */
export async function closeOpenInvitations(
  trx: Db,
  organizationId: string,
  scheduleId: string,
  now: Date,
): Promise<number | null> {
  const schedule = await trx
    .selectFrom('interview_schedules')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('id', '=', scheduleId)
    .executeTakeFirst();
  if (!schedule) return null;
  await trx
    .selectFrom('interview_invitations')
    .select('id')
    .where('schedule_id', '=', scheduleId)
    .where('cancelled_at', 'is', null)
    .where('due_at', '>', now)
    .forUpdate()
    .execute();
  const closed = await trx
    .updateTable('interview_invitations as i')
    .set({ due_at: now })
    .where('i.schedule_id', '=', scheduleId)
    .where('i.cancelled_at', 'is', null)
    .where('i.due_at', '>', now)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('interview_bookings as b')
            .select('b.id')
            .whereRef('b.invitation_id', '=', 'i.id')
            .where('b.status', '=', 'BOOKED'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(closed.numUpdatedRows);
}

export type LockedInvitation = NonNullable<Awaited<ReturnType<typeof lockInvitation>>>;

export function findInvitationByToken(db: Db, organizationId: string, tokenHash: string) {
  return db
    .selectFrom('interview_invitations')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export function findLiveBooking(db: Db, invitationId: string) {
  return db
    .selectFrom('interview_bookings as b')
    .innerJoin('interview_slots as s', 's.id', 'b.slot_id')
    .select(['b.id', 'b.slot_id', 's.starts_at', 's.ends_at', 's.location'])
    .where('b.invitation_id', '=', invitationId)
    .where('b.status', '=', 'BOOKED')
    .executeTakeFirst();
}

export function findSlot(db: Db, organizationId: string, scheduleId: string, slotId: string) {
  return db
    .selectFrom('interview_slots')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('schedule_id', '=', scheduleId)
    .where('id', '=', slotId)
    .executeTakeFirst();
}

/** Takes one place in the slot if one is left: false when it is full. */
export async function takePlace(trx: Db, slotId: string): Promise<boolean> {
  const row = await trx
    .updateTable('interview_slots')
    .set({ booked: sql<number>`booked + 1` })
    .where('id', '=', slotId)
    .where(sql<boolean>`booked < capacity`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function releasePlace(trx: Db, slotId: string): Promise<void> {
  await trx
    .updateTable('interview_slots')
    .set({ booked: sql<number>`booked - 1` })
    .where('id', '=', slotId)
    .where('booked', '>', 0)
    .execute();
}

export async function insertBooking(
  trx: Db,
  values: { organizationId: string; invitationId: string; slotId: string },
): Promise<string> {
  const row = await trx
    .insertInto('interview_bookings')
    .values({ organization_id: values.organizationId, invitation_id: values.invitationId, slot_id: values.slotId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function cancelBookingRow(trx: Db, bookingId: string): Promise<void> {
  await trx
    .updateTable('interview_bookings')
    .set({ status: 'CANCELLED', cancelled_at: sql<Date>`now()` })
    .where('id', '=', bookingId)
    .execute();
}

export async function bumpSequence(trx: Db, invitationId: string): Promise<number> {
  const row = await trx
    .updateTable('interview_invitations')
    .set({ sequence: sql<number>`sequence + 1` })
    .where('id', '=', invitationId)
    .returning('sequence')
    .executeTakeFirstOrThrow();
  return row.sequence;
}

export async function markCancelled(trx: Db, invitationId: string): Promise<void> {
  await trx
    .updateTable('interview_invitations')
    .set({ cancelled_at: sql<Date>`now()` })
    .where('id', '=', invitationId)
    .execute();
}

export async function markReminded(db: Db, invitationId: string): Promise<void> {
  await db
    .updateTable('interview_invitations')
    .set({ reminded_at: sql<Date>`now()` })
    .where('id', '=', invitationId)
    .execute();
}

/** Everything an email or a page about one invitation says: schedule, role, organisation. */
export function findInvitationContext(db: Db, invitationId: string) {
  return db
    .selectFrom('interview_invitations as i')
    .innerJoin('interview_schedules as s', 's.id', 'i.schedule_id')
    .innerJoin('roles as r', 'r.id', 's.role_id')
    .innerJoin('applications as a', 'a.id', 'i.application_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'i.id',
      'i.application_id',
      'i.due_at',
      'i.sequence',
      's.id as schedule_id',
      's.title',
      's.time_zone',
      's.stage_id',
      'r.name as role_name',
      'a.user_id',
      'a.stage_id as application_stage_id',
      'u.email',
      'u.first_name',
      'u.preferred_name',
      'u.last_name',
      'u.language',
    ])
    .where('i.id', '=', invitationId)
    .executeTakeFirstOrThrow();
}

export type InvitationContext = Awaited<ReturnType<typeof findInvitationContext>>;

/** The users (of the organisation) with these email addresses. */
export function findUsersByEmail(db: Db, organizationId: string, emails: readonly string[]) {
  if (emails.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('organization_id', '=', organizationId)
    .where(
      sql<string>`lower(email)`,
      'in',
      emails.map((e) => e.toLowerCase()),
    )
    .execute();
}

/** Hiring-side users of the organisation among `ids` (interviewers must be). */
export function findHiringUsers(db: Db, organizationId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'preferred_name', 'last_name'])
    .where('organization_id', '=', organizationId)
    .where('id', 'in', [...ids])
    .where('user_type', 'in', ['HIRING_MANAGER', 'HIRING_MANAGER_ADMIN', 'ADMIN'])
    .execute();
}

/** Every hiring-side user of the organisation, by name. */
export function findAllHiringUsers(db: Db, organizationId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'preferred_name', 'last_name'])
    .where('organization_id', '=', organizationId)
    .where('user_type', 'in', ['HIRING_MANAGER', 'HIRING_MANAGER_ADMIN'])
    .where('anonymised_at', 'is', null)
    .orderBy('first_name')
    .orderBy('last_name')
    .limit(500)
    .execute();
}

/** Slots of the organisation that an interviewer sits on and that overlap [from, to). */
export function findBusySlots(db: Db, organizationId: string, userIds: readonly string[], from: Date, to: Date) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('interview_slots as sl')
    .innerJoin('interview_schedules as s', 's.id', 'sl.schedule_id')
    .select(['sl.id', 'sl.starts_at', 'sl.ends_at', 'sl.interviewer_ids', 's.title'])
    .where('sl.organization_id', '=', organizationId)
    .where(sql<boolean>`sl.interviewer_ids && ${sql.val([...userIds])}::text[]`)
    .where('sl.starts_at', '<', to)
    .where('sl.ends_at', '>', from)
    .orderBy('sl.starts_at')
    .execute();
}

/** An application's bookings (live and cancelled) with their slot and schedule. */
export function findApplicationBookings(db: Db, organizationId: string, applicationId: string) {
  return db
    .selectFrom('interview_bookings as b')
    .innerJoin('interview_invitations as i', 'i.id', 'b.invitation_id')
    .innerJoin('interview_slots as sl', 'sl.id', 'b.slot_id')
    .innerJoin('interview_schedules as s', 's.id', 'i.schedule_id')
    .select([
      'b.id',
      'b.status',
      'b.invitation_id',
      'sl.starts_at',
      'sl.ends_at',
      'sl.location',
      's.title',
      's.stage_id',
      's.time_zone',
    ])
    .where('b.organization_id', '=', organizationId)
    .where('i.application_id', '=', applicationId)
    .orderBy('sl.starts_at', 'desc')
    .execute();
}

export function findFeedback(db: Db, organizationId: string, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('interview_feedback as f')
    .innerJoin('users as u', 'u.id', 'f.interviewer_id')
    .select([
      'f.booking_id',
      'f.interviewer_id',
      'f.scores',
      'f.recommendation',
      'f.comments',
      'f.updated_at',
      'u.first_name',
      'u.preferred_name',
      'u.last_name',
      'u.email',
    ])
    .where('f.organization_id', '=', organizationId)
    .where('f.booking_id', 'in', [...bookingIds])
    .orderBy('f.updated_at')
    .execute();
}

export type FeedbackRow = Awaited<ReturnType<typeof findFeedback>>[number];

export function findBooking(db: Db, organizationId: string, bookingId: string) {
  return db
    .selectFrom('interview_bookings as b')
    .innerJoin('interview_invitations as i', 'i.id', 'b.invitation_id')
    .innerJoin('interview_schedules as s', 's.id', 'i.schedule_id')
    .select(['b.id', 'b.status', 's.stage_id', 'i.application_id'])
    .where('b.organization_id', '=', organizationId)
    .where('b.id', '=', bookingId)
    .executeTakeFirst();
}

export async function upsertFeedback(
  db: Db,
  values: {
    organizationId: string;
    bookingId: string;
    interviewerId: string;
    scores: Record<string, number | boolean | string>;
    recommendation: Recommendation;
    comments: string;
  },
): Promise<void> {
  await db
    .insertInto('interview_feedback')
    .values({
      organization_id: values.organizationId,
      booking_id: values.bookingId,
      interviewer_id: values.interviewerId,
      scores: json(values.scores),
      recommendation: values.recommendation,
      comments: values.comments,
    })
    .onConflict((oc) =>
      oc.columns(['booking_id', 'interviewer_id']).doUpdateSet({
        scores: json(values.scores),
        recommendation: values.recommendation,
        comments: values.comments,
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute();
}
