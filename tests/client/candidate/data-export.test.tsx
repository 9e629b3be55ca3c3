import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { http } from '#client/api/http';
import { recordSavedFiles, renderApp } from '../support';
import { fakeAdapter, type Handler } from '../auth/fake-api';
import { candidate } from './fixtures';

/* The right of access (decision 0055): /settings downloads everything held about the person as a zip. */

let original: AxiosAdapter | undefined;
let saved: Array<{ name: string }>;
beforeEach(() => {
  original = http.defaults.adapter as AxiosAdapter | undefined;
  saved = recordSavedFiles();
});
afterEach(() => {
  http.defaults.adapter = original;
  vi.restoreAllMocks();
});

function start(handler: Handler) {
  const fake = fakeAdapter(handler);
  http.defaults.adapter = fake.adapter;
  renderApp('/settings', { user: candidate });
  return fake.calls;
}

describe('Download your data on /settings', () => {
  it('saves the archive the server makes', async () => {
    const calls = start((call) =>
      call.url === '/v1/user/data-export' ? { status: 200, data: new Blob(['PK']) } : { status: 404, data: {} },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['my-data.zip']));
    expect(calls.filter((c) => c.url === '/v1/user/data-export').map((c) => c.method)).toEqual(['GET']);
  });

  it('says why when it fails', async () => {
    start((call) =>
      call.url === '/v1/user/data-export'
        ? { status: 500, data: { message: 'Something went wrong' } }
        : { status: 404, data: {} },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect((await screen.findByRole('alert')).textContent).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
