import { displayName } from '#engine';
import { CONSULTATION_DURATIONS, type CoachingSession, type SessionBody } from '#schemas/scheduling';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/uuid';
import type { Viewer } from '../../lib/viewer';
import { pipelineApplication } from '../applications/application-access';

/*
 * Coaching sessions (spec §3 session types, §7 POST /candidate/:id/sessions and
 * /session/:sessionId): booked for an application by the hiring side, then recorded as held.
 */

const iso = (date: Date) => date.toISOString();

function sessionQuery(db: Db, organizationId: string) {
  return db
    .selectFrom('coaching_sessions as c')
    .leftJoin('users as u', 'u.id', 'c.coach_id')
    .select([
      'c.id',
      'c.application_id',
      'c.type',
      'c.status',
      'c.starts_at',
      'c.ends_at',
      'c.location',
      'c.notes',
      'c.coach_id',
      'c.held_at',
      'u.first_name',
      'u.preferred_name',
      'u.last_name',
      'u.email',
    ])
    .where('c.organization_id', '=', organizationId);
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionQuery>['executeTakeFirstOrThrow']>>;

function sessionView(row: SessionRow): CoachingSession {
  return {
    id: row.id,
    applicationId: row.application_id,
    type: row.type,
    status: row.status,
    startDateTime: iso(row.starts_at),
    endDateTime: iso(row.ends_at),
    location: row.location,
    notes: row.notes,
    coach: row.coach_id
      ? {
          id: row.coach_id,
          name: displayName({
            firstName: row.first_name,
            preferredName: row.preferred_name,
            lastName: row.last_name,
            email: row.email,
          }),
        }
      : null,
    heldAt: row.held_at ? iso(row.held_at) : null,
  };
}

export async function createSession(
  db: Db,
  viewer: Viewer,
  applicationId: string,
  body: SessionBody,
): Promise<CoachingSession> {
  const application = await pipelineApplication(db, viewer, applicationId);
  if (!(CONSULTATION_DURATIONS as readonly number[]).includes(body.duration))
    throw badRequest('Choose a duration of 15, 30, 60, 120 or 240 minutes', [
      { field: 'duration', message: 'Choose a duration of 15, 30, 60, 120 or 240 minutes' },
    ]);
  const start = new Date(body.startDateTime);
  const row = await db
    .insertInto('coaching_sessions')
    .values({
      organization_id: viewer.organization.id,
      application_id: application.id,
      type: body.type,
      starts_at: start,
      ends_at: new Date(start.getTime() + body.duration * 60_000),
      location: body.location?.trim() ?? '',
      notes: body.notes?.trim() ?? '',
      coach_id: viewer.user.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return sessionView(
    await sessionQuery(db, viewer.organization.id).where('c.id', '=', row.id).executeTakeFirstOrThrow(),
  );
}

export async function listSessions(db: Db, viewer: Viewer, applicationId: string): Promise<CoachingSession[]> {
  const application = await pipelineApplication(db, viewer, applicationId);
  const rows = await sessionQuery(db, viewer.organization.id)
    .where('c.application_id', '=', application.id)
    .orderBy('c.starts_at')
    .execute();
  return rows.map(sessionView);
}

/** POST /candidate/:id/session/:sessionId: the session took place. */
export async function recordSession(
  db: Db,
  viewer: Viewer,
  applicationId: string,
  sessionId: string,
): Promise<CoachingSession> {
  const application = await pipelineApplication(db, viewer, applicationId);
  const noSession = notFound(`No coaching session with id '${sessionId}'.`);
  if (!isUuid(sessionId)) throw noSession;
  const updated = await db
    .updateTable('coaching_sessions')
    .set({ status: 'HELD', held_at: new Date() })
    .where('organization_id', '=', viewer.organization.id)
    .where('application_id', '=', application.id)
    .where('id', '=', sessionId.toLowerCase())
    .where('status', '=', 'BOOKED')
    .returning('id')
    .executeTakeFirst();
  if (!updated) {
    const exists = await sessionQuery(db, viewer.organization.id)
      .where('c.application_id', '=', application.id)
      .where('c.id', '=', sessionId.toLowerCase())
      .executeTakeFirst();
    if (!exists) throw noSession;
    throw conflict('This session is already recorded.');
  }
  return sessionView(
    await sessionQuery(db, viewer.organization.id).where('c.id', '=', updated.id).executeTakeFirstOrThrow(),
  );
}
