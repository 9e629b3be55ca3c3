import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { HrConnection } from '#schemas/integrations';
import { http } from '#client/api/http';
import type { CurrentUser } from '#client/state/auth';
import { fakeAdapter, type Call, type Reply } from '../auth/fake-api';
import { bodyOf, organization, seriousViolations } from '../pipeline/fixtures';
import { renderApp } from '../support';

/* The HR system connection (decision 0080): /manager/integrations and /workday-connect. */

const admin: CurrentUser = { id: 'u-admin', userType: 'HIRING_MANAGER_ADMIN', email: 'hr@acme.example' };
const CONNECTION = `/v1/organization/${organization.id}/hr-connection`;
const none: HrConnection = { connected: false, tenant: null, connectedAt: null, connectedBy: null };
const connected: HrConnection = {
  connected: true,
  tenant: 'acme_prod',
  connectedAt: '2026-11-20T10:00:00.000Z',
  connectedBy: 'Harriet Admin',
};

function start(path: string, handler: (call: Call) => Reply | undefined) {
  const fake = fakeAdapter((call) => handler(call) ?? { status: 404, data: { message: 'Not found' } });
  http.defaults.adapter = fake.adapter;
  return { ...renderApp(path, { organization, user: admin, side: 'hr' }), calls: fake.calls };
}

describe('/manager/integrations', () => {
  it('asks for a tenant name and starts connecting with it', async () => {
    const { calls, container } = start('/manager/integrations', (call) => {
      if (call.method === 'GET' && call.url === CONNECTION) return { status: 200, data: none };
      if (call.method === 'POST' && call.url === CONNECTION)
        return { status: 200, data: { authorizeUrl: 'http://acme.hr.localhost/api/public/fake-hr/authorize?state=s' } };
      return undefined;
    });
    await screen.findByRole('heading', { level: 1, name: 'Integrations' });
    const button = await screen.findByRole('button', { name: 'Connect HR system' });
    fireEvent.change(screen.getByLabelText('Tenant name'), { target: { value: 'acme prod!' } });
    fireEvent.click(button);
    expect(await screen.findAllByText('Enter the tenant name: letters, digits, _ and - only')).not.toHaveLength(0);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(await seriousViolations(container)).toEqual([]);
    fireEvent.change(screen.getByLabelText('Tenant name'), { target: { value: 'acme_prod' } });
    fireEvent.click(button);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(bodyOf(calls.find((c) => c.method === 'POST'))).toEqual({ tenant: 'acme_prod' });
  });

  it('shows the connection and disconnects it', async () => {
    const { calls } = start('/manager/integrations', (call) => {
      if (call.method === 'GET' && call.url === CONNECTION) return { status: 200, data: connected };
      if (call.method === 'DELETE' && call.url === CONNECTION) return { status: 200, data: none };
      return undefined;
    });
    expect(await screen.findByText('Connected to acme_prod')).toBeTruthy();
    expect(screen.getByText('Connected on 20 November 2026 by Harriet Admin.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByRole('button', { name: 'Connect HR system' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});

describe('/workday-connect', () => {
  const FINISH = `/v1/organization/${organization.id}/workdayConnect/acme_prod/c1`;

  it('finishes the connection with the code and state, once, and says so', async () => {
    const { calls, container } = start('/workday-connect?tenant=acme_prod&state=s1&code=c1', (call) =>
      call.method === 'POST' && call.url === FINISH ? { status: 200, data: connected } : undefined,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Connected to acme_prod' })).toBeTruthy();
    const finishing = calls.filter((c) => c.url === FINISH);
    expect(finishing).toHaveLength(1);
    expect(finishing[0]!.params).toMatchObject({ state: 's1' });
    expect(screen.getByRole('link', { name: 'Back to integrations' }).getAttribute('href')).toBe(
      '/manager/integrations',
    );
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says why when the state is refused', async () => {
    start('/workday-connect?tenant=acme_prod&state=s2&code=c1', (call) =>
      call.url === FINISH
        ? {
            status: 400,
            data: { message: 'This connection was not started here, or it took too long. Start connecting again.' },
          }
        : undefined,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'The HR system was not connected' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/not started here/);
  });

  it('says the connection was denied, asking nothing of the server', async () => {
    const { calls } = start('/workday-connect?tenant=acme_prod&state=s3&error=access_denied', () => undefined);
    expect(await screen.findByText('The connection was not allowed in the HR system.')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('workdayConnect'))).toHaveLength(0);
  });
});
