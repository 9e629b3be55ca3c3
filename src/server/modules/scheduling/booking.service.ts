import {
  BOOKING_CUTOFF_HOURS,
  canChangeBooking,
  hasPlace,
  invitationState,
  isBookable,
  type InvitationState,
} from '#engine';
import { message } from '#schemas/messages';
import type { CurrentInterview, PublicInterview } from '#schemas/scheduling';
import type { Db } from '../../db/client';
import type { OrganizationRecord } from '../../db/types';
import { conflict, notFound } from '../../lib/http-error';
import { sha256 } from '../../lib/secrets';
import { isUuid } from '../../lib/uuid';
import type { Viewer } from '../../lib/viewer';
import { visibleApplication } from '../applications/application-access';
import { queueBookingEmail, type EmailSite } from './interview-emails';
import { setInterviewStatus } from './interview-status';
import {
  bumpSequence,
  cancelBookingRow,
  findInvitationByToken,
  findInvitationContext,
  findInvitations,
  findLiveBooking,
  findSlot,
  findSlots,
  insertBooking,
  lockInvitationByToken,
  releasePlace,
  takePlace,
  type LockedInvitation,
} from './scheduling.repository';

/*
 * Booking by link (issue 13, decision 0036): the token is the credential (only its hash is
 * stored), for one candidate, until the due date. Booking takes a place with a conditional UPDATE
 * inside a transaction that holds the invitation's row lock: the slot's capacity and the
 * one-booking-per-link rule hold however many requests arrive at once.
 */

const unknownLink = () => notFound(message('interviewUnknown'));
const iso = (date: Date) => date.toISOString();

/** The invitation of a token on this organisation's site (404 for an unknown token or another organisation's). */
async function invitationOfToken(db: Db, organization: OrganizationRecord, token: string) {
  const invitation = await findInvitationByToken(db, organization.id, sha256(token));
  if (!invitation) throw unknownLink();
  return invitation;
}

/** Public GET /interview/:token. */
export async function interviewOfToken(
  db: Db,
  organization: OrganizationRecord,
  token: string,
  now = new Date(),
): Promise<PublicInterview> {
  const invitation = await invitationOfToken(db, organization, token);
  return publicView(db, organization, invitation, now);
}

async function publicView(
  db: Db,
  organization: OrganizationRecord,
  invitation: LockedInvitation,
  now: Date,
): Promise<PublicInterview> {
  const context = await findInvitationContext(db, invitation.id);
  const live = await findLiveBooking(db, invitation.id);
  const state = invitationState(
    { dueAt: invitation.due_at, cancelledAt: invitation.cancelled_at, booked: live !== undefined },
    now,
  );
  const open = state === 'OPEN' || (state === 'BOOKED' && canChangeBooking(live!.starts_at, now));
  const slots =
    state === 'CANCELLED' || state === 'EXPIRED' ? [] : await findSlots(db, organization.id, [invitation.schedule_id]);
  return {
    state,
    organizationName: organization.name,
    roleName: context.role_name,
    stageName: organization.stages.find((s) => s.id === context.stage_id)?.name ?? '',
    title: context.title,
    firstName: context.preferred_name ?? context.first_name,
    timeZone: context.time_zone,
    dueAt: iso(invitation.due_at),
    canChange: state === 'BOOKED' && open,
    cutoffHours: BOOKING_CUTOFF_HOURS,
    slots: slots
      .filter((s) => s.id === live?.slot_id || s.starts_at.getTime() > now.getTime())
      .map((s) => ({
        id: s.id,
        parentStartDateTime: iso(s.parent_starts_at),
        parentEndDateTime: iso(s.parent_ends_at),
        startDateTime: iso(s.starts_at),
        endDateTime: iso(s.ends_at),
        numberOfInterviewers: s.interviewer_ids.length,
        location: s.location,
        selectedTime: s.id === live?.slot_id ? iso(s.starts_at) : null,
        available: open && s.id !== live?.slot_id && hasPlace(s) && isBookable(s.starts_at, now),
      })),
  };
}

/**
 * Puts the locked invitation's booking in `slotId` (a first booking or a move): one place taken
 * (409 when none is left), the old place given back, the stage status SCHEDULED, the calendar
 * invitation sent (REQUEST; a move raises its SEQUENCE). The caller has checked who may do it.
 */
export async function placeBooking(
  trx: Db,
  organization: OrganizationRecord,
  invitation: LockedInvitation,
  slotId: string,
  options: { actorId: string | null; site: EmailSite; now: Date; selectedTime?: string },
): Promise<void> {
  const slot = isUuid(slotId) ? await findSlot(trx, organization.id, invitation.schedule_id, slotId) : undefined;
  if (!slot) throw conflict(message('interviewSlotGone'));
  if (options.selectedTime !== undefined && Date.parse(options.selectedTime) !== slot.starts_at.getTime())
    throw conflict(message('interviewSlotGone'));
  const live = await findLiveBooking(trx, invitation.id);
  if (live?.slot_id === slot.id) return;
  if (!isBookable(slot.starts_at, options.now)) throw conflict(message('interviewSlotGone'));
  if (!(await takePlace(trx, slot.id))) throw conflict(message('interviewSlotTaken'));
  if (live) {
    await cancelBookingRow(trx, live.id);
    await releasePlace(trx, live.slot_id);
  }
  await insertBooking(trx, { organizationId: organization.id, invitationId: invitation.id, slotId: slot.id });
  const sequence = live ? await bumpSequence(trx, invitation.id) : invitation.sequence;
  const context = await findInvitationContext(trx, invitation.id);
  await setInterviewStatus(
    trx,
    organization,
    invitation.application_id,
    context.stage_id,
    'SCHEDULED',
    options.actorId,
  );
  await queueBookingEmail(
    trx,
    organization,
    context,
    { start: slot.starts_at, end: slot.ends_at, location: slot.location },
    sequence,
    options.site,
    live ? 'interview_updated' : 'interview_booked',
  );
}

/**
 * Cancels the locked invitation's live booking, if any: the place given back, the calendar
 * cancellation sent (METHOD:CANCEL, SEQUENCE raised). Answers whether there was one.
 */
export async function dropBooking(
  trx: Db,
  organization: OrganizationRecord,
  invitation: LockedInvitation,
  site: EmailSite,
): Promise<boolean> {
  const live = await findLiveBooking(trx, invitation.id);
  if (!live) return false;
  await cancelBookingRow(trx, live.id);
  await releasePlace(trx, live.slot_id);
  const sequence = await bumpSequence(trx, invitation.id);
  const context = await findInvitationContext(trx, invitation.id);
  await queueBookingEmail(
    trx,
    organization,
    context,
    { start: live.starts_at, end: live.ends_at, location: live.location },
    sequence,
    site,
    'interview_cancelled',
  );
  return true;
}

/** Refuses a change the link no longer allows: cancelled, expired, or past the cut-off of the booked time. */
async function assertCandidateMayChange(trx: Db, invitation: LockedInvitation, now: Date): Promise<void> {
  const live = await findLiveBooking(trx, invitation.id);
  const state: InvitationState = invitationState(
    { dueAt: invitation.due_at, cancelledAt: invitation.cancelled_at, booked: live !== undefined },
    now,
  );
  if (state === 'CANCELLED') throw conflict(message('interviewCancelled'));
  if (state === 'EXPIRED') throw conflict(message('interviewExpired'));
  if (live && !canChangeBooking(live.starts_at, now)) throw conflict(message('interviewTooLate'));
}

/** Public PUT /interview/:token (spec §7: id, selectedTime). */
export async function bookByToken(
  db: Db,
  organization: OrganizationRecord,
  token: string,
  body: { id: string; selectedTime: string },
  site: EmailSite,
  now = new Date(),
): Promise<PublicInterview> {
  const invitation = await db.transaction().execute(async (trx) => {
    const locked = await lockInvitationByToken(trx, organization.id, sha256(token));
    if (!locked) throw unknownLink();
    await assertCandidateMayChange(trx, locked, now);
    await placeBooking(trx, organization, locked, body.id, {
      actorId: null,
      site,
      now,
      selectedTime: body.selectedTime,
    });
    return locked;
  });
  return publicView(db, organization, invitation, now);
}

/** Public DELETE /interview/:token: the candidate cancels (until the cut-off); stage status back to INVITED. */
export async function cancelByToken(
  db: Db,
  organization: OrganizationRecord,
  token: string,
  site: EmailSite,
  now = new Date(),
): Promise<PublicInterview> {
  const invitation = await db.transaction().execute(async (trx) => {
    const locked = await lockInvitationByToken(trx, organization.id, sha256(token));
    if (!locked) throw unknownLink();
    await assertCandidateMayChange(trx, locked, now);
    if (await dropBooking(trx, organization, locked, site)) {
      const context = await findInvitationContext(trx, locked.id);
      await setInterviewStatus(trx, organization, locked.application_id, context.stage_id, 'INVITED', null);
    }
    return locked;
  });
  return publicView(db, organization, invitation, now);
}

/**
 * Spec §7 GET /candidate/:id/:x/getCurrentInterview: the newest invitation of the application
 * for stage x ('current': the application's present stage). Only a hash of the link's token is
 * kept, so the link itself lives in the candidate's email.
 */
export async function currentInterview(
  db: Db,
  viewer: Viewer,
  applicationId: string,
  x: string,
  now = new Date(),
): Promise<CurrentInterview> {
  const application = await visibleApplication(db, viewer, applicationId);
  const stageId = x === 'current' ? (application.stage_id ?? undefined) : Number(x);
  const invitations = await findInvitations(db, viewer.organization.id, { applicationId: application.id });
  if (invitations.length === 0 || stageId === undefined || !Number.isInteger(stageId)) return { interview: null };
  const contexts = await Promise.all(invitations.map((i) => findInvitationContext(db, i.id)));
  const matching = invitations
    .map((invitation, index) => ({ invitation, context: contexts[index]! }))
    .filter((m) => m.context.stage_id === stageId);
  const newest = matching.at(-1);
  if (!newest) return { interview: null };
  const { invitation, context } = newest;
  const state = invitationState(
    { dueAt: invitation.due_at, cancelledAt: invitation.cancelled_at, booked: invitation.booking_id !== null },
    now,
  );
  return {
    interview: {
      state,
      scheduleTitle: context.title,
      stageName: viewer.organization.stages.find((s) => s.id === stageId)?.name ?? '',
      dueAt: iso(invitation.due_at),
      timeZone: context.time_zone,
      startDateTime: invitation.slot_starts_at ? iso(invitation.slot_starts_at) : null,
      endDateTime: invitation.slot_ends_at ? iso(invitation.slot_ends_at) : null,
      location: invitation.slot_location ?? null,
    },
  };
}
