import { DEFAULT_LANGUAGE, slotLabel } from '#engine';
import type { Db } from '../../db/client';
import type { OrganizationRecord } from '../../db/types';
import { queueEmail } from '../../email/email.service';
import { bookingLinkOf } from '../../lib/links';
import { interviewCalendar } from './calendar';
import type { InvitationContext } from './scheduling.repository';

/*
 * The emails of interview scheduling, in the candidate's language, through the job queue: the
 * invitation and its reminder (the booking link), and each change of the booking with its
 * calendar invitation (REQUEST with a higher SEQUENCE for a move, CANCEL for a cancellation).
 */

const localeOf = (language: string | null) => (!language || language === DEFAULT_LANGUAGE ? 'en-GB' : language);

/** An instant as the candidate reads it, with the zone named. */
function readable(slot: { start: Date; end: Date }, timeZone: string, language: string | null): string {
  return `${slotLabel(slot, timeZone, localeOf(language))} (${timeZone})`;
}

function dueText(dueAt: Date, timeZone: string, language: string | null): string {
  const text = new Intl.DateTimeFormat(localeOf(language), {
    timeZone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(dueAt);
  return `${text} (${timeZone})`;
}

export interface EmailSite {
  base: string;
  host: string;
}

export async function queueInvitationEmail(
  db: Db,
  organization: OrganizationRecord,
  context: InvitationContext,
  token: string,
  site: EmailSite,
  kind: 'interview_invitation' | 'interview_reminder',
): Promise<void> {
  await queueEmail(db, {
    organizationId: organization.id,
    userId: context.user_id,
    to: context.email,
    language: context.language,
    template: {
      kind,
      organizationName: organization.name,
      firstName: context.preferred_name ?? context.first_name,
      roleName: context.role_name,
      due: dueText(context.due_at, context.time_zone, context.language),
      link: bookingLinkOf(site.base, token),
    },
  });
}

export async function queueBookingEmail(
  db: Db,
  organization: OrganizationRecord,
  context: InvitationContext,
  slot: { start: Date; end: Date; location: string },
  sequence: number,
  site: EmailSite,
  kind: 'interview_booked' | 'interview_updated' | 'interview_cancelled',
): Promise<void> {
  const name = [context.preferred_name ?? context.first_name, context.last_name].filter(Boolean).join(' ');
  const calendar = interviewCalendar(
    {
      invitationId: context.id,
      sequence,
      start: slot.start,
      end: slot.end,
      title: `${context.title}: ${context.role_name} (${organization.name})`,
      description: `${organization.name}: ${context.role_name}`,
      location: slot.location,
      organizer: { name: organization.name, email: organization.support_email },
      attendee: { name: name || context.email, email: context.email },
    },
    kind === 'interview_cancelled' ? 'CANCEL' : 'REQUEST',
    site.host,
  );
  await queueEmail(db, {
    organizationId: organization.id,
    userId: context.user_id,
    to: context.email,
    language: context.language,
    template: {
      kind,
      organizationName: organization.name,
      firstName: context.preferred_name ?? context.first_name,
      roleName: context.role_name,
      when: readable(slot, context.time_zone, context.language),
      location: slot.location,
      link: `${site.base}/applications`,
    },
    calendar: { method: kind === 'interview_cancelled' ? 'CANCEL' : 'REQUEST', content: calendar },
  });
}
