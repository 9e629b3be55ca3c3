import type { Answers } from '#engine';
import type { MyRegistration } from '#schemas/events';
import { message } from '#schemas/messages';
import type { Db } from '../../db/client';
import type { EventRegistrationRow, OrganizationRecord, UserRecord } from '../../db/types';
import { badRequest, forbidden } from '../../lib/http-error';
import { acceptedAnswers } from '../forms/form.service';
import { findUserById } from '../user-store/user.repository';
import { queueEventEmail, type EventEmailKind } from './event-email';
import { eventForm } from './event-form';
import { iso, publicEventRowOf, registrationOpen } from './event-lookup';
import {
  countRegistered,
  findRegistration,
  firstWaiting,
  lockEvent,
  setRegistrationStatus,
  upsertRegistration,
  waitingPosition,
} from './event.repository';

/*
 * Places and the waiting list (issue 14, decision 0038). Every change to an event's registrations
 * runs in one transaction that first locks the event's row (SELECT … FOR UPDATE): registrations are
 * then counted and given out one at a time, so 200 people registering at once for 50 places get 50
 * places and 150 places on the waiting list, on PGlite (one connection) and PostgreSQL (a pool)
 * alike. The emails are queued in the same transaction: a registration is never without its email.
 */

/** Where the emails' links point: the organisation's apply site. */
export interface PlaceContext {
  siteBase: string;
}

const eventLink = (places: PlaceContext, eventId: string) => `${places.siteBase}/event/${eventId}`;

async function tell(
  db: Db,
  organization: OrganizationRecord,
  eventId: string,
  user: UserRecord,
  kind: EventEmailKind,
  places: PlaceContext,
): Promise<void> {
  const event = await lockEvent(db, organization.id, eventId);
  if (!event) return;
  await queueEventEmail(db, { organization, event, kind, user, link: eventLink(places, eventId) });
}

/** Gives the event's free places to the first on its waiting list, in order, each with an email. Inside a
 * transaction. */
export async function fillFreePlaces(
  trx: Db,
  organization: OrganizationRecord,
  eventId: string,
  places: PlaceContext,
): Promise<void> {
  const event = await lockEvent(trx, organization.id, eventId);
  if (!event) return;
  const free = event.capacity - (await countRegistered(trx, eventId));
  for (const waiting of await firstWaiting(trx, eventId, free)) {
    await setRegistrationStatus(trx, waiting.id, 'REGISTERED');
    const user = await findUserById(trx, waiting.user_id);
    if (user) await tell(trx, organization, eventId, user, 'promoted', places);
  }
}

export async function registrationView(
  db: Db,
  eventId: string,
  registration: EventRegistrationRow | undefined,
): Promise<MyRegistration> {
  if (!registration) return { eventId, status: null, waitingPosition: null, attendance: null, checkedInAt: null };
  return {
    eventId,
    status: registration.status,
    waitingPosition: await waitingPosition(db, registration),
    attendance: registration.attendance,
    checkedInAt: iso(registration.checked_in_at),
  };
}

export async function myRegistration(
  db: Db,
  organization: OrganizationRecord,
  user: UserRecord,
  eventId: string,
): Promise<MyRegistration> {
  const event = await publicEventRowOf(db, organization, eventId);
  return registrationView(db, event.id, await findRegistration(db, organization.id, event.id, { userId: user.id }));
}

export interface RegisterOptions {
  /** The registrant's answers to the event's questions (checked by the engine); none when a manager adds them. */
  answers?: Answers;
  /** A manager adds the candidate (POST /candidate/:id/events/:x): no questions, and the deadline does not apply. */
  byManager?: boolean;
  language?: string;
  places: PlaceContext;
}

/**
 * A place while there are places, else the waiting list. Registering again while registered or
 * waiting changes nothing (`created` false); a cancelled registration is taken up again.
 */
export async function register(
  db: Db,
  organization: OrganizationRecord,
  user: UserRecord,
  eventId: string,
  options: RegisterOptions,
): Promise<{ registration: EventRegistrationRow; created: boolean }> {
  const event = await publicEventRowOf(db, organization, eventId);
  let answers: Answers = {};
  if (!options.byManager) {
    if (user.user_type !== 'CANDIDATE') throw forbidden(message('candidatesOnlyEvents'));
    if (!registrationOpen(event))
      throw badRequest(
        message('eventRegistrationClosed', { date: (event.registration_deadline ?? event.start_at).toISOString() }),
      );
    const form = await eventForm(db, organization, event.questions, options.language ?? user.language ?? undefined);
    answers = acceptedAnswers(form, options.answers ?? {});
  }
  return db.transaction().execute(async (trx) => {
    const locked = await lockEvent(trx, organization.id, event.id);
    if (!locked) throw new Error(`event ${event.id} disappeared`);
    const existing = await findRegistration(trx, organization.id, event.id, { userId: user.id });
    if (existing && existing.status !== 'CANCELLED') return { registration: existing, created: false };
    const status = (await countRegistered(trx, event.id)) < locked.capacity ? 'REGISTERED' : 'WAITING';
    const registration = await upsertRegistration(trx, {
      organizationId: organization.id,
      eventId: event.id,
      userId: user.id,
      status,
      answers,
    });
    await queueEventEmail(trx, {
      organization,
      event: locked,
      kind: status === 'REGISTERED' ? 'registered' : 'waiting',
      user,
      link: eventLink(options.places, event.id),
    });
    return { registration, created: true };
  });
}

/** Gives up a place (or a place on the waiting list); a freed place goes to the first waiting. Harmless twice. */
export async function cancelRegistration(
  db: Db,
  organization: OrganizationRecord,
  user: UserRecord,
  eventId: string,
  places: PlaceContext,
): Promise<MyRegistration> {
  const event = await publicEventRowOf(db, organization, eventId);
  const registration = await db.transaction().execute(async (trx) => {
    await lockEvent(trx, organization.id, event.id);
    const existing = await findRegistration(trx, organization.id, event.id, { userId: user.id });
    if (!existing || existing.status === 'CANCELLED') return existing;
    const cancelled = await setRegistrationStatus(trx, existing.id, 'CANCELLED');
    if (existing.status === 'REGISTERED') await fillFreePlaces(trx, organization, event.id, places);
    return cancelled;
  });
  return registrationView(db, event.id, registration);
}
