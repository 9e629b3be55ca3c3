import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { FATAL_ERROR_TITLE } from '#engine/constants';
import { AppErrorBoundary } from '#client/app/error-boundary';

function Broken(): never {
  throw new Error('boom');
}

describe('AppErrorBoundary', () => {
  it('renders the fatal error screen when a child throws', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(FATAL_ERROR_TITLE);
    expect(screen.getByText(/contact your client success manager or visit the FAQ page/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('renders its children when nothing throws', () => {
    render(
      <AppErrorBoundary>
        <p>fine</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByText('fine')).toBeTruthy();
  });
});
