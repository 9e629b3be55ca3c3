import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { SigningOutcome } from '#schemas/integrations';
import { http } from '#client/api/http';
import type { CurrentUser } from '#client/state/auth';
import { fakeAdapter, type Reply } from '../auth/fake-api';
import { organization, seriousViolations } from '../pipeline/fixtures';
import { renderApp } from '../support';

/* /docusignapproved (decision 0080): the candidate back from the signing provider; the server asks the provider. */

const candidate: CurrentUser = { id: 'u-c', userType: 'CANDIDATE', email: 'ada@example.com' };
const CHECK = '/v1/candidate/a1/docusign';

function start(path: string, reply: Reply) {
  const fake = fakeAdapter((call) =>
    call.method === 'POST' && call.url === CHECK ? reply : { status: 404, data: { message: 'Not found' } },
  );
  http.defaults.adapter = fake.adapter;
  return { ...renderApp(path, { organization, user: candidate }), calls: fake.calls };
}

const outcome = (overrides: Partial<SigningOutcome>): SigningOutcome => ({
  status: 'SIGNED',
  documentName: 'offer-letter.pdf',
  completedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

describe('/docusignapproved', () => {
  it('confirms a signed document in a panel, with the date and a way to the applications', async () => {
    const { container, calls } = start('/docusignapproved?application=a1&event=signing_complete', {
      status: 200,
      data: outcome({}),
    });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Your document is signed' });
    expect(heading).toBeTruthy();
    expect(screen.getByText(/You signed offer-letter\.pdf on 20 November 2026\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your applications' }).getAttribute('href')).toBe('/applications');
    // The page asks the server once, and sends nothing of the address's `event`.
    const checks = calls.filter((c) => c.url === CHECK);
    expect(checks).toHaveLength(1);
    expect(String(checks[0]!.data ?? '')).not.toContain('signing_complete');
    expect(checks[0]!.params).not.toHaveProperty('event');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says "Not signed yet" when the provider says so, whatever the address claims', async () => {
    start('/docusignapproved?application=a1&event=signing_complete', {
      status: 200,
      data: outcome({ status: 'SENT', completedAt: null }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not signed yet' })).toBeTruthy();
    expect(screen.getByText(/offer-letter\.pdf has not been signed yet/)).toBeTruthy();
  });

  it('says the candidate declined', async () => {
    start('/docusignapproved?application=a1&event=decline', { status: 200, data: outcome({ status: 'DECLINED' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'You declined to sign' })).toBeTruthy();
    expect(screen.getByText(/contact the hiring team/)).toBeTruthy();
  });

  it('says an emailed link was not valid, asking nothing of the server', async () => {
    const { calls } = start('/docusignapproved?link=unknown', { status: 200, data: outcome({}) });
    expect(await screen.findByRole('heading', { level: 1, name: 'This signing link is not valid' })).toBeTruthy();
    expect(calls.filter((c) => c.url === CHECK)).toHaveLength(0);
  });

  it('shows the system error (spec §8) when the signing service cannot be reached, with Try again', async () => {
    start('/docusignapproved?application=a1', {
      status: 502,
      data: {
        message: 'We could not reach the document-signing service just now. Try again in a few minutes.',
        code: 'signingUnavailable',
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not check your document' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/^System error/);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
