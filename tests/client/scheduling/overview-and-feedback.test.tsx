import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { CandidateInterview, ScheduleView } from '#client/api/scheduling';
import type { Call, Reply } from '../auth/fake-api';
import { bodyOf, organization, startHiring } from '../pipeline/fixtures';

/* Issue 13: the hiring side's overview per role and stage, and the feedback form. */

const BASE = `/v1/organization/${organization.id}`;
const slot = (id: string, start: string, booked = 0) => ({
  id,
  parentStartDateTime: '2030-03-04T09:00:00.000Z',
  parentEndDateTime: '2030-03-04T11:15:00.000Z',
  startDateTime: start,
  endDateTime: new Date(new Date(start).getTime() + 45 * 60_000).toISOString(),
  numberOfInterviewers: 1,
  location: 'Room 4',
  capacity: 1,
  booked,
  interviewers: [{ id: 'u-hr', name: 'Rita Recruiter' }],
});

const schedule: ScheduleView = {
  id: 's1',
  title: 'First interviews',
  role: { id: 'r1', name: 'Graduate Analyst' },
  stage: { id: 3, name: 'At interview' },
  timeZone: 'Europe/London',
  createdAt: '2030-02-01T09:00:00.000Z',
  slots: [slot('t1', '2030-03-04T09:00:00.000Z', 1), slot('t2', '2030-03-04T09:45:00.000Z')],
  invitations: [
    {
      id: 'i1',
      applicationId: 'a1',
      candidate: { name: 'Ada Lovelace', email: 'ada@example.com' },
      state: 'BOOKED',
      dueAt: '2030-02-08T23:59:00.000Z',
      remindedAt: null,
      booking: { id: 'b1', slotId: 't1', startDateTime: '2030-03-04T09:00:00.000Z' },
    },
    {
      id: 'i2',
      applicationId: 'a2',
      candidate: { name: 'Grace Hopper', email: 'grace@example.com' },
      state: 'EXPIRED',
      dueAt: '2030-02-08T23:59:00.000Z',
      remindedAt: null,
      booking: null,
    },
  ],
};

describe('/manager/scheduling', () => {
  it('shows who booked and who has not answered; reminds, and moves an interview', async () => {
    const { calls } = startHiring('/manager/scheduling?roleId=r1&stageId=3', (call: Call): Reply => {
      if (call.method === 'GET' && call.url === `${BASE}/interview-schedules`) return { status: 200, data: [schedule] };
      if (call.method === 'POST' || call.method === 'PUT') return { status: 200, data: schedule.invitations[0] };
      return { status: 404, data: { message: 'Not found' } };
    });
    await screen.findByRole('heading', { level: 2, name: 'First interviews' });
    const ada = screen.getByRole('row', { name: /Ada Lovelace/ });
    const grace = screen.getByRole('row', { name: /Grace Hopper/ });
    expect(within(ada).getByText('Booked')).toBeTruthy();
    expect(within(grace).getByText('Not answered by the due date')).toBeTruthy();
    fireEvent.click(within(grace).getByRole('button', { name: /^Send a reminder/ }));
    expect(await screen.findByText('Reminder sent to Grace Hopper')).toBeTruthy();
    fireEvent.change(within(ada).getByLabelText('Move Ada Lovelace to'), { target: { value: 't2' } });
    fireEvent.click(within(ada).getByRole('button', { name: /^Move interview/ }));
    expect(await screen.findByText('Ada Lovelace has been sent the new time')).toBeTruthy();
    const move = calls.find((c) => c.method === 'PUT' && c.url === `${BASE}/interview-invitations/i1/booking`);
    expect(bodyOf(move)).toEqual({ slotId: 't2' });
    expect(calls.some((c) => c.method === 'POST' && c.url === `${BASE}/interview-invitations/i2/remind`)).toBe(true);
  });
});

describe('interview feedback on the candidate page', () => {
  it('checks the recommendation, then saves scores, recommendation and comments', async () => {
    const interview: CandidateInterview = {
      id: 'b1',
      invitationId: 'i1',
      scheduleTitle: 'First interviews',
      stage: { id: 3, name: 'At interview' },
      startDateTime: '2030-03-04T09:00:00.000Z',
      endDateTime: '2030-03-04T09:45:00.000Z',
      location: 'Room 4',
      timeZone: 'Europe/London',
      status: 'BOOKED',
      metrics: [
        { key: 'communication', label: 'Communication', metricType: 'NUMBER' },
        { key: 'recommend', label: 'Recommend', metricType: 'BOOLEAN' },
      ],
      feedback: [],
    };
    const { calls } = startHiring('/manager/candidate/a1', (call: Call): Reply => {
      if (call.method === 'GET' && call.url === `${BASE}/candidate/a1`)
        return {
          status: 200,
          data: {
            application: {
              id: 'a1',
              roleId: 'r1',
              roleName: 'Graduate Analyst',
              state: 'SUBMITTED',
              stageId: 3,
              stageName: 'At interview',
              substageId: '3-scheduled',
              substageName: 'Scheduled',
              stageStatus: 'SCHEDULED',
              appliedAt: '2030-01-01T09:00:00.000Z',
              lastChangeAt: '2030-01-02T09:00:00.000Z',
              matched: false,
              adjustment: null,
              assignee: null,
              totalScore: null,
              version: 2,
            },
            candidate: { id: 'c1', name: 'Ada Lovelace', email: 'ada@example.com' },
            panel: [],
            documents: [],
            notes: [],
            comments: [],
            scores: [],
          },
        };
      if (call.method === 'GET' && call.url === `${BASE}/candidate/a1/interviews`)
        return { status: 200, data: [interview] };
      if (call.method === 'PUT' && call.url === `${BASE}/interviews/b1/feedback`)
        return {
          status: 200,
          data: {
            interviewId: 'b1',
            interviewer: { id: 'u-hr', name: 'Rita Recruiter' },
            scores: {},
            recommendation: 'YES',
            comments: '',
            updatedAt: '2030-03-04T10:00:00.000Z',
          },
        };
      if (call.method === 'GET' && call.url === '/v1/candidate/a1/history') return { status: 200, data: [] };
      return { status: 404, data: { message: 'Not found' } };
    });
    const form = await screen.findByRole('form', { name: 'Your feedback' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save feedback' }));
    expect(await within(form).findByRole('link', { name: 'Choose a recommendation' })).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Communication'), { target: { value: '4' } });
    fireEvent.click(within(form).getByRole('group', { name: 'Recommend' }).querySelector('input[value="true"]')!);
    fireEvent.click(within(form).getByLabelText('Yes', { selector: `input[value="YES"]` }));
    fireEvent.change(within(form).getByLabelText('Comments'), { target: { value: 'Clear answers.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save feedback' }));
    expect(await screen.findByText('Feedback saved')).toBeTruthy();
    const sent = calls.find((c) => c.method === 'PUT' && c.url === `${BASE}/interviews/b1/feedback`);
    expect(bodyOf(sent)).toEqual({
      scores: { communication: 4, recommend: true },
      recommendation: 'YES',
      comments: 'Clear answers.',
    });
  });
});
