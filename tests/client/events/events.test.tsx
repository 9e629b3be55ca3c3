import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import type { MyRegistration, PublicEvent } from '#schemas/events';
import { http } from '#client/api/http';
import type { CurrentUser } from '#client/state/auth';
import { renderApp } from '../support';
import { fakeAdapter, type Handler } from '../auth/fake-api';
import { organization } from '../candidate/fixtures';
import { seriousViolations } from '../pipeline/fixtures';

/* Issue 14: the candidate's event pages — the list, an event with registration, the QR check-in. */

let original: AxiosAdapter | undefined;
beforeEach(() => {
  original = http.defaults.adapter as AxiosAdapter | undefined;
});
afterEach(() => {
  http.defaults.adapter = original;
});

const candidate: CurrentUser = { id: 'u1', userType: 'CANDIDATE', email: 'ada@example.com', applications: [] };

function start(path: string, handler: Handler, user: CurrentUser | null = candidate) {
  const fake = fakeAdapter(handler);
  http.defaults.adapter = fake.adapter;
  return { ...renderApp(path, { organization, ...(user ? { user } : {}) }), calls: fake.calls };
}

const SECTIONS = [
  'personalInformation',
  'rightToWork',
  'secondaryEducation',
  'sixthFormEducation',
  'universityEducation',
  'crsInformation',
  'equalOpportunities',
  'documents',
  'termsAndConditions',
  'acceptedTermsAndConditions',
];

function eventFixture(overrides: Partial<PublicEvent> = {}): PublicEvent {
  return {
    id: 'e1',
    title: 'Graduate insight day',
    description: 'A day with our graduates.',
    type: 'INSIGHT_DAY',
    startDate: '2099-03-02T09:00:00.000Z',
    eventEndDate: '2099-03-02T16:00:00.000Z',
    place: '1 Canada Square, London',
    onlineLink: null,
    capacity: 30,
    placesLeft: 12,
    waitingListCount: 0,
    registrationDeadline: null,
    registrationOpen: true,
    roles: [],
    archived: false,
    formConfiguration: {
      views: { application: [{ id: 'eventRegistration', sections: ['additionalQuestions'] }] },
      subsections: { ...Object.fromEntries(SECTIONS.map((s) => [s, false])), additionalQuestions: true },
      custom: [
        {
          id: 'eventHeardFrom',
          type: 'select',
          label: 'How did you hear about this event?',
          options: ['Social media', 'Other'],
        },
      ],
    },
    ...overrides,
  };
}

const none: MyRegistration = {
  eventId: 'e1',
  status: null,
  waitingPosition: null,
  attendance: null,
  checkedInAt: null,
};

describe('/events', () => {
  it('lists the upcoming events with their places, axe clean', async () => {
    const { calls } = start('/events', () => ({
      status: 200,
      data: [eventFixture(), eventFixture({ id: 'e2', title: 'Open evening', placesLeft: 0 })],
    }));
    const link = await screen.findByRole('link', { name: 'Graduate insight day' });
    expect(link.getAttribute('href')).toBe('/event/e1');
    expect(screen.getByText('12 places left')).toBeTruthy();
    expect(screen.getByText('Full: waiting list open')).toBeTruthy();
    expect(calls[0]!.url).toBe('/public/acme/events');
    expect(await seriousViolations(document.body)).toEqual([]);
  });

  it('says when there are none', async () => {
    start('/events', () => ({ status: 200, data: [] }));
    expect(await screen.findByRole('heading', { name: 'There are no upcoming events' })).toBeTruthy();
  });
});

describe('/event/:eventId', () => {
  it('asks a signed-out visitor to sign in or create an account, coming back here', async () => {
    start('/event/e1', () => ({ status: 200, data: eventFixture() }), null);
    const signIn = await screen.findByRole('link', { name: 'Sign in to register' });
    expect(signIn.getAttribute('href')).toContain(encodeURIComponent('/event/e1'));
    expect(screen.getByRole('link', { name: 'Create an account to register' })).toBeTruthy();
  });

  it('registers a candidate through the compiled questions, then offers to cancel', async () => {
    let registration = none;
    const { calls } = start('/event/e1', (call) => {
      if (call.url === '/public/event/e1') return { status: 200, data: eventFixture() };
      if (call.method === 'POST' && call.url === '/v1/event/e1') {
        registration = { ...none, status: 'REGISTERED' };
        return { status: 201, data: registration };
      }
      return { status: 200, data: registration };
    });
    await screen.findByLabelText('How did you hear about this event?');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect((await screen.findAllByText(/Select an answer to/, {}, { timeout: 5000 })).length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText('How did you hear about this event?', { exact: false }), {
      target: { value: '0' },
    });
    // The submit button ignores clicks for 1 s after one (spec §5 click lock).
    await act(() => new Promise((resolve) => setTimeout(resolve, 1100)));
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /v1/event/e1'), {
      timeout: 5000,
    });
    await screen.findByRole('heading', { name: 'You have a place' }, { timeout: 5000 });
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(post.data))).toEqual({ answers: { eventHeardFrom: 'Social media' } });
    expect(screen.getByRole('button', { name: 'Cancel my place' })).toBeTruthy();
    expect(await seriousViolations(document.body)).toEqual([]);
  });

  it('shows a waiting-list place with its position', async () => {
    start('/event/e1', (call) =>
      call.url === '/public/event/e1'
        ? { status: 200, data: eventFixture({ placesLeft: 0 }) }
        : { status: 200, data: { ...none, status: 'WAITING', waitingPosition: 3 } },
    );
    expect(await screen.findByText(/You are number 3 on the waiting list/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Leave the waiting list' })).toBeTruthy();
  });
});

describe('/event/:eventId/qr-check-in', () => {
  it('checks in by email, and shows the neutral refusal as a GOV.UK error', async () => {
    let attempt = 0;
    start(
      '/event/e1/qr-check-in',
      (call) => {
        if (call.method === 'GET') return { status: 200, data: eventFixture() };
        attempt += 1;
        if (attempt === 1)
          return {
            status: 400,
            data: {
              message: 'We cannot find a place at this event for that email address.',
              code: 'checkInNotRegistered',
            },
          };
        return { status: 200, data: { checkedIn: true, alreadyCheckedIn: false, firstName: 'Ada' } };
      },
      null,
    );
    const email = await screen.findByLabelText('Email address');
    fireEvent.change(email, { target: { value: 'someone@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(screen.getAllByText(/cannot find a place at this event/).length).toBeGreaterThan(0));
    expect(await seriousViolations(document.body)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByRole('heading', { name: 'You are checked in' })).toBeTruthy();
    expect(screen.getByText('Welcome, Ada. Enjoy Graduate insight day.')).toBeTruthy();
  });
});
