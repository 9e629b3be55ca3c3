import { normaliseEmail } from '#engine';
import type { Attendance, Attendee } from '#schemas/events';
import { message } from '#schemas/messages';
import type { Db } from '../../db/client';
import type { OrganizationRecord } from '../../db/types';
import { badRequest, notFound, tooManyRequests } from '../../lib/http-error';
import { sha256 } from '../../lib/secrets';
import { isUuid } from '../../lib/uuid';
import { eventOf, publicEventRowOf } from './event-lookup';
import {
  countCheckInFailures,
  findAttendees,
  findRegistration,
  findUserIdByEmail,
  recordCheckInAttempt,
  setAttendance,
} from './event.repository';
import { attendeeView } from './event.service';

/*
 * Check-in at the door (issue 14, decision 0039). The QR code opens /event/:id/qr-check-in, where a
 * registrant types their email. An email with no place at this event gets one neutral answer,
 * whether or not it has an account (nothing to learn about who else is registered or signed up);
 * failures are counted per client address and per email typed, like sign-in (auth's rate limits),
 * and too many answer 429. Checking in twice changes nothing. Staff mark Attended or No show.
 */

/** Failed check-ins allowed in the window: per address (a venue's Wi-Fi is one address for everyone, so it is
 * generous) and per email typed. */
const CHECK_IN_WINDOW_MINUTES = 15;
const CHECK_IN_FAILURES_PER_ADDRESS = 20;
const CHECK_IN_FAILURES_PER_EMAIL = 5;

export interface CheckInCaller {
  ip: string;
}

export async function qrCheckIn(
  db: Db,
  organization: OrganizationRecord,
  eventId: string,
  email: string,
  caller: CheckInCaller,
): Promise<{ checkedIn: true; alreadyCheckedIn: boolean; firstName: string | null }> {
  const event = await publicEventRowOf(db, organization, eventId);
  const typed = normaliseEmail(email);
  const emailKey = sha256(`${event.id}:${typed}`);
  const failures = await countCheckInFailures(db, caller.ip, emailKey, CHECK_IN_WINDOW_MINUTES);
  if (failures.byAddress >= CHECK_IN_FAILURES_PER_ADDRESS || failures.byEmail >= CHECK_IN_FAILURES_PER_EMAIL)
    throw tooManyRequests(
      message('tooManyCheckIns', { minutes: CHECK_IN_WINDOW_MINUTES }),
      CHECK_IN_WINDOW_MINUTES * 60,
    );
  const userId = typed ? await findUserIdByEmail(db, organization.id, typed) : undefined;
  const registration = userId ? await findRegistration(db, organization.id, event.id, { userId }) : undefined;
  const attempt = { organizationId: organization.id, eventId: event.id, ip: caller.ip, emailKey };
  if (!registration || registration.status !== 'REGISTERED') {
    await recordCheckInAttempt(db, { ...attempt, succeeded: false });
    throw badRequest(message('checkInNotRegistered'), [{ field: 'email', ...message('checkInNotRegistered') }]);
  }
  await recordCheckInAttempt(db, { ...attempt, succeeded: true });
  const alreadyCheckedIn = registration.checked_in_at !== null;
  if (!alreadyCheckedIn || registration.attendance !== 'Attended')
    await setAttendance(db, registration.id, 'Attended', true);
  const [row] = await findAttendees(db, organization.id, event.id, undefined, registration.id);
  return { checkedIn: true, alreadyCheckedIn, firstName: row?.first_name ?? null };
}

/** Staff mark a registrant with a place Attended or No show (null clears the mark). */
export async function markAttendance(
  db: Db,
  organization: OrganizationRecord,
  eventId: string,
  registrationId: string,
  attendance: Attendance | null,
): Promise<Attendee> {
  const event = await eventOf(db, organization, eventId);
  const registration = isUuid(registrationId)
    ? await findRegistration(db, organization.id, event.id, { registrationId: registrationId.toLowerCase() })
    : undefined;
  if (!registration) throw notFound(`No registration with id '${registrationId}' for this event.`);
  if (registration.status !== 'REGISTERED')
    throw badRequest('Only registrants with a place can be marked Attended or No show');
  await setAttendance(db, registration.id, attendance, attendance === 'Attended');
  const [row] = await findAttendees(db, organization.id, event.id, undefined, registration.id);
  return attendeeView(row!);
}
