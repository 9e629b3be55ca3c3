import { message } from '#schemas/messages';
import type { Db } from '../../db/client';
import type { OrganizationRecord } from '../../db/types';
import { notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/uuid';
import type { EventRow } from '../../db/types';
import { findEvent, findEventRow, type EventWithCounts } from './event.repository';

/* Finding an event for a caller: another organisation's, a malformed id or (for candidates) an archived one: 404. */

const noEvent = (id: string) => notFound(message('noEvent', { id }));

export const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** Registration is open until the deadline (or the start when there is none), for events not archived. */
export function registrationOpen(event: Pick<EventWithCounts, 'archived' | 'start_at' | 'registration_deadline'>) {
  const closes = event.registration_deadline ?? event.start_at;
  return !event.archived && closes.getTime() > Date.now();
}

/** An event of the organisation, archived or not; anything else (another organisation's, a malformed id) a 404. */
export async function eventOf(db: Db, organization: OrganizationRecord, id: string): Promise<EventWithCounts> {
  const event = isUuid(id) ? await findEvent(db, organization.id, id.toLowerCase()) : undefined;
  if (!event) throw noEvent(id);
  return event;
}

/** A public event: archived events are no longer shown to candidates. */
export async function publicEventOf(db: Db, organization: OrganizationRecord, id: string): Promise<EventWithCounts> {
  const event = await eventOf(db, organization, id);
  if (event.archived) throw noEvent(id);
  return event;
}

/** A public event's row without its counts (registration, check-in): cheaper when many call at once. */
export async function publicEventRowOf(db: Db, organization: OrganizationRecord, id: string): Promise<EventRow> {
  const event = isUuid(id) ? await findEventRow(db, organization.id, id.toLowerCase()) : undefined;
  if (!event || event.archived) throw noEvent(id);
  return event;
}
