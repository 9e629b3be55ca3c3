import { describe, expect, it, vi } from 'vitest';
import { Provider } from 'jotai';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { CHUNK_LOAD_TIMEOUT_MS } from '#engine/constants';
import { ChunkLoadError, loadChunk } from '#client/app/chunk-load';
import { AppRoutes, pageRoute } from '#client/app/router';
import { loadedStore } from './support';

function appWith(load: () => Promise<never>) {
  return (
    <MemoryRouter initialEntries={['/']}>
      <AppRoutes routes={[pageRoute('/', load)]} />
    </MemoryRouter>
  );
}

describe('a page chunk that fails to load (spec §8)', () => {
  it('says the page could not be loaded and offers a reload, not the crash screen', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <Provider store={loadedStore()}>
        {appWith(() =>
          Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/pages-x.js')),
        )}
      </Provider>,
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('This page could not be loaded');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    consoleError.mockRestore();
  });

  it('gives up after 120 s', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise<never>(() => {}));
    const outcome = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(ChunkLoadError);
  });

  it('passes other errors through unchanged', async () => {
    const error = new RangeError('a bug');
    await expect(loadChunk(() => Promise.reject(error))).rejects.toBe(error);
  });
});
