import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CandidateSearchFilters } from '#schemas/search';
import { DEFAULT_SEARCH_STATE, encodeSearchState } from '#engine/pipeline/search';
import type { MoveResult } from '#client/api/pipeline';
import type { Call, Reply } from '../auth/fake-api';
import { bodyOf, candidateRow, organization, searchPage, seriousViolations, startHiring } from './fixtures';

const BOARD = `/manager/search?view=board&search=${encodeURIComponent(encodeSearchState({ ...DEFAULT_SEARCH_STATE, roleId: 'r1' }))}`;
const FAST = `/v1/search/fastCandidate/${organization.id}`;

const ada = candidateRow();
const grace = candidateRow({
  id: 'a2',
  name: 'Grace Hopper',
  stageId: 28,
  stageName: 'For review',
  substageId: '28-to-review',
  substageName: 'To review',
});

function moved(id: string, stageId: number, stageName: string, substageId: string, substageName: string): MoveResult {
  return {
    id,
    stageId,
    stageName,
    substageId,
    substageName,
    stageStatus: 'PENDING',
    lastChangeAt: '2026-10-03T09:00:00.000Z',
    version: 3,
  };
}

/** The board's columns: one fastCandidate page per stage; Ada in Applied, Grace in For review. */
function api(move: (call: Call) => Reply) {
  return (call: Call): Reply => {
    if (call.url === FAST) {
      const filters = (bodyOf(call) as { filters: CandidateSearchFilters }).filters;
      const rows = [ada, grace].filter((row) => row.stageId === filters.stageId);
      return { status: 200, data: searchPage(rows, { total: rows.length }) };
    }
    if (call.method === 'POST' && call.url.includes('/ostage/')) return move(call);
    return { status: 404, data: { message: 'Not found' } };
  };
}

const column = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name} \\(`) });
const cardNames = (name: string) =>
  within(column(name))
    .queryAllByRole('link')
    .filter((link) => link.closest('li'))
    .map((link) => link.textContent);

describe('the board: one column per stage, moves by keyboard, menu or drag', () => {
  it('moves a card with the keyboard alone: Space picks up, arrows choose the stage, Space drops', async () => {
    const { calls } = startHiring(
      BOARD,
      api(() => ({ status: 200, data: moved('a1', 28, 'For review', '28-to-review', 'To review') })),
    );
    await screen.findByRole('heading', { name: 'Applied (1)' });
    expect(cardNames('Applied')).toEqual(['Ada Lovelace']);
    // Each column asked for its own stage, with the role's filters.
    expect(
      calls.filter((c) => c.url === FAST).map((c) => (bodyOf(c) as { filters: CandidateSearchFilters }).filters),
    ).toContainEqual({ roleId: 'r1', stageId: 1 });

    const handle = screen.getByRole('button', { name: 'Move Ada Lovelace' });
    handle.focus();
    fireEvent.keyDown(handle, { key: ' ' });
    expect(handle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(/Picked up Ada Lovelace in Applied/)).toBeTruthy();
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(screen.getByText('For review, stage 2 of 10')).toBeTruthy();
    fireEvent.keyDown(handle, { key: ' ' });

    // Shown at once, confirmed by the server, focus kept on the moved card.
    await waitFor(() => expect(cardNames('For review')).toEqual(['Ada Lovelace', 'Grace Hopper']));
    expect(cardNames('Applied')).toEqual([]);
    expect(screen.getByRole('heading', { name: 'For review (2)' })).toBeTruthy();
    await screen.findByText('Ada Lovelace moved to For review', { selector: 'p' });
    const posts = calls.filter((c) => c.method === 'POST' && c.url.includes('/ostage/'));
    expect(posts.map((c) => c.url)).toEqual(['/v1/candidate/a1/ostage/28']);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Ada Lovelace' })));
  });

  it('Escape cancels a keyboard move and nothing is sent', async () => {
    const { calls } = startHiring(
      BOARD,
      api(() => ({ status: 500 })),
    );
    await screen.findByRole('heading', { name: 'Applied (1)' });
    const handle = screen.getByRole('button', { name: 'Move Ada Lovelace' });
    fireEvent.keyDown(handle, { key: 'Enter' });
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyDown(handle, { key: 'Escape' });
    expect(screen.getByText('Move cancelled. Ada Lovelace stays in Applied.')).toBeTruthy();
    expect(cardNames('Applied')).toEqual(['Ada Lovelace']);
    expect(calls.some((c) => c.url.includes('/ostage/'))).toBe(false);
  });

  it('puts the card back and says why when the server refuses the move (409)', async () => {
    startHiring(
      BOARD,
      api(() => ({ status: 409, data: { message: 'This candidate cannot be moved at this stage status' } })),
    );
    await screen.findByRole('heading', { name: 'For review (1)' });
    fireEvent.click(screen.getByRole('button', { name: /^Move to… ?Grace Hopper$/ }));
    const menu = screen.getByRole('list', { name: 'Move Grace Hopper to' });
    expect(within(menu).getByRole('button', { name: 'For review (current)' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(menu).getByRole('button', { name: 'At interview' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Grace Hopper could not move: This candidate cannot be moved at this stage status',
    );
    expect(cardNames('For review')).toEqual(['Grace Hopper']);
    expect(cardNames('At interview')).toEqual([]);
  });

  it('the Move to… list closes with Escape (focus back on its button) and with a click elsewhere', async () => {
    startHiring(
      BOARD,
      api(() => ({ status: 500 })),
    );
    await screen.findByRole('heading', { name: 'Applied (1)' });
    const button = screen.getByRole('button', { name: /^Move to… ?Ada Lovelace$/ });
    fireEvent.click(button);
    const menu = screen.getByRole('list', { name: 'Move Ada Lovelace to' });
    await waitFor(() => expect(document.activeElement).toBe(within(menu).getByRole('button', { name: 'For review' })));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('list', { name: 'Move Ada Lovelace to' })).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    fireEvent.mouseDown(screen.getByRole('heading', { level: 1 }));
    expect(screen.queryByRole('list', { name: 'Move Ada Lovelace to' })).toBeNull();
  });

  it('moves by drag and drop too', async () => {
    const { calls } = startHiring(
      BOARD,
      api(() => ({ status: 200, data: moved('a1', 3, 'At interview', '3-to-invite', 'To invite') })),
    );
    await screen.findByRole('heading', { name: 'Applied (1)' });
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (k: string, v: string) => data.set(k, v),
      getData: (k: string) => data.get(k) ?? '',
      dropEffect: 'none',
      effectAllowed: 'all',
    };
    const card = screen.getByRole('link', { name: 'Ada Lovelace' }).closest('li')!;
    fireEvent.dragStart(card, { dataTransfer });
    fireEvent.dragOver(column('At interview'), { dataTransfer });
    fireEvent.drop(column('At interview'), { dataTransfer });
    await waitFor(() => expect(cardNames('At interview')).toEqual(['Ada Lovelace']));
    expect(calls.filter((c) => c.url.includes('/ostage/')).map((c) => c.url)).toEqual(['/v1/candidate/a1/ostage/3']);
  });

  it("a drop on a stage that sends a message asks first: moving without it skips the stage's message", async () => {
    const template = {
      id: 't1',
      name: 'Interview news',
      channel: 'EMAIL',
      kind: 'GENERAL',
      texts: { en: { subject: 'News', body: '<p>News</p>' } },
      trigger: { stageId: 3, substageId: null },
      updatedAt: '2026-10-03T09:00:00.000Z',
    };
    const moves = api(() => ({ status: 200, data: moved('a1', 3, 'At interview', '3-to-invite', 'To invite') }));
    const { calls } = startHiring(BOARD, (call) =>
      call.url === '/v1/communications/templates' ? { status: 200, data: [template] } : moves(call),
    );
    await screen.findByRole('heading', { name: 'Applied (1)' });
    await waitFor(() => expect(calls.some((c) => c.url === '/v1/communications/templates')).toBe(true));
    const dataTransfer = { setData: () => undefined, getData: () => 'a1', dropEffect: 'none', effectAllowed: 'all' };
    fireEvent.drop(column('At interview'), { dataTransfer });
    const dialog = await screen.findByRole('dialog', { name: 'Move Ada Lovelace to At interview?' });
    expect(dialog.textContent).toContain('This move sends the message “Interview news” to the candidates moved.');
    expect(calls.some((c) => c.url.includes('/ostage/'))).toBe(false);
    expect(await seriousViolations(document.body)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move without the message' }));
    await waitFor(() => expect(cardNames('At interview')).toEqual(['Ada Lovelace']));
    const post = calls.find((c) => c.url.includes('/ostage/'))!;
    expect([post.url, post.params]).toEqual(['/v1/candidate/a1/ostage/3', { skipMessage: true }]);

    // A drop on a stage with no message moves at once.
    fireEvent.drop(column('For review'), { dataTransfer });
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/ostage/'))).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('has no serious accessibility problems, with the menu open', async () => {
    const { container } = startHiring(
      BOARD,
      api(() => ({ status: 500 })),
    );
    await screen.findByRole('heading', { name: 'Applied (1)' });
    expect(await seriousViolations(container)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /^Move to… ?Ada Lovelace$/ }));
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('asks for a role first', async () => {
    startHiring(
      '/manager/search?view=board',
      api(() => ({ status: 500 })),
    );
    expect(await screen.findByText('Choose a role to see its board.')).toBeTruthy();
  });
});
