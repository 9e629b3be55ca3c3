import { sql } from 'kysely';
import type { Attendance, RegistrationStatus } from '#schemas/events';
import type { Db } from '../../db/client';
import { json } from '../../db/json';
import { containsPattern } from '../../db/like-pattern';
import type { EventRegistrationRow, EventRow } from '../../db/types';

/* The events tables (migration 0010). Every query takes the organisation id. */

interface EventCounts {
  registered: number;
  waiting: number;
  attended: number;
  noShow: number;
}

export type EventWithCounts = EventRow & EventCounts;

const COUNTS = [
  sql<number>`(select count(*)::int from event_registrations r where r.event_id = e.id and r.status = 'REGISTERED')`.as(
    'registered',
  ),
  sql<number>`(select count(*)::int from event_registrations r where r.event_id = e.id and r.status = 'WAITING')`.as(
    'waiting',
  ),
  sql<number>`(select count(*)::int from event_registrations r where r.event_id = e.id and r.status = 'REGISTERED' and r.attendance = 'Attended')`.as(
    'attended',
  ),
  sql<number>`(select count(*)::int from event_registrations r where r.event_id = e.id and r.status = 'REGISTERED' and r.attendance = 'No show')`.as(
    'noShow',
  ),
] as const;

function withCounts(db: Db, organizationId: string) {
  return db
    .selectFrom('events as e')
    .selectAll('e')
    .select([...COUNTS])
    .where('e.organization_id', '=', organizationId);
}

export async function findEvent(db: Db, organizationId: string, eventId: string): Promise<EventWithCounts | undefined> {
  return withCounts(db, organizationId).where('e.id', '=', eventId).executeTakeFirst();
}

/** The event's row alone (no counts): the registration calls count under the event's lock. */
export async function findEventRow(db: Db, organizationId: string, eventId: string): Promise<EventRow | undefined> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', eventId)
    .executeTakeFirst();
}

export type PublicListKind = 'upcoming' | 'nonArchived';

/** Events not archived: upcoming ones (not yet ended) soonest first, or all of them newest first. */
export async function findPublicEvents(
  db: Db,
  organizationId: string,
  kind: PublicListKind,
): Promise<EventWithCounts[]> {
  let query = withCounts(db, organizationId).where('e.archived', '=', false);
  query =
    kind === 'upcoming'
      ? query.where('e.end_at', '>=', sql<Date>`now()`).orderBy('e.start_at', 'asc')
      : query.orderBy('e.start_at', 'desc');
  return query.orderBy('e.id').limit(500).execute();
}

export async function findManagerEvents(db: Db, organizationId: string, archived: boolean): Promise<EventWithCounts[]> {
  return withCounts(db, organizationId)
    .where('e.archived', '=', archived)
    .orderBy('e.start_at', 'desc')
    .orderBy('e.id')
    .limit(1000)
    .execute();
}

export interface EventValues {
  title: string;
  description: string;
  type: EventRow['type'];
  start_at: Date | string;
  end_at: Date | string;
  place: string | null;
  online_link: string | null;
  capacity: number;
  registration_deadline: Date | string | null;
  role_ids: string[];
  questions: EventRow['questions'];
}

export async function insertEvent(db: Db, organizationId: string, values: EventValues): Promise<string> {
  const row = await db
    .insertInto('events')
    .values({
      organization_id: organizationId,
      ...values,
      role_ids: json(values.role_ids),
      questions: json(values.questions),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEventRow(
  db: Db,
  organizationId: string,
  eventId: string,
  values: Partial<EventValues> & { archived?: boolean },
): Promise<boolean> {
  const { role_ids, questions, ...rest } = values;
  const result = await db
    .updateTable('events')
    .set({
      ...rest,
      ...(role_ids && { role_ids: json(role_ids) }),
      ...(questions && { questions: json(questions) }),
      updated_at: sql<Date>`now()`,
    })
    .where('organization_id', '=', organizationId)
    .where('id', '=', eventId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Locks the event's row until the transaction ends: every change to its registrations takes this
 * lock first, so places are counted and given one registration at a time (decision 0038).
 */
export async function lockEvent(db: Db, organizationId: string, eventId: string): Promise<EventRow | undefined> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', eventId)
    .forUpdate()
    .executeTakeFirst();
}

export async function countRegistered(db: Db, eventId: string): Promise<number> {
  const row = await db
    .selectFrom('event_registrations')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('event_id', '=', eventId)
    .where('status', '=', 'REGISTERED')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One registration at an event of the organisation: a person's (`user`) or by its own id. */
export async function findRegistration(
  db: Db,
  organizationId: string,
  eventId: string,
  who: { userId: string } | { registrationId: string },
): Promise<EventRegistrationRow | undefined> {
  return db
    .selectFrom('event_registrations')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('event_id', '=', eventId)
    .where('userId' in who ? 'user_id' : 'id', '=', 'userId' in who ? who.userId : who.registrationId)
    .executeTakeFirst();
}

/** 1 for the next on the waiting list. */
export async function waitingPosition(db: Db, registration: EventRegistrationRow): Promise<number | null> {
  if (registration.status !== 'WAITING') return null;
  const row = await db
    .selectFrom('event_registrations')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('event_id', '=', registration.event_id)
    .where('status', '=', 'WAITING')
    // Compared in the database: a JS Date would drop the timestamp's microseconds.
    .where(
      sql<boolean>`(queued_at, id) <= (select r.queued_at, r.id from event_registrations r where r.id = ${registration.id})`,
    )
    .executeTakeFirst();
  return Number(row?.n ?? 1);
}

/** A new registration, or a cancelled one taken up again (back of the waiting list when waiting). */
export async function upsertRegistration(
  db: Db,
  row: { organizationId: string; eventId: string; userId: string; status: RegistrationStatus; answers: object },
): Promise<EventRegistrationRow> {
  return db
    .insertInto('event_registrations')
    .values({
      organization_id: row.organizationId,
      event_id: row.eventId,
      user_id: row.userId,
      status: row.status,
      answers: json(row.answers),
      registered_at: row.status === 'REGISTERED' ? sql<Date>`now()` : null,
    })
    .onConflict((oc) =>
      oc.columns(['event_id', 'user_id']).doUpdateSet({
        status: row.status,
        answers: json(row.answers),
        attendance: null,
        checked_in_at: null,
        queued_at: sql<Date>`clock_timestamp()`,
        registered_at: row.status === 'REGISTERED' ? sql<Date>`now()` : null,
        updated_at: sql<Date>`now()`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setRegistrationStatus(
  db: Db,
  registrationId: string,
  status: RegistrationStatus,
): Promise<EventRegistrationRow> {
  return db
    .updateTable('event_registrations')
    .set({
      status,
      updated_at: sql<Date>`now()`,
      ...(status === 'REGISTERED' && { registered_at: sql<Date>`now()` }),
      ...(status === 'CANCELLED' && { attendance: null, checked_in_at: null }),
    })
    .where('id', '=', registrationId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The first `limit` on the waiting list, in order. */
export async function firstWaiting(db: Db, eventId: string, limit: number): Promise<EventRegistrationRow[]> {
  if (limit <= 0) return [];
  return db
    .selectFrom('event_registrations')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('status', '=', 'WAITING')
    .orderBy('queued_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function setAttendance(
  db: Db,
  registrationId: string,
  attendance: Attendance | null,
  checkIn: boolean,
): Promise<EventRegistrationRow> {
  return db
    .updateTable('event_registrations')
    .set({
      attendance,
      updated_at: sql<Date>`now()`,
      ...(checkIn && { checked_in_at: sql<Date>`coalesce(checked_in_at, now())` }),
      ...(attendance !== 'Attended' && { checked_in_at: null }),
    })
    .where('id', '=', registrationId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface AttendeeRow extends EventRegistrationRow {
  first_name: string | null;
  last_name: string | null;
  email: string;
  application_id: string | null;
  waiting_position: number | null;
}

const STATUS_ORDER = sql<number>`case r.status when 'REGISTERED' then 0 when 'WAITING' then 1 else 2 end`;

/** The event's registrants with their names and newest submitted application; `search` in name or email. */
export async function findAttendees(
  db: Db,
  organizationId: string,
  eventId: string,
  search?: string,
  registrationId?: string,
): Promise<AttendeeRow[]> {
  let query = db
    .selectFrom('event_registrations as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .selectAll('r')
    .select(['u.first_name', 'u.last_name', 'u.email'])
    .select(
      sql<string | null>`(select a.id from applications a where a.organization_id = r.organization_id
        and a.user_id = r.user_id and a.state <> 'DRAFT' order by a.updated_at desc limit 1)`.as('application_id'),
    )
    .select(
      sql<number | null>`case when r.status = 'WAITING' then (select count(*)::int from event_registrations w
        where w.event_id = r.event_id and w.status = 'WAITING' and (w.queued_at, w.id) <= (r.queued_at, r.id)) end`.as(
        'waiting_position',
      ),
    )
    .where('r.organization_id', '=', organizationId)
    .where('r.event_id', '=', eventId);
  if (registrationId) query = query.where('r.id', '=', registrationId);
  const term = search?.trim().toLowerCase();
  if (term) {
    const pattern = containsPattern(term);
    query = query.where(
      sql<boolean>`lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '') || ' ' || u.email) like ${pattern}`,
    );
  }
  return query
    .orderBy(STATUS_ORDER)
    .orderBy(sql`lower(coalesce(u.last_name, ''))`)
    .orderBy(sql`lower(coalesce(u.first_name, ''))`)
    .orderBy('r.queued_at')
    .limit(5000)
    .execute();
}

/** A user of the organisation by email (check-in), whatever the case of the address typed. */
export async function findUserIdByEmail(db: Db, organizationId: string, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row?.id;
}

export interface CandidateEventRow {
  id: string;
  event_id: string;
  title: string;
  start_at: Date;
  end_at: Date;
  status: RegistrationStatus;
  attendance: Attendance | null;
}

export async function findUserEvents(db: Db, organizationId: string, userId: string): Promise<CandidateEventRow[]> {
  return db
    .selectFrom('event_registrations as r')
    .innerJoin('events as e', 'e.id', 'r.event_id')
    .select(['r.id', 'r.event_id', 'e.title', 'e.start_at', 'e.end_at', 'r.status', 'r.attendance'])
    .where('r.organization_id', '=', organizationId)
    .where('r.user_id', '=', userId)
    .orderBy('e.start_at', 'desc')
    .execute();
}

export async function recordCheckInAttempt(
  db: Db,
  row: { organizationId: string; eventId: string; ip: string; emailKey: string; succeeded: boolean },
): Promise<void> {
  await db
    .insertInto('event_check_in_attempts')
    .values({
      organization_id: row.organizationId,
      event_id: row.eventId,
      ip: row.ip,
      email_key: row.emailKey,
      succeeded: row.succeeded,
    })
    .execute();
}

/** Failed check-ins within the window from one client address, and for one email typed. */
export async function countCheckInFailures(
  db: Db,
  ip: string,
  emailKey: string,
  windowMinutes: number,
): Promise<{ byAddress: number; byEmail: number }> {
  const row = await sql<{ by_address: number; by_email: number }>`
    select
      count(*) filter (where ip = ${ip})::int as by_address,
      count(*) filter (where email_key = ${emailKey})::int as by_email
    from event_check_in_attempts
    where not succeeded and (ip = ${ip} or email_key = ${emailKey})
      and created_at > now() - make_interval(mins => ${windowMinutes})`.execute(db);
  return { byAddress: Number(row.rows[0]?.by_address ?? 0), byEmail: Number(row.rows[0]?.by_email ?? 0) };
}

/** The names of the organisation's roles among `ids` (any status), for an event's related roles. */
export async function findRoleNames(
  db: Db,
  organizationId: string,
  ids: readonly string[],
): Promise<Array<{ id: string; name: string }>> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('roles')
    .select(['id', 'name'])
    .where('organization_id', '=', organizationId)
    .where('id', 'in', [...ids])
    .orderBy('name')
    .execute();
}

/** Erasure: the person's registrations (places, waiting list, answers, attendance) go. */
export async function deleteUserRegistrations(db: Db, organizationId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('event_registrations')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .execute();
}
