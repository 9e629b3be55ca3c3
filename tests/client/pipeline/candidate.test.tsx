import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CandidatePanel, Note, StageScores } from '#client/api/candidate-items';
import type { HistoryEntry } from '#client/api/pipeline';
import type { Template } from '#client/api/communications';
import type { SignatureRequest } from '#client/api/integrations';
import type { Call, Reply } from '../auth/fake-api';
import { pageInfo } from '#engine/pipeline/search';
import { NO_UNIVERSITY, bodyOf, organization, seriousViolations, stages, startHiring } from './fixtures';

const PANEL = `/v1/organization/${organization.id}/candidate/a1`;

function note(overrides: Partial<Note> = {}): Note {
  return {
    id: 'n1',
    kind: 'NOTE',
    body: 'Strong case study.',
    author: { id: 'u-hr', name: 'Rita Recruiter' },
    createdAt: '2026-10-02T10:00:00.000Z',
    updatedAt: '2026-10-02T10:00:00.000Z',
    ...overrides,
  };
}

function panel(overrides: Partial<CandidatePanel> = {}): CandidatePanel {
  return {
    application: {
      id: 'a1',
      roleId: 'r1',
      roleName: 'Graduate Analyst',
      state: 'SUBMITTED',
      stageId: 3,
      stageName: 'At interview',
      substageId: '3-to-invite',
      substageName: 'To invite',
      stageStatus: 'PENDING',
      appliedAt: '2026-10-01T09:00:00.000Z',
      lastChangeAt: '2026-10-02T09:00:00.000Z',
      matched: false,
      adjustment: null,
      assignee: null,
      totalScore: null,
      version: 2,
    },
    candidate: { id: 'c1', name: 'Ada Lovelace', email: 'ada@example.com' },
    panel: [{ id: 'universityName', label: 'University', value: 'University of Leeds', source: 'application' }],
    documents: [
      {
        id: 'd1',
        fieldId: 'cv',
        fileName: 'ada-cv.pdf',
        contentType: 'application/pdf',
        size: 20480,
        createdAt: '2026-10-01T09:00:00.000Z',
      },
    ],
    notes: [note(), note({ id: 'n2', body: 'Someone else’s note.', author: { id: 'u-other', name: 'Henry Admin' } })],
    comments: [],
    scores: [],
    contextual: null,
    universityAverage: null,
    ...overrides,
  };
}

const history: HistoryEntry[] = [
  {
    id: 'h2',
    kind: 'MOVE',
    from: { stageId: 1, stageName: 'Applied', substageId: '1-new', stageStatus: 'PENDING' },
    to: { stageId: 3, stageName: 'At interview', substageId: '3-to-invite', stageStatus: 'PENDING' },
    actor: { id: 'u-hr', name: 'Rita Recruiter' },
    createdAt: '2026-10-02T09:00:00.000Z',
    undone: false,
  },
  {
    id: 'h1',
    kind: 'SUBMIT',
    from: null,
    to: { stageId: 1, stageName: 'Applied', substageId: '1-new', stageStatus: 'PENDING' },
    actor: null,
    createdAt: '2026-10-01T09:00:00.000Z',
    undone: false,
  },
];

function api(extra: (call: Call) => Reply | undefined = () => undefined) {
  return (call: Call): Reply => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.url === PANEL) return { status: 200, data: panel() };
    if (call.method === 'GET' && call.url === '/v1/candidate/a1/history') return { status: 200, data: history };
    return { status: 404, data: { message: 'Not found' } };
  };
}

/** A message template (issue 16), sent on moves to `trigger` when it names a stage. */
const messageTemplate = (name: string, trigger: Template['trigger']): Template => ({
  id: 't1',
  name,
  channel: 'EMAIL',
  kind: 'GENERAL',
  texts: { en: { subject: 'Hi', body: '<p>Hi</p>' } },
  trigger,
  updatedAt: '2026-10-01T09:00:00.000Z',
});

const open = (path = '/manager/candidate/a1') =>
  screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' }).then(() => path);

/** The application a1 after the move to the assessment centre's "Invited". */
const MOVED_TO_ASSESSMENT = {
  id: 'a1',
  stageId: 9,
  stageName: 'At assessment centre',
  substageId: '9-invited',
  substageName: 'Invited',
  stageStatus: 'INVITED',
  lastChangeAt: '2026-10-03T09:00:00.000Z',
  version: 3,
};

describe('/manager/candidate/:id', () => {
  it('shows the application, the role’s panel, documents, notes and the history of moves', async () => {
    startHiring('/manager/candidate/a1', api());
    await open();
    expect(screen.getByText('At interview – To invite')).toBeTruthy();
    expect(screen.getByText('University of Leeds')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download ada-cv.pdf' })).toBeTruthy();
    const historySection = screen.getByRole('region', { name: 'History' });
    await within(historySection).findByText('Applied to At interview');
    expect(within(historySection).getByText('Entered Applied')).toBeTruthy();
    // Only one's own notes can be edited (a hiring manager, not an admin).
    const notes = screen.getByRole('region', { name: 'Notes' });
    expect(within(notes).getAllByRole('button', { name: /^Edit/ })).toHaveLength(1);
  });

  it('on the contextual edition: each flag with what set it, and the PI with the school figure it is set against', async () => {
    const measure = { measure: 'MEDIAN_ATAR', value: 55.6, source: 'School results', year: 2024 };
    const contextual: CandidatePanel['contextual'] = {
      flags: [
        { id: 'FREE_SCHOOL_MEALS', field: 'freeSchoolMeals', answer: 'Yes' },
        { id: 'LOW_PERFORMING_SCHOOL', field: 'secondarySchool', answer: 'Playford International College', measure },
      ],
      schools: [
        {
          field: 'secondarySchool',
          name: 'Playford International College',
          measures: [measure],
          percentile: 0,
          band: 1,
        },
      ],
      ks4Points: null,
      ks5: { system: 'ATAR', points: 80 },
      performanceIndex: {
        system: 'ATAR',
        candidatePoints: 80,
        schoolPoints: 55.6,
        school: 'Playford International College',
        measure,
        index: 143.9,
        outperformance: 43.9,
      },
      schoolPercentile: 0,
      university: NO_UNIVERSITY,
      area: null,
    };
    startHiring(
      '/manager/candidate/a1',
      api((call) =>
        call.method === 'GET' && call.url === PANEL ? { status: 200, data: panel({ contextual }) } : undefined,
      ),
    );
    await open();
    const section = screen.getByRole('region', { name: 'Contextual data' });
    expect(
      within(section).getByText('Answered “Yes” to the question about free school meals (or family income support).'),
    ).toBeTruthy();
    expect(
      within(section).getByText(
        'Playford International College is in the bottom fifth of schools: median ATAR 55.6 (source: School results, 2024).',
      ),
    ).toBeTruthy();
    expect(
      within(section).getByText("143.9: 80 against Playford International College's median ATAR of 55.6 (43.9% above)"),
    ).toBeTruthy();
  });

  it('another edition: no contextual section', async () => {
    startHiring('/manager/candidate/a1', api());
    await open();
    expect(screen.queryByRole('region', { name: 'Contextual data' })).toBeNull();
  });

  it('the back link returns to the list the manager came from (spec §2 return)', async () => {
    const list = '/manager/search?search=%7B%22roleId%22%3A%22r1%22%2C%22page%22%3A2%7D';
    startHiring(`/manager/candidate/a1?return=${encodeURIComponent(list)}`, api());
    await open();
    expect(screen.getByRole('link', { name: 'Back to candidates' }).getAttribute('href')).toBe(list);
  });

  it.each([
    ['candidatesx', '/manager/search?list=candidatesx'],
    ['/manager/candidatesc', '/manager/candidatesc'],
    ['https://evil.example/candidatesc', '/manager/search?list=candidatesc'],
    ['', '/manager/search'],
  ])('return=%s goes back to %s', async (value, target) => {
    startHiring(`/manager/candidate/a1?return=${encodeURIComponent(value)}`, api());
    await open();
    expect(screen.getByRole('link', { name: 'Back to candidates' }).getAttribute('href')).toBe(target);
  });

  it('checks scores against the stage’s metrics before sending them (spec §5 ranges)', async () => {
    const saved: StageScores = {
      stageId: 3,
      stageName: 'At interview',
      metrics: stages.find((s) => s.id === 3)!.metrics,
      values: { communication: 4, motivation: 3, recommend: true, interviewNotes: 'Clear thinker' },
      totalScore: 7,
      updatedAt: '2026-10-03T09:00:00.000Z',
    };
    const { calls } = startHiring(
      '/manager/candidate/a1',
      api((call) =>
        call.method === 'PUT' && call.url === `${PANEL}/score` ? { status: 200, data: saved } : undefined,
      ),
    );
    await open();
    const scores = screen.getByRole('form', { name: 'Scores for At interview' });
    expect(within(scores).getByLabelText('Communication')).toHaveProperty('type', 'number');
    fireEvent.change(within(scores).getByLabelText('Communication'), { target: { value: '9' } });
    fireEvent.change(within(scores).getByLabelText('Motivation'), { target: { value: '3' } });
    fireEvent.click(within(scores).getByRole('button', { name: 'Save scores' }));
    const summary = await within(scores).findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Communication must be from 0 to 5' })).toBeTruthy();
    expect(within(scores).getByLabelText('Communication').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(within(scores).getByLabelText('Communication'), { target: { value: '4' } });
    fireEvent.click(within(scores).getByRole('radio', { name: 'Yes' }));
    fireEvent.change(within(scores).getByLabelText('Interview notes'), { target: { value: 'Clear thinker' } });
    fireEvent.click(within(scores).getByRole('button', { name: 'Save scores' }));
    await within(scores).findByText('Scores for At interview saved. Total score: 7');
    // The stage's total is the application's total score now; the total field stays empty, so the next save adds up
    // again.
    expect(within(screen.getByRole('region', { name: 'Application' })).getByText('7', { selector: 'dd' })).toBeTruthy();
    expect((within(scores).getByLabelText('Total score (optional)') as HTMLInputElement).value).toBe('');
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe(`${PANEL}/score`);
    expect(bodyOf(put)).toEqual({
      stageId: 3,
      scores: { communication: 4, motivation: 3, recommend: true, interviewNotes: 'Clear thinker' },
    });
  });

  it('scores a date metric in epoch seconds and a percent within 0–100', async () => {
    const { calls } = startHiring(
      '/manager/candidate/a1',
      api((call) =>
        call.method === 'PUT'
          ? {
              status: 200,
              data: {
                stageId: 9,
                stageName: 'At assessment centre',
                metrics: [],
                values: JSON.parse(String(call.data)).scores,
                totalScore: 8,
                updatedAt: null,
              },
            }
          : undefined,
      ),
    );
    await open();
    fireEvent.change(screen.getByLabelText('Stage to score'), { target: { value: '9' } });
    const scores = screen.getByRole('form', { name: 'Scores for At assessment centre' });
    fireEvent.change(within(scores).getByLabelText('Group exercise'), { target: { value: '3.5' } });
    fireEvent.change(within(scores).getByLabelText('Assessed on'), { target: { value: '2026-11-05' } });
    fireEvent.click(within(scores).getByRole('button', { name: 'Save scores' }));
    await within(scores).findByText(/saved/);
    expect(bodyOf(calls.find((c) => c.method === 'PUT'))).toEqual({
      stageId: 9,
      scores: { groupExercise: 3.5, presentation: null, assessedOn: Date.UTC(2026, 10, 5) / 1000 },
    });
  });

  it('says which message a move sends and can move without sending it (issue 16)', async () => {
    const { calls } = startHiring(
      '/manager/candidate/a1',
      api((call) => {
        if (call.url === '/v1/communications/templates')
          return { status: 200, data: [messageTemplate('Assessment invitation', { stageId: 9, substageId: null })] };
        if (call.url === `/v1/candidate/a1/stage/9/9-invited/organization/${organization.id}`)
          return { status: 200, data: MOVED_TO_ASSESSMENT };
        return undefined;
      }),
    );
    await open();
    const move = screen.getByRole('region', { name: 'Move' });
    expect(within(move).queryByText(/This move sends/)).toBeNull();
    fireEvent.change(within(move).getByLabelText('Stage'), { target: { value: '9' } });
    fireEvent.change(within(move).getByLabelText('Substage'), { target: { value: '9-invited' } });
    expect(
      await within(move).findByText('This move sends the message “Assessment invitation” to the candidates moved.'),
    ).toBeTruthy();
    fireEvent.click(within(move).getByLabelText("Don't send the message"));
    fireEvent.click(within(move).getByRole('button', { name: 'Move candidate' }));
    await screen.findByText('Moved to At assessment centre – Invited');
    expect(calls.find((c) => c.url.includes('/stage/9/9-invited/'))?.params).toMatchObject({ skipMessage: true });
  });

  it('sends a message to the candidate and follows it until sent (issue 16)', async () => {
    const batch = {
      id: 'b1',
      channel: 'EMAIL',
      templateName: 'Update',
      total: 1,
      queued: 1,
      sent: 0,
      failed: 0,
      skipped: 0,
      optedOut: 0,
      done: false,
      createdAt: '2026-10-03T09:00:00.000Z',
    };
    const { calls } = startHiring(
      '/manager/candidate/a1',
      api((call) => {
        if (call.url === '/v1/communications/templates')
          return { status: 200, data: [messageTemplate('Update', null)] };
        if (call.method === 'POST' && call.url === '/v1/communications/send') return { status: 202, data: batch };
        if (call.url === '/v1/communications/batches/b1')
          return { status: 200, data: { ...batch, queued: 0, sent: 1, done: true } };
        return undefined;
      }),
    );
    await open();
    const messages = screen.getByRole('region', { name: 'Messages sent' });
    fireEvent.click(within(messages).getByRole('button', { name: 'Send a message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a message to 1 candidate' });
    await waitFor(() => expect(within(dialog).getByLabelText('Template')).toBeTruthy());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to 1 candidate' }));
    expect(await within(dialog).findByText('Sending: 0 of 1 sent so far.')).toBeTruthy();
    expect(bodyOf(calls.find((c) => c.url === '/v1/communications/send'))).toEqual({ templateId: 't1', ids: ['a1'] });
    expect(await within(dialog).findByText('Finished: 1 of 1 sent.', {}, { timeout: 3000 })).toBeTruthy();
  });

  it('moves, undoes, and adds a note', async () => {
    const { calls } = startHiring(
      '/manager/candidate/a1',
      api((call) => {
        if (call.url === `/v1/candidate/a1/stage/9/9-invited/organization/${organization.id}`)
          return { status: 200, data: MOVED_TO_ASSESSMENT };
        if (call.url === '/v1/candidate/a1/undo') return { status: 409, data: { message: 'Nothing to undo' } };
        if (call.method === 'PUT' && call.url === `${PANEL}/note`)
          return { status: 201, data: note({ id: 'n3', body: JSON.parse(String(call.data)).comment }) };
        return undefined;
      }),
    );
    await open();
    const move = screen.getByRole('region', { name: 'Move' });
    fireEvent.change(within(move).getByLabelText('Stage'), { target: { value: '9' } });
    fireEvent.change(within(move).getByLabelText('Substage'), { target: { value: '9-invited' } });
    fireEvent.click(within(move).getByRole('button', { name: 'Move candidate' }));
    await screen.findByText('Moved to At assessment centre – Invited');
    expect(screen.getByText('At assessment centre – Invited', { selector: 'dd' })).toBeTruthy();
    // The history shows a move to undo; someone else undoing it meanwhile is the server's 409, shown as it says.
    const undo = () =>
      within(screen.getByRole('region', { name: 'Move' })).getByRole('button', { name: 'Undo last move' });
    await waitFor(() => expect(undo().hasAttribute('disabled')).toBe(false));
    fireEvent.click(undo());
    expect((await screen.findByRole('alert')).textContent).toContain('Nothing to undo');

    const notes = screen.getByRole('region', { name: 'Notes' });
    fireEvent.click(within(notes).getByRole('button', { name: 'Add note' }));
    expect(await within(notes).findByText('Enter some text')).toBeTruthy();
    fireEvent.change(within(notes).getByLabelText('Add a note'), {
      target: { value: 'Invite to the assessment centre.' },
    });
    fireEvent.click(within(notes).getByRole('button', { name: 'Add note' }));
    await within(notes).findByText('Invite to the assessment centre.');
    expect(bodyOf(calls.find((c) => c.url === `${PANEL}/note`))).toEqual({
      comment: 'Invite to the assessment centre.',
    });
  });

  it('offers no Undo last move when there is no move to undo, and says why', async () => {
    const submitted = history[1]!;
    startHiring(
      '/manager/candidate/a1',
      api((call) =>
        call.method === 'GET' && call.url === '/v1/candidate/a1/history'
          ? { status: 200, data: [submitted] }
          : undefined,
      ),
    );
    await open();
    await within(screen.getByRole('region', { name: 'History' })).findByText('Entered Applied');
    const undo = within(screen.getByRole('region', { name: 'Move' })).getByRole('button', { name: 'Undo last move' });
    expect(undo.hasAttribute('disabled')).toBe(true);
    const reason = document.getElementById(undo.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('There is no move to undo.');
  });

  it('enables Undo last move after a move, and disables it again once that move is undone', async () => {
    const [moved, submitted] = history as [HistoryEntry, HistoryEntry];
    let entries: HistoryEntry[] = history;
    const { calls } = startHiring(
      '/manager/candidate/a1',
      api((call) => {
        if (call.method === 'GET' && call.url === '/v1/candidate/a1/history') return { status: 200, data: entries };
        if (call.url === '/v1/candidate/a1/undo') {
          entries = [
            {
              ...moved,
              id: 'h3',
              kind: 'UNDO',
              from: moved.to,
              to: moved.from!,
              createdAt: '2026-10-03T09:00:00.000Z',
            },
            { ...moved, undone: true },
            submitted,
          ];
          return {
            status: 200,
            data: {
              id: 'a1',
              stageId: 1,
              stageName: 'Applied',
              substageId: '1-new',
              substageName: 'New',
              stageStatus: 'PENDING',
              lastChangeAt: '2026-10-03T09:00:00.000Z',
              version: 3,
            },
          };
        }
        return undefined;
      }),
    );
    await open();
    const undo = () =>
      within(screen.getByRole('region', { name: 'Move' })).getByRole('button', { name: 'Undo last move' });
    await within(screen.getByRole('region', { name: 'History' })).findByText('Applied to At interview');
    await waitFor(() => expect(undo().hasAttribute('disabled')).toBe(false));
    fireEvent.click(undo());
    await screen.findByText('Move undone: back in Applied – New');
    await waitFor(() => expect(undo().hasAttribute('disabled')).toBe(true));
    expect(calls.filter((c) => c.url === '/v1/candidate/a1/undo')).toHaveLength(1);
  });

  it('applies the engine’s move rules: an assessment under way holds the candidate, hidden substages are not offered', async () => {
    const withProvider = stages.map((s) =>
      s.id === 2
        ? { ...s, provider: { kind: 'psychometricTest' as const, excluded: ['2-invited', '2-in-progress'] } }
        : s,
    );
    const invited = panel();
    invited.application = {
      ...invited.application,
      stageId: 2,
      stageName: 'At online test',
      substageId: '2-invited',
      substageName: 'Invited',
      stageStatus: 'INVITED',
    };
    startHiring(
      '/manager/candidate/a1',
      api((call) => {
        if (call.method === 'GET' && call.url === PANEL) return { status: 200, data: invited };
        return undefined;
      }),
      withProvider,
    );
    await open();
    const move = screen.getByRole('region', { name: 'Move' });
    expect(within(move).getByText(/This candidate cannot be moved now: invited at At online test/)).toBeTruthy();
    expect((within(move).getByRole('button', { name: 'Move candidate' }) as HTMLButtonElement).disabled).toBe(true);
    const substages = within(move)
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'));
    expect(substages).toContain('2-to-invite');
    expect(substages).not.toContain('2-invited');
    expect(substages).not.toContain('2-in-progress');
  });

  it('saves reasonable adjustments (extra time 0–100 %) and lists the messages sent, a page at a time', async () => {
    const { calls } = startHiring(
      '/manager/candidate/a1',
      api((call) => {
        if (call.method === 'PUT' && call.url === `${PANEL}/adjustment`)
          return { status: 200, data: JSON.parse(String(call.data)) };
        if (call.url === `${PANEL}/contact/0`)
          return {
            status: 200,
            data: {
              ...pageInfo(0, 1, 2, 1),
              content: [
                {
                  id: 'm2',
                  channel: 'EMAIL',
                  subject: 'Your application to Acme',
                  text: 'Dear Ada,\n\nThank you for applying.',
                  sender: 'Grace Hopper',
                  detail: null,
                  status: 'SENT',
                  createdAt: '2026-10-02T09:00:00.000Z',
                  sentAt: '2026-10-02T09:01:00.000Z',
                },
              ],
            },
          };
        if (call.url === `${PANEL}/contact/1`)
          return {
            status: 200,
            data: {
              ...pageInfo(1, 1, 2, 1),
              content: [
                {
                  id: 'm1',
                  channel: 'SMS',
                  subject: '',
                  text: 'Your interview is on Monday.',
                  sender: null,
                  detail: 'The SMS provider answered 400',
                  status: 'FAILED',
                  createdAt: '2026-10-01T09:00:00.000Z',
                  sentAt: null,
                },
              ],
            },
          };
        return undefined;
      }),
    );
    await open();
    const adjustments = screen.getByRole('region', { name: 'Adjustments' });
    fireEvent.change(within(adjustments).getByLabelText('Extra assessment time (%)', { exact: false }), {
      target: { value: '150' },
    });
    fireEvent.click(within(adjustments).getByRole('button', { name: 'Save adjustments' }));
    expect(await within(adjustments).findByText('Extra assessment time must be a number from 0 to 100')).toBeTruthy();
    expect(calls.some((c) => c.url === `${PANEL}/adjustment`)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the button's 1 s click lock (spec §5)
    fireEvent.change(within(adjustments).getByLabelText('Extra assessment time (%)', { exact: false }), {
      target: { value: '25' },
    });
    fireEvent.change(within(adjustments).getByLabelText('Other adjustments'), {
      target: { value: ' Screen reader; a quiet room. ' },
    });
    fireEvent.click(within(adjustments).getByRole('button', { name: 'Save adjustments' }));
    await screen.findByText('Adjustments saved');
    expect(bodyOf(calls.find((c) => c.url === `${PANEL}/adjustment`))).toEqual({
      extraTimePercent: 25,
      notes: 'Screen reader; a quiet room.',
    });

    const messages = screen.getByRole('region', { name: 'Messages sent' });
    fireEvent.click(within(messages).getByRole('button', { name: 'Show messages sent to the candidate' }));
    await within(messages).findByText('Email: Your application to Acme');
    expect(within(messages).getByText(/^Sent .* by Grace Hopper$/)).toBeTruthy();
    fireEvent.click(within(messages).getByText('Show the message'));
    expect(within(messages).getByText(/Thank you for applying\./)).toBeTruthy();
    fireEvent.click(within(messages).getByRole('button', { name: 'Show older messages' }));
    await within(messages).findByText('SMS');
    expect(within(messages).getByText(/Could not be sent .* — The SMS provider answered 400$/)).toBeTruthy();
    expect(within(messages).queryByRole('button', { name: 'Show older messages' })).toBeNull();
  });

  it('copies the candidate to another role and links to the new application', async () => {
    const { calls } = startHiring(
      '/manager/candidate/a1?return=%2Fmanager%2Fsearch',
      api((call) => (call.url === '/v1/candidate/a1/copy/r2' ? { status: 201, data: { id: 'a9' } } : undefined)),
    );
    await open();
    const move = screen.getByRole('region', { name: 'Move' });
    // The application's own role is not offered.
    expect(
      [...((await within(move).findByLabelText('Role')) as HTMLSelectElement).options].map((o) => o.textContent),
    ).toEqual(['Summer Intern']);
    fireEvent.click(within(move).getByRole('button', { name: 'Copy candidate' }));
    const link = await within(move).findByRole('link', { name: 'Open the new application' });
    expect(link.getAttribute('href')).toBe('/manager/candidate/a9?return=%2Fmanager%2Fsearch');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/v1/candidate/a1/copy/r2']);
  });

  it('has no serious accessibility problems', async () => {
    const { container } = startHiring('/manager/candidate/a1', api());
    await open();
    await within(screen.getByRole('region', { name: 'History' })).findByText('Entered Applied');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says so when the application cannot be loaded (another organisation’s id answers 404)', async () => {
    startHiring('/manager/candidate/zz', api());
    expect(await screen.findByRole('heading', { level: 1, name: 'This candidate could not be loaded' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Not found');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Back to candidates' }).getAttribute('href')).toBe('/manager/search'),
    );
  });
});

describe('the candidate page: Signatures (decision 0080)', () => {
  const SIGNATURES = `${PANEL}/signature-requests`;
  const request = (overrides: Partial<SignatureRequest> = {}): SignatureRequest => ({
    id: 's1',
    documentId: 'd1',
    documentName: 'ada-cv.pdf',
    status: 'SIGNED',
    sentAt: '2026-10-03T09:00:00.000Z',
    sentBy: 'Rita Recruiter',
    completedAt: '2026-10-04T15:30:00.000Z',
    ...overrides,
  });

  it('lists the requests with their status, and sends a chosen document for signature', async () => {
    let sent = false;
    const { calls, container } = startHiring(
      '/manager/candidate/a1',
      api((call) => {
        if (call.method === 'GET' && call.url === SIGNATURES)
          return {
            status: 200,
            data: sent ? [request({ id: 's2', status: 'SENT', completedAt: null }), request()] : [request()],
          };
        if (call.method === 'POST' && call.url === SIGNATURES) {
          sent = true;
          return { status: 201, data: request({ id: 's2', status: 'SENT', completedAt: null }) };
        }
        return undefined;
      }),
    );
    await open();
    const section = screen.getByRole('region', { name: 'Signatures' });
    await waitFor(() => expect(within(section).getByText('Signed')).toBeTruthy());
    expect(
      within(section).getByText(/Sent 03\/10\/2026 \d\d:\d\d by Rita Recruiter · signed 04\/10\/2026/),
    ).toBeTruthy();
    const send = within(section).getByRole('button', { name: 'Send for signature' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(within(section).getByLabelText('Document to sign'), { target: { value: 'd1' } });
    fireEvent.click(send);
    await waitFor(() => expect(within(section).getByText('Sent')).toBeTruthy());
    expect(bodyOf(calls.find((c) => c.method === 'POST' && c.url === SIGNATURES))).toEqual({ documentId: 'd1' });
    expect(await screen.findByText('ada-cv.pdf sent to the candidate to sign')).toBeTruthy();
    expect(await seriousViolations(section)).toEqual([]);
    void container;
  });

  it('says when nothing was sent, and with no documents offers only an upload', async () => {
    startHiring(
      '/manager/candidate/a1',
      api((call) =>
        call.method === 'GET' && call.url === PANEL ? { status: 200, data: panel({ documents: [] }) } : undefined,
      ),
    );
    await open();
    const section = screen.getByRole('region', { name: 'Signatures' });
    expect(await within(section).findByText('No document has been sent for signature.')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Send for signature' })).toBeNull();
    expect(within(section).getByLabelText('Or a document of your own')).toBeTruthy();
  });

  it('uploads the team’s own document and sends it for signature', async () => {
    const { calls } = startHiring(
      '/manager/candidate/a1',
      api((call) => {
        if (call.method === 'POST' && call.url === `${PANEL}/signature-documents`)
          return {
            status: 201,
            data: {
              id: 'd9',
              name: 'offer.pdf',
              size: 10,
              contentType: 'application/pdf',
              fieldId: 'signatureDocument',
              createdAt: '2026-10-05T09:00:00.000Z',
            },
          };
        if (call.method === 'POST' && call.url === SIGNATURES)
          return {
            status: 201,
            data: request({ id: 's9', documentId: 'd9', documentName: 'offer.pdf', status: 'SENT', completedAt: null }),
          };
        return undefined;
      }),
    );
    await open();
    const section = screen.getByRole('region', { name: 'Signatures' });
    const button = within(section).getByRole('button', { name: 'Upload and send for signature' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const file = new File(['%PDF-1.4'], 'offer.pdf', { type: 'application/pdf' });
    fireEvent.change(within(section).getByLabelText('Or a document of your own'), { target: { files: [file] } });
    fireEvent.click(button);
    expect(await screen.findByText('offer.pdf sent to the candidate to sign')).toBeTruthy();
    const upload = calls.find((c) => c.url === `${PANEL}/signature-documents`);
    expect(upload?.data).toBeInstanceOf(FormData);
    expect(bodyOf(calls.find((c) => c.method === 'POST' && c.url === SIGNATURES))).toEqual({ documentId: 'd9' });
  });
});
