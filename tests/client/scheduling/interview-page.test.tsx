import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import type { PublicInterview } from '#client/api/scheduling';
import { http } from '#client/api/http';
import { fakeAdapter, type Call, type Reply } from '../auth/fake-api';
import { seriousViolations } from '../pipeline/fixtures';
import { renderApp } from '../support';

/* Issue 13: /interview/:token, the candidate's booking page (no sign-in). */

const TOKEN = 'a'.repeat(43);
const URL = `/public/interview/${TOKEN}`;

function slot(id: string, start: string, overrides: Partial<PublicInterview['slots'][number]> = {}) {
  const end = new Date(new Date(start).getTime() + 45 * 60_000).toISOString();
  return {
    id,
    parentStartDateTime: start,
    parentEndDateTime: end,
    startDateTime: start,
    endDateTime: end,
    numberOfInterviewers: 1,
    location: 'Room 4',
    selectedTime: null,
    available: true,
    ...overrides,
  };
}

function interview(overrides: Partial<PublicInterview> = {}): PublicInterview {
  return {
    state: 'OPEN',
    organizationName: 'Acme Consulting',
    roleName: 'Graduate Consultant',
    stageName: 'At interview',
    title: 'First interviews',
    firstName: 'Ada',
    timeZone: 'Europe/London',
    dueAt: '2030-01-20T23:59:00.000Z',
    canChange: false,
    cutoffHours: 24,
    slots: [slot('s1', '2030-01-22T09:00:00.000Z'), slot('s2', '2030-01-23T10:00:00.000Z')],
    ...overrides,
  };
}

let original: AxiosAdapter | undefined;
beforeEach(() => {
  original = http.defaults.adapter as AxiosAdapter | undefined;
});
afterEach(() => {
  http.defaults.adapter = original;
});

function start(handler: (call: Call) => Reply) {
  const fake = fakeAdapter(handler);
  http.defaults.adapter = fake.adapter;
  const view = renderApp(`/interview/${TOKEN}`);
  return { ...view, calls: fake.calls };
}

describe('/interview/:token', () => {
  it('lists the free times by day, books one and confirms it', async () => {
    let current = interview();
    const { container } = start((call) => {
      if (call.method === 'GET' && call.url === URL) return { status: 200, data: current };
      if (call.method === 'PUT' && call.url === URL) {
        current = interview({
          state: 'BOOKED',
          canChange: true,
          slots: [
            slot('s1', '2030-01-22T09:00:00.000Z', { selectedTime: '2030-01-22T09:00:00.000Z', available: false }),
          ],
        });
        return { status: 200, data: current };
      }
      return { status: 404, data: { message: 'Not found' } };
    });
    await screen.findByRole('heading', { level: 1, name: 'Choose a time for your interview' });
    expect(screen.getByRole('group', { name: /22 January 2030/ })).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Book this time' }));
    expect(await screen.findByRole('link', { name: 'Choose a time' })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('radio')[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Book this time' }));
    await screen.findByRole('heading', { level: 1, name: 'Your interview is booked' });
    expect(screen.getByText('Room 4')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel my interview' })).toBeTruthy();
  });

  it('says when the time has just been taken, and shows the times still free', async () => {
    let taken = false;
    start((call) => {
      if (call.method === 'GET' && call.url === URL)
        return {
          status: 200,
          data: taken ? interview({ slots: [slot('s2', '2030-01-23T10:00:00.000Z')] }) : interview(),
        };
      if (call.method === 'PUT') {
        taken = true;
        return {
          status: 409,
          data: { message: 'This time has just been taken. Please choose another time.', code: 'interviewSlotTaken' },
        };
      }
      return { status: 404, data: { message: 'Not found' } };
    });
    await screen.findByRole('heading', { level: 1, name: 'Choose a time for your interview' });
    fireEvent.click(screen.getAllByRole('radio')[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Book this time' }));
    expect(await screen.findByText('This time has just been taken. Please choose another time.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(1));
  });

  it.each([
    ['EXPIRED', 'The date to book this interview has passed'],
    ['CANCELLED', 'This interview invitation has been cancelled'],
  ] as const)('a %s link has a clear page', async (state, title) => {
    start(() => ({ status: 200, data: interview({ state, slots: [] }) }));
    await screen.findByRole('heading', { level: 1, name: title });
  });

  it('an unknown link has a clear page, not an error screen', async () => {
    start(() => ({ status: 404, data: { message: 'This interview link is not valid.', code: 'interviewUnknown' } }));
    await screen.findByRole('heading', { level: 1, name: 'This interview link is not valid' });
  });
});
