import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Call, Reply } from '../auth/fake-api';
import { bodyOf, organization, people, searchPage, seriousViolations, startHiring } from '../pipeline/fixtures';

/* Issue 13: the five-step scheduling wizard on the hiring side (the step in the address, a way back at each). */

const BASE = `/v1/organization/${organization.id}`;

function api(call: Call): Reply | undefined {
  if (call.method === 'POST' && call.url === `/v1/search/candidate/${organization.id}`)
    return { status: 200, data: searchPage(people) };
  if (call.method === 'GET' && call.url === `${BASE}/interviewers`)
    return { status: 200, data: [{ id: 'u-hr', name: 'Rita Recruiter', email: 'recruiter@acme.example' }] };
  if (call.method === 'GET' && call.url === `${BASE}/schedules`)
    return {
      status: 200,
      data: [
        {
          username: 'recruiter@acme.example',
          userId: 'u-hr',
          busy: [
            {
              slotId: 'x',
              scheduleTitle: 'Other interviews',
              startDateTime: '2030-03-04T09:15:00.000Z',
              endDateTime: '2030-03-04T09:30:00.000Z',
            },
          ],
        },
      ],
    };
  if (call.method === 'POST' && call.url === `${BASE}/interview-schedules`)
    return { status: 201, data: { invited: 2 } };
  return undefined;
}

const handler = (call: Call): Reply => api(call) ?? { status: 404, data: { message: 'Not found' } };
const h1 = (name: string) => screen.findByRole('heading', { level: 1, name });
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

beforeEach(() => sessionStorage.clear());

describe('/manager/scheduling/new', () => {
  it('walks the five steps, flags a clash, and sends the invitations', async () => {
    const { container, calls } = startHiring('/manager/scheduling/new?step=1', handler);
    await h1('Select role & stage');
    next();
    expect(await screen.findByRole('link', { name: 'Choose a role' })).toBeTruthy();

    fireEvent.change(await screen.findByLabelText('Role'), { target: { value: 'r1' } });
    fireEvent.change(screen.getByLabelText('Interview stage'), { target: { value: '3' } });
    const group = await screen.findByRole('group', { name: 'Candidates' });
    fireEvent.click(within(group).getByLabelText(/Ada Lovelace/));
    fireEvent.click(within(group).getByLabelText(/Grace Hopper/));
    next();

    await h1('Define time slots');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2030-03-04' } });
    fireEvent.change(screen.getByLabelText('Room or video link', { exact: false }), { target: { value: 'Room 4' } });
    fireEvent.change(screen.getByLabelText('Slots'), { target: { value: '2' } });
    fireEvent.click(await screen.findByLabelText('Rita Recruiter'));
    expect(await seriousViolations(container)).toEqual([]);
    next();

    await h1('Add availability');
    // 09:00–09:45 London (GMT in March) overlaps the other interview at 09:15.
    expect(await screen.findByText(/clash: Rita Recruiter: Other interviews/)).toBeTruthy();
    // A way back, and forward again with nothing lost.
    fireEvent.click(screen.getByRole('link', { name: 'Back to the previous step' }));
    await h1('Define time slots');
    expect((screen.getByLabelText('Slots') as HTMLInputElement).value).toBe('2');
    next();
    await h1('Add availability');
    next();

    await h1('Review & confirm');
    expect(within(screen.getByRole('list', { name: 'Week view' })).getByText('09:45–10:30')).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
    next();

    await h1('Create Invitation');
    fireEvent.click(screen.getByRole('button', { name: 'Send 2 invitations' }));
    await h1('2 invitations sent');
    const sent = bodyOf(calls.find((c) => c.method === 'POST' && c.url === `${BASE}/interview-schedules`)) as {
      applicationIds: string[];
      days: { date: string; slots: number; interviewerIds: string[] }[];
      timeZone: string;
    };
    expect(sent.applicationIds).toEqual(['a1', 'a2']);
    expect(sent.days[0]).toMatchObject({ date: '2030-03-04', slots: 2, interviewerIds: ['u-hr'] });
    expect(sent.timeZone).toBe('Europe/London');
  });

  it('a later step opened first sends the manager back to step 1', async () => {
    startHiring('/manager/scheduling/new?step=4', handler);
    await h1('Review & confirm');
    expect(screen.getByText('Complete the earlier steps first.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Go to step 1' })).toBeTruthy());
  });
});
