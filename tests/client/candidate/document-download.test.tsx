import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { http } from '#client/api/http';
import { organisationFixture, recordSavedFiles, renderApp, stepsOnly } from '../support';
import { fakeAdapter, type Handler } from '../auth/fake-api';
import { candidate, recordFixture, roleFixture } from './fixtures';

/* Decision 0011: every uploaded document a candidate page lists has a download link. */

const organization = organisationFixture({
  formConfiguration: stepsOnly([
    { id: 'aboutYou', sections: ['personalInformation'] },
    { id: 'documents', sections: ['documents'] },
  ]),
});
const letter = { id: 'doc-1', name: 'letter.pdf', size: 2048, contentType: 'application/pdf' };
const record = recordFixture({
  maxSteps: 2,
  answers: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', coverLetter: letter },
});
const downloadUrl = `/v1/organization/${organization.id}/candidate/a1/download/doc-1`;

let original: AxiosAdapter | undefined;
let saved: Array<{ name: string; href: string }>;
beforeEach(() => {
  original = http.defaults.adapter as AxiosAdapter | undefined;
  saved = recordSavedFiles();
});
afterEach(() => {
  http.defaults.adapter = original;
  vi.restoreAllMocks();
  sessionStorage.clear();
});

function start(path: string, handler: Handler) {
  const fake = fakeAdapter(handler);
  http.defaults.adapter = fake.adapter;
  return { ...renderApp(path, { organization, user: candidate }), calls: fake.calls };
}

const documentOk: Handler = (call) =>
  call.url === downloadUrl ? { status: 200, data: new Blob(['%PDF-1.4']) } : { status: 404, data: { message: 'nope' } };

describe('download links for uploaded documents', () => {
  it('on the submitted application (/screen): the candidate’s own document, saved under its name', async () => {
    const { calls } = start('/screen?application=a1', (call) => {
      if (call.url === '/v1/candidate/a1')
        return {
          status: 200,
          data: { ...record, state: 'SUBMITTED', progress: 'SUBMITTED', appliedAt: '2026-11-02T10:00:00.000Z' },
        };
      if (call.url === '/public/acme/roles/r1') return { status: 200, data: roleFixture() };
      return documentOk(call);
    });

    const link = await screen.findByRole('button', { name: 'Download letter.pdf' });
    fireEvent.click(link);
    await waitFor(() => expect(saved).toEqual([{ name: 'letter.pdf', href: 'blob:saved' }]));
    expect(calls.filter((c) => c.url === downloadUrl).map((c) => c.method)).toEqual(['GET']);
  });

  it('on check answers and on the file question of the step', async () => {
    start('/applyp/r1?step=check-answers', (call) => {
      if (call.url === '/public/acme/roles/r1') return { status: 200, data: roleFixture() };
      if (call.url === '/v1/candidate/applyc/r1') return { status: 200, data: record };
      return documentOk(call);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download letter.pdf' }));
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['letter.pdf']));
    // The documents step shows the chosen file with Download next to Remove.
    fireEvent.click(
      screen.getAllByRole('link', { name: /^Change/ }).find((a) => a.getAttribute('href')?.includes('coverLetter'))!,
    );
    await screen.findByRole('button', { name: 'Remove letter.pdf' });
    expect(screen.getByRole('button', { name: 'Download letter.pdf' })).toBeTruthy();
  });

  it('says why when the download is refused', async () => {
    start('/screen?application=a1', (call) => {
      if (call.url === '/v1/candidate/a1')
        return { status: 200, data: { ...record, state: 'SUBMITTED', progress: 'SUBMITTED' } };
      if (call.url === '/public/acme/roles/r1') return { status: 200, data: roleFixture() };
      if (call.url === downloadUrl)
        return {
          status: 404,
          data: new Blob([JSON.stringify({ message: "No document with id 'doc-1'." })], { type: 'application/json' }),
        };
      return { status: 404, data: { message: 'nope' } };
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download letter.pdf' }));
    await screen.findByText("No document with id 'doc-1'.");
    expect(saved).toEqual([]);
  });
});
