import type { EventType } from '#schemas/events';
import type { Db } from '../db/client';
import { DEFAULT_EVENT_QUESTIONS } from '../modules/events/event-form';
import { insertEvent, setAttendance, upsertRegistration } from '../modules/events/event.repository';
import { findOrganizationByKey } from '../modules/organizations/organization.repository';

/*
 * Demo events (issue 14): each demo organisation gets two upcoming events and a past one, once. The
 * past one has registrants (demo candidates with applications) marked Attended or No show, so the
 * candidate page and the pipeline's attendance filter show something; the upcoming insight day has a
 * few registrants. No emails are queued for them.
 */

const DAY = 24 * 3600_000;

interface DemoEvent {
  title: string;
  type: EventType;
  description: string;
  /** Days from today (negative: past) and the hours of the day it runs, in UTC. */
  inDays: number;
  hours: [number, number];
  place: string | null;
  onlineLink: string | null;
  capacity: number;
  /** Registrants among the demo candidates, and how many of them attended (the rest: no show). */
  registrants: number;
  attended?: number;
}

const DEMO_EVENTS: readonly DemoEvent[] = [
  {
    title: 'Graduate insight day',
    type: 'INSIGHT_DAY',
    description:
      'Spend a day with our graduates: how the programme works, what a first year looks like, and a case study in teams. Lunch is provided.',
    inDays: 14,
    hours: [9, 16],
    place: '1 Canada Square, London E14 5AB',
    onlineLink: null,
    capacity: 30,
    registrants: 3,
  },
  {
    title: 'Online open evening',
    type: 'WEBINAR',
    description: 'An hour with our recruiters and recent joiners, with time for your questions.',
    inDays: 21,
    hours: [17, 18],
    place: null,
    onlineLink: 'https://meet.example.com/open-evening',
    capacity: 100,
    registrants: 0,
  },
  {
    title: 'Autumn assessment centre',
    type: 'ASSESSMENT_CENTRE',
    description: 'Group exercise, presentation and interviews for shortlisted candidates.',
    inDays: -20,
    hours: [9, 17],
    place: '1 Canada Square, London E14 5AB',
    onlineLink: null,
    capacity: 12,
    registrants: 6,
    attended: 4,
  },
];

async function hasEvents(db: Db, organizationId: string): Promise<boolean> {
  const row = await db
    .selectFrom('events')
    .select('id')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Candidates of the organisation with a submitted application, the earliest first. */
async function demoCandidates(db: Db, organizationId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('applications')
    .select('user_id')
    .distinct()
    .where('organization_id', '=', organizationId)
    .where('state', '<>', 'DRAFT')
    .orderBy('user_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}

export async function seedDemoEvents(db: Db, subdomains: readonly string[], now: Date = new Date()): Promise<number> {
  let created = 0;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (const subdomain of subdomains) {
    const organization = await findOrganizationByKey(db, subdomain);
    if (!organization || (await hasEvents(db, organization.id))) continue;
    const people = await demoCandidates(db, organization.id, 10);
    for (const demo of DEMO_EVENTS) {
      const day = today + demo.inDays * DAY;
      const eventId = await insertEvent(db, organization.id, {
        title: demo.title,
        description: demo.description,
        type: demo.type,
        start_at: new Date(day + demo.hours[0] * 3600_000),
        end_at: new Date(day + demo.hours[1] * 3600_000),
        place: demo.place,
        online_link: demo.onlineLink,
        capacity: demo.capacity,
        registration_deadline: null,
        role_ids: [],
        questions: DEFAULT_EVENT_QUESTIONS,
      });
      created += 1;
      for (const [i, userId] of people.slice(0, demo.registrants).entries()) {
        const registration = await upsertRegistration(db, {
          organizationId: organization.id,
          eventId,
          userId,
          status: 'REGISTERED',
          answers: { eventHeardFrom: 'University careers service' },
        });
        if (demo.attended !== undefined)
          await setAttendance(db, registration.id, i < demo.attended ? 'Attended' : 'No show', i < demo.attended);
      }
    }
  }
  return created;
}
