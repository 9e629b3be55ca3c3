import ICAL from 'ical.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePosition, zonedDate } from '#engine';
import type { ApiError } from '#schemas/api';
import type {
  CandidateInterview,
  CoachingSession,
  CurrentInterview,
  Feedback,
  InvitationView,
  PublicInterview,
  ScheduleView,
} from '#schemas/scheduling';
import type { Db } from '#server/db/client';
import { json } from '#server/db/json';
import type { OrganizationRecord } from '#server/db/types';
import type { OutgoingEmail } from '#server/email/mail-transport';
import { findOrganizationByKey } from '#server/modules/organizations/organization.repository';
import { createUser } from '#server/seed/factories';
import { roleIdByName } from '../helpers/applications';
import { DEMO_PASSWORD, deliverEmails, signIn, v1 } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * Issue 13: interview scheduling through app.inject, on PGlite and (server-pg) PostgreSQL. The
 * concurrency tests fire their requests at once with Promise.all on one app.
 */

let t: TestApp;
let db: Db;
let acme: OrganizationRecord;
let recruiter: string;
let recruiterId: string;
let hartleyManager: string;
let strategy: string;

const ACME = { host: 'acme.localhost' };
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  db = t.db;
  acme = (await findOrganizationByKey(db, 'acme'))!;
  recruiter = (await signIn(t.app, 'recruiter@acme.example', DEMO_PASSWORD)).access_token;
  hartleyManager = (await signIn(t.app, 'recruiter@hartley.example', DEMO_PASSWORD, 'hartley')).access_token;
  recruiterId = (
    await db.selectFrom('users').select('id').where('email', '=', 'recruiter@acme.example').executeTakeFirstOrThrow()
  ).id;
  strategy = await roleIdByName(db, 'acme', 'Graduate Consultant, Strategy');
}, 60_000);
afterAll(() => t?.close());

/** `count` submitted applications at the interview stage (3, "To invite"), by new candidates. */
async function candidatesAtInterview(count: number, language: string | null = null) {
  const position = resolvePosition(acme.stages, 3)!;
  const users = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      createUser(db, { organizationId: acme.id, firstName: 'Ada', lastName: `Lovelace ${i}` }),
    ),
  );
  if (language)
    await db
      .updateTable('users')
      .set({ language })
      .where(
        'id',
        'in',
        users.map((u) => u.id),
      )
      .execute();
  const rows = await db
    .insertInto('applications')
    .values(
      users.map((u) => ({
        organization_id: acme.id,
        role_id: strategy,
        user_id: u.id,
        state: 'SUBMITTED' as const,
        candidate_status: 'ACTIVE' as const,
        answers: json({}),
        stage_id: position.stageId,
        substage_id: position.substageId,
        stage_status: position.stageStatus,
        applied_at: new Date(),
      })),
    )
    .returning(['id', 'user_id'])
    .execute();
  return rows.map((r) => ({ id: r.id, email: users.find((u) => u.id === r.user_id)!.email }));
}

/** A date `days` from now in London, YYYY-MM-DD. */
const inDays = (days: number) => zonedDate(new Date(Date.now() + days * DAY), 'Europe/London');

function scheduleBody(applicationIds: string[], overrides: Record<string, unknown> = {}) {
  return {
    roleId: strategy,
    stageId: 3,
    title: 'First interviews',
    timeZone: 'Europe/London',
    dueDays: 7,
    days: [
      {
        date: inDays(10),
        start: '09:00',
        duration: 45,
        slots: 3,
        capacity: 1,
        location: 'Room 4, 1 Acme Street',
        interviewerIds: [recruiterId],
      },
    ],
    applicationIds,
    ...overrides,
  };
}

async function createSchedule(body: object): Promise<ScheduleView> {
  const res = await v1(t.app, recruiter, 'POST', '/organization/acme/interview-schedules', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ schedule: ScheduleView }>().schedule;
}

/** The booking tokens emailed to each address. */
async function tokensFrom(messages: readonly OutgoingEmail[]): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  for (const m of messages) {
    const token = /\/interview\/([A-Za-z0-9_-]{43})/.exec(m.link ?? '')?.[1];
    if (token) tokens.set(m.to, token);
  }
  return tokens;
}

const getInterview = (token: string, headers = ACME) =>
  t.app.inject({ method: 'GET', url: `/api/public/interview/${token}`, headers });
const book = (token: string, slot: { id: string; startDateTime: string }, headers = ACME) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/public/interview/${token}`,
    headers,
    payload: { id: slot.id, selectedTime: slot.startDateTime },
  });

async function stageOf(applicationId: string) {
  return db
    .selectFrom('applications')
    .select(['substage_id', 'stage_status'])
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
}

function calendarOf(message: OutgoingEmail) {
  expect(message.calendar, `${message.subject} has a calendar invitation`).toBeDefined();
  const component = new ICAL.Component(ICAL.parse(message.calendar!.content) as unknown[]);
  const event = component.getFirstSubcomponent('vevent')!;
  return {
    method: component.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate(),
    status: event.getFirstPropertyValue('status'),
  };
}

describe('the wizard: a schedule and its invitations', () => {
  it('refuses bad slots, naming the field', async () => {
    const [a] = await candidatesAtInterview(1);
    const bad = async (overrides: Record<string, unknown>, field: string) => {
      const res = await v1(t.app, recruiter, 'POST', '/organization/acme/interview-schedules', {
        ...scheduleBody([a!.id]),
        ...overrides,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<ApiError>().errors?.map((e) => e.field)).toContain(field);
    };
    const day = scheduleBody([])['days'] as Record<string, unknown>[];
    await bad({ days: [{ ...day[0], start: '09:10' }] }, 'days.0.start');
    await bad({ days: [{ ...day[0], duration: 50 }] }, 'days.0.duration');
    await bad({ days: [{ ...day[0], interviewerIds: Array(6).fill(recruiterId) }] }, 'days.0.interviewerIds');
    await bad({ days: Array(6).fill(day[0]) }, 'days');
    await bad({ days: [{ ...day[0], date: inDays(-2) }] }, 'days.0.date');
    await bad({ stageId: 1 }, 'stageId');
    await bad({ dueDays: 29 }, 'dueDays');
    await bad({ timeZone: 'Mars/Olympus' }, 'timeZone');
    const [applied] = await candidatesAtInterview(1);
    await db
      .updateTable('applications')
      .set({ stage_id: 1, substage_id: '1-new' })
      .where('id', '=', applied!.id)
      .execute();
    await bad({ applicationIds: [applied!.id] }, 'applicationIds');
  });

  it('invites each candidate with their own link in their language; stage status INVITED', async () => {
    await deliverEmails(db);
    const candidates = await candidatesAtInterview(2, 'fr');
    const schedule = await createSchedule(scheduleBody(candidates.map((c) => c.id)));
    expect(schedule.slots).toHaveLength(3);
    expect(schedule.slots[0]!.interviewers[0]!.id).toBe(recruiterId);
    expect(schedule.invitations.map((i) => i.state)).toEqual(['OPEN', 'OPEN']);
    for (const c of candidates)
      expect(await stageOf(c.id)).toEqual({ substage_id: '3-invited', stage_status: 'INVITED' });
    const messages = await deliverEmails(db);
    const tokens = await tokensFrom(messages);
    expect(new Set(tokens.values()).size).toBe(2);
    const french = messages.find((m) => m.to === candidates[0]!.email)!;
    expect(french.link).toContain('language=fr');
    expect(french.subject).not.toMatch(/^Book your interview/);
    // Only a hash is stored.
    const stored = await db.selectFrom('interview_invitations').select('token_hash').execute();
    for (const token of tokens.values()) expect(stored.map((s) => s.token_hash)).not.toContain(token);
    // A second invitation while one is open is refused.
    const again = await v1(
      t.app,
      recruiter,
      'POST',
      '/organization/acme/interview-schedules',
      scheduleBody([candidates[0]!.id]),
    );
    expect(again.statusCode).toBe(409);
  });

  it("another organisation's manager and a candidate cannot use the calls", async () => {
    const candidate = (await signIn(t.app, 'candidate@acme.example', DEMO_PASSWORD)).access_token;
    expect((await v1(t.app, candidate, 'GET', '/organization/acme/interview-schedules')).statusCode).toBe(403);
    const list = await v1(t.app, hartleyManager, 'GET', '/organization/hartley/interview-schedules?subdomain=hartley');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<ScheduleView[]>()).toEqual([]);
  });
});

describe('booking by link', () => {
  it('shows the slots, books one, sends a calendar REQUEST, and moves the stage to SCHEDULED', async () => {
    await deliverEmails(db);
    const [c] = await candidatesAtInterview(1);
    const schedule = await createSchedule(scheduleBody([c!.id]));
    const token = (await tokensFrom(await deliverEmails(db))).get(c!.email)!;

    const page = await getInterview(token);
    expect(page.statusCode, page.body).toBe(200);
    const view = page.json<PublicInterview>();
    expect(view).toMatchObject({ state: 'OPEN', roleName: 'Graduate Consultant, Strategy', timeZone: 'Europe/London' });
    expect(view.slots.filter((s) => s.available)).toHaveLength(3);

    const booked = await book(token, view.slots[1]!);
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json<PublicInterview>().state).toBe('BOOKED');
    expect(booked.json<PublicInterview>().slots[1]!.selectedTime).toBe(view.slots[1]!.startDateTime);
    expect(await stageOf(c!.id)).toEqual({ substage_id: '3-scheduled', stage_status: 'SCHEDULED' });
    const [confirmation] = await deliverEmails(db);
    const ics = calendarOf(confirmation!);
    expect(ics).toMatchObject({ method: 'REQUEST', sequence: 0, status: 'CONFIRMED' });
    expect(ics.start.toISOString()).toBe(new Date(view.slots[1]!.startDateTime).toISOString());
    expect(confirmation!.text).toContain('(Europe/London)');

    // Rebook: the same UID, SEQUENCE 1; cancel: METHOD:CANCEL, SEQUENCE 2, stage back to INVITED.
    expect((await book(token, view.slots[2]!)).statusCode).toBe(200);
    const moved = calendarOf((await deliverEmails(db))[0]!);
    expect(moved).toMatchObject({ method: 'REQUEST', uid: ics.uid, sequence: 1 });
    const slots = await db
      .selectFrom('interview_slots')
      .select(['id', 'booked'])
      .where('schedule_id', '=', schedule.id)
      .execute();
    expect(slots.find((s) => s.id === view.slots[1]!.id)!.booked).toBe(0);
    expect(slots.find((s) => s.id === view.slots[2]!.id)!.booked).toBe(1);
    const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/public/interview/${token}`, headers: ACME });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<PublicInterview>().state).toBe('OPEN');
    expect(calendarOf((await deliverEmails(db))[0]!)).toMatchObject({ method: 'CANCEL', uid: ics.uid, sequence: 2 });
    expect(await stageOf(c!.id)).toEqual({ substage_id: '3-invited', stage_status: 'INVITED' });
  });

  it('answers unknown and other organisations’ tokens 404; expired and cancelled ones a clear state', async () => {
    await deliverEmails(db);
    const [a, b] = await candidatesAtInterview(2);
    const schedule = await createSchedule(scheduleBody([a!.id, b!.id]));
    const tokens = await tokensFrom(await deliverEmails(db));
    const unknown = await getInterview('x'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ApiError>().code).toBe('interviewUnknown');
    expect((await getInterview(tokens.get(a!.email)!, { host: 'hartley.localhost' })).statusCode).toBe(404);

    await db
      .updateTable('interview_invitations')
      .set({ due_at: new Date(Date.now() - 60_000) })
      .where('application_id', '=', a!.id)
      .execute();
    const expired = await getInterview(tokens.get(a!.email)!);
    expect(expired.json<PublicInterview>()).toMatchObject({ state: 'EXPIRED', slots: [] });
    const late = await book(tokens.get(a!.email)!, schedule.slots[0]!);
    expect(late.statusCode).toBe(409);
    expect(late.json<ApiError>().code).toBe('interviewExpired');
    // A reminder after the due date sends a new link with a new due date; the old link stops working.
    await deliverEmails(db);
    const expiredInvitation = schedule.invitations.find((i) => i.applicationId === a!.id)!;
    const reminded = await v1(
      t.app,
      recruiter,
      'POST',
      `/organization/acme/interview-invitations/${expiredInvitation.id}/remind`,
    );
    expect(reminded.statusCode, reminded.body).toBe(200);
    expect(reminded.json<InvitationView>().state).toBe('OPEN');
    const fresh = (await tokensFrom(await deliverEmails(db))).get(a!.email)!;
    expect((await getInterview(fresh)).json<PublicInterview>().state).toBe('OPEN');
    expect((await getInterview(tokens.get(a!.email)!)).statusCode).toBe(404);

    const invitation = schedule.invitations.find((i) => i.applicationId === b!.id)!;
    const cancel = await v1(
      t.app,
      recruiter,
      'POST',
      `/organization/acme/interview-invitations/${invitation.id}/cancel`,
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json<InvitationView>().state).toBe('CANCELLED');
    expect((await getInterview(tokens.get(b!.email)!)).json<PublicInterview>().state).toBe('CANCELLED');
    expect((await book(tokens.get(b!.email)!, schedule.slots[0]!)).json<ApiError>().code).toBe('interviewCancelled');
    expect(await stageOf(b!.id)).toEqual({ substage_id: '3-to-invite', stage_status: 'PENDING' });
  });

  it('closing booking expires the links of those who have not booked, keeps bookings, and is 404 elsewhere', async () => {
    await deliverEmails(db);
    const [a, b, c] = await candidatesAtInterview(3);
    const schedule = await createSchedule(scheduleBody([a!.id, b!.id, c!.id]));
    const tokens = await tokensFrom(await deliverEmails(db));
    expect((await book(tokens.get(a!.email)!, schedule.slots[0]!)).statusCode).toBe(200);
    const cancelled = schedule.invitations.find((i) => i.applicationId === c!.id)!;
    await v1(t.app, recruiter, 'POST', `/organization/acme/interview-invitations/${cancelled.id}/cancel`);
    const path = `/organization/acme/interview-schedules/${schedule.id}/close-booking`;

    // Another organisation's manager, a malformed id and an unknown one: 404, nothing closed.
    expect((await v1(t.app, hartleyManager, 'POST', path.replace('/acme/', '/hartley/'))).statusCode).toBe(404);
    expect(
      (await v1(t.app, recruiter, 'POST', '/organization/acme/interview-schedules/nope/close-booking')).statusCode,
    ).toBe(404);
    expect((await getInterview(tokens.get(b!.email)!)).json<PublicInterview>().state).toBe('OPEN');

    const closed = await v1(t.app, recruiter, 'POST', path);
    expect(closed.statusCode, closed.body).toBe(200);
    const answer = closed.json<{ schedule: ScheduleView; closed: number }>();
    expect(answer.closed).toBe(1);
    const stateOf = (id: string) => answer.schedule.invitations.find((i) => i.applicationId === id)!.state;
    expect([stateOf(a!.id), stateOf(b!.id), stateOf(c!.id)]).toEqual(['BOOKED', 'EXPIRED', 'CANCELLED']);
    // The link now reads as past its due date and cannot book; the booked candidate keeps their time.
    expect((await getInterview(tokens.get(b!.email)!)).json<PublicInterview>().state).toBe('EXPIRED');
    expect((await book(tokens.get(b!.email)!, schedule.slots[1]!)).json<ApiError>().code).toBe('interviewExpired');
    expect((await getInterview(tokens.get(a!.email)!)).json<PublicInterview>().state).toBe('BOOKED');
    // Closing again closes nothing more.
    expect((await v1(t.app, recruiter, 'POST', path)).json<{ closed: number }>().closed).toBe(0);
  });

  it('refuses a stale page: the slot must start at selectedTime', async () => {
    await deliverEmails(db);
    const [c] = await candidatesAtInterview(1);
    const schedule = await createSchedule(scheduleBody([c!.id]));
    const token = (await tokensFrom(await deliverEmails(db))).get(c!.email)!;
    const res = await book(token, { id: schedule.slots[0]!.id, startDateTime: schedule.slots[1]!.startDateTime });
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiError>().code).toBe('interviewSlotGone');
  });
});

describe('race-safe booking', () => {
  it('100 concurrent bookings of a slot of capacity 3: exactly 3 succeed, the rest are told it was taken', async () => {
    await deliverEmails(db);
    const candidates = await candidatesAtInterview(100);
    const body = scheduleBody(
      candidates.map((c) => c.id),
      {
        days: [
          {
            date: inDays(12),
            start: '10:00',
            duration: 60,
            slots: 1,
            capacity: 3,
            location: 'Video: https://meet.example/acme',
            interviewerIds: [],
          },
        ],
      },
    );
    const schedule = await createSchedule(body);
    const tokens = await tokensFrom(await deliverEmails(db));
    expect(tokens.size).toBe(100);
    const slot = schedule.slots[0]!;
    const answers = await Promise.all([...tokens.values()].map((token) => book(token, slot)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(97);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json<ApiError>()).toMatchObject({
        code: 'interviewSlotTaken',
        message: 'This time has just been taken. Please choose another time.',
      });
    const stored = await db
      .selectFrom('interview_slots')
      .select('booked')
      .where('id', '=', slot.id)
      .executeTakeFirstOrThrow();
    expect(stored.booked).toBe(3);
    const live = await db
      .selectFrom('interview_bookings')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('slot_id', '=', slot.id)
      .where('status', '=', 'BOOKED')
      .executeTakeFirstOrThrow();
    expect(Number(live.n)).toBe(3);
  }, 120_000);

  it('one link booked twice at once keeps one booking', async () => {
    await deliverEmails(db);
    const [c] = await candidatesAtInterview(1);
    const schedule = await createSchedule(scheduleBody([c!.id]));
    const token = (await tokensFrom(await deliverEmails(db))).get(c!.email)!;
    const answers = await Promise.all(schedule.slots.flatMap((s) => [book(token, s), book(token, s)]));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const bookings = await db
      .selectFrom('interview_bookings as b')
      .innerJoin('interview_invitations as i', 'i.id', 'b.invitation_id')
      .select(['b.slot_id'])
      .where('i.application_id', '=', c!.id)
      .where('b.status', '=', 'BOOKED')
      .execute();
    expect(bookings).toHaveLength(1);
    const slots = await db
      .selectFrom('interview_slots')
      .select(['id', 'booked'])
      .where('schedule_id', '=', schedule.id)
      .execute();
    expect(slots.reduce((sum, s) => sum + s.booked, 0)).toBe(1);
    expect(slots.find((s) => s.booked === 1)!.id).toBe(bookings[0]!.slot_id);
  });
});

describe('the overview, moves, reminders and feedback', () => {
  it('lists per role and stage, reminds, moves a booking (candidate told) and records feedback', async () => {
    await deliverEmails(db);
    const [a, b] = await candidatesAtInterview(2);
    const schedule = await createSchedule(scheduleBody([a!.id, b!.id]));
    const tokens = await tokensFrom(await deliverEmails(db));
    expect((await book(tokens.get(a!.email)!, schedule.slots[0]!)).statusCode).toBe(200);
    await deliverEmails(db);

    const list = await v1(
      t.app,
      recruiter,
      'GET',
      `/organization/acme/interview-schedules?roleId=${strategy}&stageId=3`,
    );
    const mine = list.json<ScheduleView[]>().find((s) => s.id === schedule.id)!;
    const invitationA = mine.invitations.find((i) => i.applicationId === a!.id)!;
    const invitationB = mine.invitations.find((i) => i.applicationId === b!.id)!;
    expect(invitationA).toMatchObject({ state: 'BOOKED', booking: { slotId: schedule.slots[0]!.id } });
    expect(invitationB.state).toBe('OPEN');
    expect(mine.slots[0]!.booked).toBe(1);

    const remind = await v1(
      t.app,
      recruiter,
      'POST',
      `/organization/acme/interview-invitations/${invitationB.id}/remind`,
    );
    expect(remind.statusCode, remind.body).toBe(200);
    expect(remind.json<InvitationView>().remindedAt).not.toBeNull();
    const reminder = (await deliverEmails(db)).find((m) => m.to === b!.email)!;
    expect(reminder.subject).toMatch(/Reminder/);
    expect(
      (await v1(t.app, recruiter, 'POST', `/organization/acme/interview-invitations/${invitationA.id}/remind`))
        .statusCode,
    ).toBe(409);

    const move = await v1(
      t.app,
      recruiter,
      'PUT',
      `/organization/acme/interview-invitations/${invitationA.id}/booking`,
      {
        slotId: schedule.slots[2]!.id,
      },
    );
    expect(move.statusCode, move.body).toBe(200);
    expect(move.json<InvitationView>().booking!.slotId).toBe(schedule.slots[2]!.id);
    const update = (await deliverEmails(db)).find((m) => m.to === a!.email)!;
    expect(update.subject).toMatch(/moved/);
    expect(calendarOf(update)).toMatchObject({ method: 'REQUEST', sequence: 1 });

    const hartley = await v1(
      t.app,
      hartleyManager,
      'PUT',
      `/organization/hartley/interview-invitations/${invitationA.id}/booking?subdomain=hartley`,
      { slotId: schedule.slots[1]!.id },
    );
    expect(hartley.statusCode).toBe(404);

    const interviews = await v1(t.app, recruiter, 'GET', `/organization/acme/candidate/${a!.id}/interviews`);
    expect(interviews.statusCode, interviews.body).toBe(200);
    const live = interviews.json<CandidateInterview[]>().find((i) => i.status === 'BOOKED')!;
    expect(live.metrics.map((m) => m.key)).toEqual(['communication', 'motivation', 'recommend', 'interviewNotes']);
    const badScore = await v1(t.app, recruiter, 'PUT', `/organization/acme/interviews/${live.id}/feedback`, {
      scores: { communication: 9 },
      recommendation: 'YES',
      comments: '',
    });
    expect(badScore.statusCode).toBe(400);
    expect(badScore.json<ApiError>().errors![0]!.field).toBe('scores.communication');
    const saved = await v1(t.app, recruiter, 'PUT', `/organization/acme/interviews/${live.id}/feedback`, {
      scores: { communication: 4, recommend: true },
      recommendation: 'STRONG_YES',
      comments: '  Clear and structured.  ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Feedback>()).toMatchObject({ recommendation: 'STRONG_YES', comments: 'Clear and structured.' });
    const after = await v1(t.app, recruiter, 'GET', `/organization/acme/candidate/${a!.id}/interviews`);
    expect(after.json<CandidateInterview[]>().find((i) => i.id === live.id)!.feedback).toHaveLength(1);
    expect(
      (await v1(t.app, hartleyManager, 'GET', `/organization/hartley/candidate/${a!.id}/interviews?subdomain=hartley`))
        .statusCode,
    ).toBe(404);
  });

  it("GET …/schedules answers the named users' interviews on a day", async () => {
    const [c] = await candidatesAtInterview(1);
    const schedule = await createSchedule(scheduleBody([c!.id], { title: 'Busy day' }));
    const at = schedule.slots[0]!.startDateTime;
    const res = await v1(
      t.app,
      recruiter,
      'GET',
      `/organization/acme/schedules?usernames=recruiter@acme.example,nobody@acme.example&dateTime=${encodeURIComponent(at)}&timeZone=Europe/London`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [busy, nobody] = res.json<{ username: string; busy: { slotId: string }[] }[]>();
    expect(busy!.busy.map((b) => b.slotId)).toEqual(expect.arrayContaining(schedule.slots.map((s) => s.id)));
    expect(nobody).toMatchObject({ username: 'nobody@acme.example', busy: [] });
    const people = await v1(t.app, recruiter, 'GET', '/organization/acme/interviewers');
    expect(people.json<{ email: string }[]>().map((p) => p.email)).toContain('recruiter@acme.example');
  });
});

describe('getCurrentInterview and coaching sessions', () => {
  it("gives the candidate their interview, and nobody else's", async () => {
    const user = await createUser(db, {
      organizationId: acme.id,
      email: 'booker@example.test',
      password: DEMO_PASSWORD,
    });
    const position = resolvePosition(acme.stages, 3)!;
    const application = await db
      .insertInto('applications')
      .values({
        organization_id: acme.id,
        role_id: strategy,
        user_id: user.id,
        state: 'SUBMITTED',
        candidate_status: 'ACTIVE',
        answers: json({}),
        stage_id: 3,
        substage_id: position.substageId,
        stage_status: position.stageStatus,
        applied_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await deliverEmails(db);
    const schedule = await createSchedule(scheduleBody([application.id]));
    const token = (await tokensFrom(await deliverEmails(db))).get('booker@example.test')!;
    expect((await book(token, schedule.slots[0]!)).statusCode).toBe(200);
    const own = (await signIn(t.app, 'booker@example.test', DEMO_PASSWORD)).access_token;
    const res = await v1(t.app, own, 'GET', `/candidate/${application.id}/current/getCurrentInterview`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CurrentInterview>().interview).toMatchObject({
      state: 'BOOKED',
      startDateTime: schedule.slots[0]!.startDateTime,
      stageName: 'At interview',
    });
    const byStage = await v1(t.app, recruiter, 'GET', `/candidate/${application.id}/3/getCurrentInterview`);
    expect(byStage.json<CurrentInterview>().interview?.state).toBe('BOOKED');
    const other = (await signIn(t.app, 'candidate@acme.example', DEMO_PASSWORD)).access_token;
    expect((await v1(t.app, other, 'GET', `/candidate/${application.id}/current/getCurrentInterview`)).statusCode).toBe(
      404,
    );
  });

  it('books a coaching session and records it as held', async () => {
    const [c] = await candidatesAtInterview(1);
    const body = { type: 'mock interview', startDateTime: new Date(Date.now() + 3 * DAY).toISOString(), duration: 60 };
    expect(
      (await v1(t.app, recruiter, 'POST', `/candidate/${c!.id}/sessions`, { ...body, duration: 45 })).statusCode,
    ).toBe(400);
    expect(
      (await v1(t.app, recruiter, 'POST', `/candidate/${c!.id}/sessions`, { ...body, type: 'lunch' })).statusCode,
    ).toBe(400);
    const created = await v1(t.app, recruiter, 'POST', `/candidate/${c!.id}/sessions`, body);
    expect(created.statusCode, created.body).toBe(201);
    const session = created.json<CoachingSession>();
    expect(session).toMatchObject({ type: 'mock interview', status: 'BOOKED' });
    const held = await v1(t.app, recruiter, 'POST', `/candidate/${c!.id}/session/${session.id}`);
    expect(held.json<CoachingSession>().status).toBe('HELD');
    expect((await v1(t.app, recruiter, 'POST', `/candidate/${c!.id}/session/${session.id}`)).statusCode).toBe(409);
    const list = await v1(t.app, recruiter, 'GET', `/candidate/${c!.id}/sessions`);
    expect(list.json<CoachingSession[]>()).toHaveLength(1);
    expect((await v1(t.app, hartleyManager, 'GET', `/candidate/${c!.id}/sessions?subdomain=hartley`)).statusCode).toBe(
      404,
    );
  });
});
