import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Attendee,
  AttendeeList,
  CandidateEvent,
  ManagerEvent,
  MyRegistration,
  PublicEvent,
} from '#schemas/events';
import type { CandidateSearchPage } from '#schemas/search';
import { startSession } from '#server/modules/auth/session.service';
import { seedDemoEvents } from '#server/seed/demo-events';
import { userRow } from '#server/seed/factories';
import { DEMO_PASSWORD, deliverEmails, signIn, v1 } from '../helpers/auth';
import { roleIdByName } from '../helpers/applications';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * Events (issue 14): managers' events, registration with places and a waiting list (race-safe in the
 * database), emails with a calendar invitation, the QR check-in, attendance, and the search filter.
 */

let t: TestApp;
let acmeId: string;
/** recruiter@acme: HIRING_MANAGER. */
let recruiter: string;
let hartley: string;
let strategy: string;

const inAWeek = (hours = 0) => new Date(Date.now() + 7 * 24 * 3600_000 + hours * 3600_000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  acmeId = (
    await t.db.selectFrom('organizations').select('id').where('subdomain', '=', 'acme').executeTakeFirstOrThrow()
  ).id;
  recruiter = (await signIn(t.app, 'recruiter@acme.example', DEMO_PASSWORD)).access_token;
  hartley = (await signIn(t.app, 'recruiter@hartley.example', DEMO_PASSWORD, 'hartley')).access_token;
  strategy = await roleIdByName(t.db, 'acme', 'Graduate Consultant, Strategy');
}, 60_000);
afterAll(() => t?.close());

/** New acme candidates with sessions made directly (no password hashing): fast enough for hundreds. */
async function candidates(n: number, name = 'reg'): Promise<Array<{ id: string; email: string; token: string }>> {
  const rows = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      userRow({
        organizationId: acmeId,
        email: `${name}-${i}-${Math.random().toString(36).slice(2, 8)}@example.test`,
        userType: 'CANDIDATE',
        firstName: `First${i}`,
        lastName: name,
      }),
    ),
  );
  const users = await t.db.insertInto('users').values(rows).returning(['id', 'email']).execute();
  const made = [];
  for (const user of users) {
    const tokens = await startSession(t.db, {
      organizationId: acmeId,
      userId: user.id,
      clientId: 'web',
      sessionTimeoutSeconds: null,
      otpVerified: false,
    });
    made.push({ id: user.id, email: user.email, token: tokens.access_token });
  }
  return made;
}

async function newEvent(body: Record<string, unknown> = {}): Promise<ManagerEvent> {
  const res = await v1(t.app, recruiter, 'POST', '/events', {
    title: 'Insight day',
    type: 'INSIGHT_DAY',
    startDate: inAWeek(),
    eventEndDate: inAWeek(6),
    place: '1 Acme Street, London',
    capacity: 50,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ManagerEvent>();
}

const ANSWERS = { answers: { eventHeardFrom: 'Social media' } };
const registerFor = (token: string, eventId: string, body: object = ANSWERS) =>
  v1(t.app, token, 'POST', `/event/${eventId}`, body);
const checkIn = (eventId: string, email: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/event/${eventId}/qr-check-in?subdomain=acme`,
    payload: { email },
    remoteAddress: ip,
  });

describe('managing events', () => {
  it('creates, edits, archives and restores; the public lists follow', async () => {
    const event = await newEvent({ roleIds: [strategy], description: 'A day with the strategy team.' });
    expect(event).toMatchObject({ capacity: 50, placesLeft: 50, archived: false, registeredCount: 0 });
    expect(event.roles).toEqual([{ id: strategy, name: 'Graduate Consultant, Strategy' }]);
    // The default registrant questions, as a form layer the engine compiles.
    expect(event.questions.map((q) => q.id)).toEqual(['eventHeardFrom', 'eventDietaryNeeds', 'eventAccessNeeds']);
    expect(event.formConfiguration.views?.application).toEqual([
      { id: 'eventRegistration', sections: ['additionalQuestions'] },
    ]);

    const edited = await v1(t.app, recruiter, 'PUT', `/events/${event.id}`, { title: 'Strategy insight day' });
    expect(edited.json<ManagerEvent>().title).toBe('Strategy insight day');
    const upcoming = await t.app.inject({ method: 'GET', url: '/api/public/acme/events' });
    expect(upcoming.json<PublicEvent[]>().map((e) => e.id)).toContain(event.id);

    expect((await v1(t.app, recruiter, 'POST', `/events/${event.id}/archive`)).json<ManagerEvent>().archived).toBe(
      true,
    );
    for (const list of ['events', 'nonarchivedevents']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/public/acme/${list}` });
      expect(res.json<PublicEvent[]>().map((e) => e.id)).not.toContain(event.id);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/public/event/${event.id}?subdomain=acme` })).statusCode,
    ).toBe(404);
    const archived = await v1(t.app, recruiter, 'GET', '/events?status=ARCHIVED');
    expect(archived.json<ManagerEvent[]>().map((e) => e.id)).toContain(event.id);
    expect((await v1(t.app, recruiter, 'POST', `/events/${event.id}/restore`)).json<ManagerEvent>().archived).toBe(
      false,
    );
    const nonArchived = await t.app.inject({ method: 'GET', url: '/api/public/acme/nonarchivedevents' });
    expect(nonArchived.json<PublicEvent[]>().map((e) => e.id)).toContain(event.id);
  });

  it('refuses bad dates, unknown roles and questions the engine would not take, naming each', async () => {
    const res = await v1(t.app, recruiter, 'POST', '/events', {
      title: 'Backwards',
      type: 'WEBINAR',
      startDate: inAWeek(5),
      eventEndDate: inAWeek(),
      capacity: 10,
      roleIds: ['not-a-role'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Array<{ field: string }> }>().errors.map((e) => e.field)).toEqual([
      'eventEndDate',
      'roleIds/0',
    ]);
    const questions = await v1(t.app, recruiter, 'POST', '/events', {
      title: 'Odd questions',
      type: 'WEBINAR',
      startDate: inAWeek(),
      eventEndDate: inAWeek(1),
      capacity: 10,
      questions: [{ id: 'firstName', type: 'text', label: 'Name' }],
    });
    expect(questions.statusCode, questions.body).toBe(400);
  });

  it("answers 404 for another organisation's event, and the hiring side's calls are not for candidates", async () => {
    const event = await newEvent();
    expect((await v1(t.app, hartley, 'GET', `/events/${event.id}?subdomain=hartley`)).statusCode).toBe(404);
    expect((await v1(t.app, hartley, 'GET', `/events/${event.id}/attendees?subdomain=hartley`)).statusCode).toBe(404);
    expect((await v1(t.app, hartley, 'POST', `/events/${event.id}/archive?subdomain=hartley`)).statusCode).toBe(404);
    const publicRes = await t.app.inject({ method: 'GET', url: `/api/public/event/${event.id}?subdomain=hartley` });
    expect(publicRes.statusCode).toBe(404);
    const [candidate] = await candidates(1, 'nosy');
    expect((await v1(t.app, candidate!.token, 'GET', `/events/${event.id}/attendees`)).statusCode).toBe(403);
    expect((await v1(t.app, candidate!.token, 'GET', `/events`)).statusCode).toBe(403);
    // Refused before the body is read: 403, not a 400 about a body the caller may not send.
    expect((await v1(t.app, candidate!.token, 'POST', `/events`, {})).statusCode).toBe(403);
    expect((await v1(t.app, candidate!.token, 'PUT', `/events/${event.id}`, { title: 7 })).statusCode).toBe(403);
  });
});

describe('registration', () => {
  it('gives exactly 50 places and 150 waiting-list places to 200 simultaneous registrations', async () => {
    const event = await newEvent({ capacity: 50 });
    const people = await candidates(200, 'rush');
    const answers = await Promise.all(people.map((p) => registerFor(p.token, event.id)));
    expect(answers.map((r) => r.statusCode).filter((s) => s !== 201)).toEqual([]);
    const statuses = answers.map((r) => r.json<MyRegistration>().status);
    expect(statuses.filter((s) => s === 'REGISTERED')).toHaveLength(50);
    expect(statuses.filter((s) => s === 'WAITING')).toHaveLength(150);
    const positions = answers.map((r) => r.json<MyRegistration>().waitingPosition).filter((p) => p !== null);
    expect(new Set(positions).size).toBe(150);
    const rows = await t.db
      .selectFrom('event_registrations')
      .select(['status'])
      .where('event_id', '=', event.id)
      .execute();
    expect(rows.filter((r) => r.status === 'REGISTERED')).toHaveLength(50);
    expect(rows.filter((r) => r.status === 'WAITING')).toHaveLength(150);
    const view = (
      await t.app.inject({ method: 'GET', url: `/api/public/event/${event.id}?subdomain=acme` })
    ).json<PublicEvent>();
    expect(view).toMatchObject({ placesLeft: 0, waitingListCount: 150 });
    await deliverEmails(t.db);
  }, 120_000);

  it('sends a calendar invitation; cancelling gives the place to the first waiting, with an email', async () => {
    const event = await newEvent({ capacity: 2, title: 'Open evening', type: 'OPEN_EVENING' });
    const [a, b, c] = await candidates(3, 'trio');
    await deliverEmails(t.db);
    expect((await registerFor(a!.token, event.id)).json<MyRegistration>().status).toBe('REGISTERED');
    expect((await registerFor(b!.token, event.id)).json<MyRegistration>().status).toBe('REGISTERED');
    const third = await registerFor(c!.token, event.id);
    expect(third.json<MyRegistration>()).toMatchObject({ status: 'WAITING', waitingPosition: 1 });
    // Registering again changes nothing.
    expect((await registerFor(c!.token, event.id)).statusCode).toBe(200);

    const sent = await deliverEmails(t.db);
    const toA = sent.find((m) => m.to === a!.email)!;
    expect(toA.subject).toBe('You are registered: Open evening');
    const ics = toA.calendar;
    expect(ics).toMatchObject({ method: 'PUBLISH', filename: 'event.ics' });
    const vevent = new ICAL.Component(ICAL.parse(ics!.content)).getFirstSubcomponent('vevent')!;
    const parsed = new ICAL.Event(vevent);
    expect(parsed.summary).toBe('Open evening');
    expect(parsed.startDate.toJSDate().toISOString()).toBe(
      new Date(event.startDate).toISOString().replace(/\.\d+Z/, '.000Z'),
    );
    expect(parsed.endDate.toJSDate().getTime()).toBe(Math.floor(new Date(event.eventEndDate).getTime() / 1000) * 1000);
    expect(parsed.location).toBe('1 Acme Street, London');
    expect(sent.find((m) => m.to === c!.email)!.subject).toBe('You are on the waiting list: Open evening');

    const cancelled = await v1(t.app, a!.token, 'DELETE', `/event/${event.id}/registration`);
    expect(cancelled.json<MyRegistration>().status).toBe('CANCELLED');
    // Harmless twice.
    expect((await v1(t.app, a!.token, 'DELETE', `/event/${event.id}/registration`)).statusCode).toBe(200);
    expect((await v1(t.app, c!.token, 'GET', `/event/${event.id}/registration`)).json<MyRegistration>().status).toBe(
      'REGISTERED',
    );
    const promoted = (await deliverEmails(t.db)).filter((m) => m.to === c!.email);
    expect(promoted.map((m) => m.subject)).toEqual(['A place is now yours: Open evening']);
    expect(promoted[0]!.calendar?.filename).toBe('event.ics');
  });

  it('checks the answers with the compiled form and closes at the deadline', async () => {
    const event = await newEvent({ capacity: 5 });
    const [candidate] = await candidates(1, 'answers');
    const missing = await registerFor(candidate!.token, event.id, { answers: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ errors: Array<{ field: string }> }>().errors.map((e) => e.field)).toEqual(['eventHeardFrom']);
    const closed = await newEvent({
      startDate: new Date(Date.now() - 3600_000).toISOString(),
      eventEndDate: inAWeek(),
    });
    const late = await registerFor(candidate!.token, closed.id);
    expect(late.statusCode).toBe(400);
    expect(late.json<{ code: string }>().code).toBe('eventRegistrationClosed');
    // Managers do not register themselves.
    expect((await registerFor(recruiter, event.id)).statusCode).toBe(403);
  });

  it('raising the capacity offers the new places to the waiting list in order', async () => {
    const event = await newEvent({ capacity: 1 });
    const [a, b, c] = await candidates(3, 'grow');
    for (const p of [a, b, c]) await registerFor(p!.token, event.id);
    await v1(t.app, recruiter, 'PUT', `/events/${event.id}`, { capacity: 2 });
    const status = async (p: { token: string }) =>
      (await v1(t.app, p.token, 'GET', `/event/${event.id}/registration`)).json<MyRegistration>();
    expect((await status(b!)).status).toBe('REGISTERED');
    expect(await status(c!)).toMatchObject({ status: 'WAITING', waitingPosition: 1 });
  });
});

describe('check-in and attendance', () => {
  it('checks a registrant in by email, twice harmlessly; refuses anyone else with one neutral message', async () => {
    const event = await newEvent({ capacity: 1 });
    const [placed, waiting] = await candidates(2, 'door');
    await registerFor(placed!.token, event.id);
    await registerFor(waiting!.token, event.id);

    const first = await checkIn(event.id, placed!.email.toUpperCase());
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ checkedIn: true, alreadyCheckedIn: false, firstName: 'First0' });
    const again = await checkIn(event.id, placed!.email);
    expect(again.json()).toMatchObject({ checkedIn: true, alreadyCheckedIn: true });

    const refusals = await Promise.all([
      checkIn(event.id, waiting!.email, '10.0.0.2'),
      checkIn(event.id, 'recruiter@acme.example', '10.0.0.2'),
      checkIn(event.id, 'nobody-at-all@example.test', '10.0.0.2'),
    ]);
    expect(refusals.map((r) => r.statusCode)).toEqual([400, 400, 400]);
    expect(new Set(refusals.map((r) => r.body)).size).toBe(1);
    expect(refusals[0]!.json<{ code: string }>().code).toBe('checkInNotRegistered');

    const list = (await v1(t.app, recruiter, 'GET', `/events/${event.id}/attendees`)).json<AttendeeList>();
    expect(list.attendees.find((r) => r.email === placed!.email)).toMatchObject({ attendance: 'Attended' });
    expect(list.event.attendedCount).toBe(1);
  });

  it('rate-limits failed check-ins per email typed and per address', async () => {
    const event = await newEvent({ capacity: 5 });
    const codes = [];
    for (let i = 0; i < 6; i += 1)
      codes.push((await checkIn(event.id, 'guess@example.test', `10.1.0.${i}`)).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
    const byAddress = [];
    for (let i = 0; i < 21; i += 1)
      byAddress.push((await checkIn(event.id, `g${i}@example.test`, '10.2.0.1')).statusCode);
    expect(byAddress.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(byAddress[20]).toBe(429);
  });

  it('staff mark No show; a candidate sees only their own registration', async () => {
    const event = await newEvent({ capacity: 5 });
    const [one, two] = await candidates(2, 'marks');
    await registerFor(one!.token, event.id);
    await registerFor(two!.token, event.id);
    const list = (
      await v1(t.app, recruiter, 'GET', `/events/${event.id}/attendees?search=${two!.email.slice(0, 12)}`)
    ).json<AttendeeList>();
    expect(list.attendees).toHaveLength(1);
    const marked = await v1(t.app, recruiter, 'PUT', `/events/${event.id}/attendees/${list.attendees[0]!.id}`, {
      attendance: 'No show',
    });
    expect(marked.json<Attendee>().attendance).toBe('No show');
    const own = (await v1(t.app, two!.token, 'GET', `/event/${event.id}/registration`)).json<MyRegistration>();
    expect(own).toEqual({
      eventId: event.id,
      status: 'REGISTERED',
      waitingPosition: null,
      attendance: 'No show',
      checkedInAt: null,
    });
    const publicView = await t.app.inject({ method: 'GET', url: `/api/public/event/${event.id}?subdomain=acme` });
    expect(publicView.body).not.toContain(one!.email);
    expect(
      (
        await v1(t.app, hartley, 'PUT', `/events/${event.id}/attendees/${list.attendees[0]!.id}?subdomain=hartley`, {
          attendance: 'Attended',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('adds a candidate from the candidate page; attendance shows there and filters the search', async () => {
    const event = await newEvent({ capacity: 5 });
    const [person] = await candidates(1, 'pipeline');
    const application = await t.db
      .insertInto('applications')
      .values({
        organization_id: acmeId,
        role_id: strategy,
        user_id: person!.id,
        state: 'SUBMITTED',
        stage_id: 1,
        first_name: 'Pipeline',
        last_name: 'Person',
        email: person!.email,
        applied_at: new Date(),
        candidate_status: null,
        substage_id: null,
        stage_status: null,
        assignee_id: null,
        location: null,
        permit_type: null,
        school_type: null,
        university_name: null,
        degree_type: null,
        degree_subject: null,
        degree_class: null,
        graduation_year: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const added = await v1(t.app, recruiter, 'POST', `/candidate/${application.id}/events/${event.id}`);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<Attendee>()).toMatchObject({ status: 'REGISTERED', applicationId: application.id });
    expect(
      (await v1(t.app, hartley, 'POST', `/candidate/${application.id}/events/${event.id}?subdomain=hartley`))
        .statusCode,
    ).toBe(404);

    await v1(t.app, recruiter, 'PUT', `/events/${event.id}/attendees/${added.json<Attendee>().id}`, {
      attendance: 'Attended',
    });
    const events = (await v1(t.app, recruiter, 'GET', `/candidate/${application.id}/events`)).json<CandidateEvent[]>();
    expect(events).toEqual([
      expect.objectContaining({ eventId: event.id, attendance: 'Attended', status: 'REGISTERED' }),
    ]);

    const search = async (filters: object) =>
      (await v1(t.app, recruiter, 'POST', '/search/candidate/acme', { filters })).json<CandidateSearchPage>();
    const attended = await search({ eventIds: [event.id], attendance: ['Attended'] });
    expect(attended.content.map((c) => c.id)).toEqual([application.id]);
    expect((await search({ eventIds: [event.id], attendance: ['No show'] })).content).toEqual([]);
    expect((await search({ attendance: ['Attended'], searchTerm: 'Pipeline Person' })).content).toHaveLength(1);
    const bad = await v1(t.app, recruiter, 'POST', '/search/candidate/acme', { filters: { eventIds: ['x'] } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('demo events', () => {
  it('gives each demo organisation upcoming and past events, once', async () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(await seedDemoEvents(t.db, ['hartley'], now)).toBe(3);
    expect(await seedDemoEvents(t.db, ['hartley'], now)).toBe(0);
    const hartleyId = (
      await t.db.selectFrom('organizations').select('id').where('subdomain', '=', 'hartley').executeTakeFirstOrThrow()
    ).id;
    const rows = await t.db
      .selectFrom('events')
      .select(['title', 'start_at'])
      .where('organization_id', '=', hartleyId)
      .orderBy('start_at')
      .execute();
    expect(rows.map((r) => r.start_at < now)).toEqual([true, false, false]);
  });
});
