import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { TOAST_TIMEOUT_MS } from '#engine/constants';
import { ToastRegion } from '#client/app/toast-region';
import { finishProcessAtom, processAtom, showToastAtom, toastsAtom } from '#client/state/process';
import { renderWithStore } from './support';

describe('toasts', () => {
  it('clear after 5 s', () => {
    vi.useFakeTimers();
    const { store } = renderWithStore(<ToastRegion />);
    act(() => store.set(showToastAtom, { kind: 'success', message: 'User updated' }));
    expect(screen.getByText('User updated')).toBeTruthy();
    act(() => vi.advanceTimersByTime(TOAST_TIMEOUT_MS - 1));
    expect(screen.queryByText('User updated')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('User updated')).toBeNull();
    expect(store.get(toastsAtom)).toEqual([]);
  });

  it('honour their own timeout', () => {
    vi.useFakeTimers();
    const { store } = renderWithStore(<ToastRegion />);
    act(() => store.set(showToastAtom, { kind: 'info', message: 'Group refreshed', timeoutMs: 1000 }));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Group refreshed')).toBeNull();
  });

  it('can be dismissed, and announce errors as alerts', () => {
    const { store } = renderWithStore(<ToastRegion />);
    act(() => store.set(finishProcessAtom, { type: 'login', status: 'failure', message: 'Bad credentials' }));
    expect(store.get(processAtom)).toEqual({ type: 'login', status: 'failure', message: 'Bad credentials' });
    expect(screen.getByRole('alert').textContent).toContain('Bad credentials');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Bad credentials')).toBeNull();
  });

  it('sit in a labelled polite live region', () => {
    renderWithStore(<ToastRegion />);
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.querySelector('[aria-live="polite"]')).not.toBeNull();
  });
});
