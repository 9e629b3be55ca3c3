import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { SPINNER_DELAY_MS } from '#engine/constants';
import { DelayedSpinner } from '#client/ui/spinner/delayed-spinner';

describe('DelayedSpinner', () => {
  it('renders nothing for the first 300 ms, then an announced spinner', () => {
    vi.useFakeTimers();
    const { container } = render(<DelayedSpinner />);
    expect(container.innerHTML).toBe('');
    act(() => vi.advanceTimersByTime(SPINNER_DELAY_MS - 1));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toBe('Loading…');
  });

  it('cancels its timer when unmounted', () => {
    vi.useFakeTimers();
    const { unmount } = render(<DelayedSpinner />);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
