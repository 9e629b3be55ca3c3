import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Attendee, AttendeeList, ManagerEvent } from '#schemas/events';
import { bodyOf, seriousViolations, startHiring } from '../pipeline/fixtures';

/* Issue 14, the hiring side: an event with registrant questions; the staff check-in list marks Attended or No show. */

const event: ManagerEvent = {
  id: 'e1',
  title: 'Graduate insight day',
  description: '',
  type: 'INSIGHT_DAY',
  startDate: '2099-03-02T09:00:00.000Z',
  eventEndDate: '2099-03-02T16:00:00.000Z',
  place: 'London',
  onlineLink: null,
  capacity: 2,
  placesLeft: 0,
  waitingListCount: 1,
  registrationDeadline: null,
  registrationOpen: true,
  roles: [],
  archived: false,
  formConfiguration: {},
  questions: [],
  roleIds: [],
  registeredCount: 2,
  attendedCount: 0,
  noShowCount: 0,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
};

function attendee(overrides: Partial<Attendee>): Attendee {
  return {
    id: 'g1',
    userId: 'u1',
    applicationId: 'a1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    status: 'REGISTERED',
    waitingPosition: null,
    attendance: null,
    checkedInAt: null,
    registeredAt: '2026-11-02T09:00:00.000Z',
    answers: {},
    ...overrides,
  };
}

describe('/event/:eventId/check-in', () => {
  it('lists registrants and the waiting list, searches, and marks No show', async () => {
    const list: AttendeeList = {
      event,
      attendees: [
        attendee({}),
        attendee({
          id: 'g2',
          userId: 'u2',
          applicationId: null,
          firstName: 'Grace',
          lastName: 'Hopper',
          email: 'grace@example.com',
        }),
        attendee({
          id: 'g3',
          userId: 'u3',
          firstName: 'Alan',
          lastName: 'Turing',
          email: 'alan@example.com',
          status: 'WAITING',
          waitingPosition: 1,
        }),
      ],
    };
    const { calls } = startHiring('/event/e1/check-in', (call) => {
      if (call.method === 'PUT')
        return {
          status: 200,
          data: { ...list.attendees[0], attendance: (bodyOf(call) as { attendance: string }).attendance },
        };
      return { status: 200, data: list };
    });
    await screen.findByRole('heading', { level: 1, name: 'Check-in: Graduate insight day' });
    expect(screen.getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe('/manager/candidate/a1');
    expect(screen.getByText('Waiting list (1)')).toBeTruthy();
    const row = screen.getByRole('row', { name: /Ada Lovelace/ });
    fireEvent.click(within(row).getByRole('button', { name: 'Mark Ada Lovelace as no show' }));
    await waitFor(() =>
      expect(
        within(row).getByRole('button', { name: 'Mark Ada Lovelace as no show' }).getAttribute('aria-pressed'),
      ).toBe('true'),
    );
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/v1/events/e1/attendees/g1');
    expect(bodyOf(put)).toEqual({ attendance: 'No show' });
    fireEvent.change(screen.getByLabelText('Search by name or email'), { target: { value: 'grace' } });
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.params.search === 'grace')).toBe(true));
    expect(await seriousViolations(document.body)).toEqual([]);
  });
});

describe('/manager/events/new', () => {
  it('creates an event with a question of its own for registrants', async () => {
    const { calls, router } = startHiring('/manager/events/new', (call) => {
      if (call.method === 'POST') return { status: 201, data: { ...event, ...(bodyOf(call) as object), id: 'e9' } };
      if (call.url === '/v1/roles') return { status: 200, data: { content: [], totalElements: 0 } };
      return { status: 200, data: { ...event, id: 'e9' } };
    });
    await screen.findByRole('heading', { level: 1, name: 'Create an event' });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Open evening' } });
    fireEvent.change(screen.getByLabelText('Starts'), { target: { value: '2099-03-02T18:00' } });
    fireEvent.change(screen.getByLabelText('Ends'), { target: { value: '2099-03-02T20:00' } });
    fireEvent.change(screen.getByLabelText('Number of places'), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    fireEvent.change(screen.getByLabelText('Question 1'), { target: { value: 'Which office?' } });
    fireEvent.change(screen.getByLabelText('Type of answer for question 1'), { target: { value: 'radio' } });
    fireEvent.change(screen.getByLabelText('Answers to choose from for question 1', { exact: false }), {
      target: { value: 'London\nLeeds\n' },
    });
    expect(await seriousViolations(document.body)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manager/events/e9'));
    const body = bodyOf(calls.find((c) => c.method === 'POST')) as { capacity: number; questions: unknown[] };
    expect(body.capacity).toBe(40);
    expect(body.questions).toEqual([
      {
        id: expect.stringMatching(/^eventQuestion/),
        type: 'radio',
        label: 'Which office?',
        options: ['London', 'Leeds'],
      },
    ]);
  });
});
