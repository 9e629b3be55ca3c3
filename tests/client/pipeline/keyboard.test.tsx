import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { encodeSearchState, DEFAULT_SEARCH_STATE } from '#engine/pipeline/search';
import { rowCommand, type KeyPress } from '#client/features/pipeline/row-keys';
import { organization, people, searchPage, seriousViolations, startHiring } from './fixtures';

/* Keyboard screening of the candidate list (issue 18, decision 0067). */

const SEARCH_URL = `/v1/search/candidate/${organization.id}`;
const LIST = `/manager/search?search=${encodeURIComponent(encodeSearchState({ ...DEFAULT_SEARCH_STATE, roleId: 'r1' }))}`;

const press = (key: string, target: Element = document.activeElement ?? document.body) =>
  fireEvent.keyDown(target, { key });
const focused = () => document.activeElement?.textContent;

async function openList() {
  const app = startHiring(LIST, (call) =>
    call.url === SEARCH_URL ? { status: 200, data: searchPage(people) } : { status: 404 },
  );
  await screen.findByText('3 candidates found');
  return app;
}

describe('which key means what (rowCommand)', () => {
  const table = document.createElement('table');
  table.innerHTML =
    '<tbody><tr data-row-id="a1"><td><input type="checkbox"></td><th><a href="/x">Ada</a></th></tr></tbody>';
  const [checkbox, link] = [table.querySelector('input')!, table.querySelector('a')!];
  const outside = document.createElement('div');
  const textField = document.createElement('input');
  const keyOf = (key: string, target: Element, more: Partial<KeyPress> = {}): KeyPress => ({
    key,
    target,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...more,
  });

  it.each([
    ['j anywhere on the page', keyOf('j', outside), true, 'next'],
    ['k in the table', keyOf('k', link), true, 'previous'],
    ['x on a row', keyOf('x', link), true, 'toggle'],
    ['m for the actions', keyOf('m', outside), true, 'actions'],
    ['? for the help', keyOf('?', outside), true, 'help'],
    ['the down arrow in the table', keyOf('ArrowDown', link), true, 'next'],
    ['the arrows even with single keys off', keyOf('ArrowUp', checkbox), false, 'previous'],
    ["Enter on a row's checkbox", keyOf('Enter', checkbox), true, 'open'],
    ['j while typing in a field', keyOf('j', textField), true, null],
    ['j with Ctrl (a browser shortcut)', keyOf('j', outside, { ctrlKey: true }), true, null],
    ['j with single keys off', keyOf('j', outside), false, null],
    ['the down arrow outside the table (it scrolls the page)', keyOf('ArrowDown', outside), true, null],
    ['Enter on the link (the browser opens it)', keyOf('Enter', link), true, null],
  ])('%s', (_what, press, singleKeys, command) => {
    expect(rowCommand(press, table, singleKeys)).toBe(command);
  });
});

describe('/manager/search by keyboard', () => {
  it('j, k and the arrows move through the rows; x selects; m goes to the actions; Enter opens and Back returns to the row with the selection kept', async () => {
    const { router } = await openList();
    press('j', document.body);
    expect(focused()).toBe('Ada Lovelace');
    press('j');
    press('j');
    expect(focused()).toBe('Alan Turing');
    press('j');
    expect(focused()).toBe('Alan Turing');
    press('k');
    expect(focused()).toBe('Grace Hopper');
    press('ArrowUp');
    expect(focused()).toBe('Ada Lovelace');
    press('ArrowDown');

    press('x');
    press('j');
    press('x');
    expect(screen.getByText('2 candidates selected.')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Select Grace Hopper' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Select Alan Turing' }) as HTMLInputElement).checked).toBe(true);
    press('x');
    expect(screen.getByText('1 candidate selected.')).toBeTruthy();
    press('x');

    press('m');
    expect(document.activeElement).toBe(screen.getByLabelText('Move to stage'));
    // Typing in a field is typing: j there moves nothing.
    press('j');
    expect(document.activeElement).toBe(screen.getByLabelText('Move to stage'));

    // Enter on a row's checkbox opens the candidate; Back returns to that row, still selected.
    const graceBox = screen.getByRole('checkbox', { name: 'Select Grace Hopper' });
    graceBox.focus();
    // Awaited: the candidate page's chunk downloads during the navigation (React suspends, the list stays shown).
    await act(async () => {
      press('Enter');
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/manager/candidate/a2'));
    await act(() => router.navigate(-1));
    await screen.findByText('3 candidates found');
    await waitFor(() => expect(focused()).toBe('Grace Hopper'));
    expect(screen.getByText('2 candidates selected.')).toBeTruthy();
  }, 60_000);

  it('? and the visible button show the shortcuts; the switch turns the single keys off, the arrows still work', async () => {
    await openList();
    press('?', document.body);
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByRole('cell', { name: 'Select or unselect the candidate' })).toBeTruthy();
    expect(await seriousViolations(dialog)).toEqual([]);
    const toggle = within(dialog).getByRole('switch', { name: 'Single-key shortcuts (j, k, x, m, ?)' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem('candidateListSingleKeys')).toBe('false');

    press('j', document.body);
    expect(document.activeElement).toBe(document.body);
    screen.getByRole('link', { name: 'Ada Lovelace' }).focus();
    press('ArrowDown');
    expect(focused()).toBe('Grace Hopper');
    press('x');
    expect(screen.getByText(/No candidates selected/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
  });

  it('the filter panel folds away and stays folded in this browser', async () => {
    await openList();
    const hide = screen.getByRole('button', { name: 'Hide filters' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(hide);
    expect(screen.queryByRole('search', { name: 'Filter candidates' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Show filters' }).getAttribute('aria-expanded')).toBe('false');
    expect(localStorage.getItem('searchFiltersShown')).toBe('false');
  });
});
