import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuditPage } from '#schemas/audit';
import type { Call, Reply } from '../auth/fake-api';
import { bodyOf, seriousViolations, startHiring } from '../pipeline/fixtures';
import { recordSavedFiles } from '../support';

const entry = (n: number) => ({
  id: String(n),
  at: '2026-11-20T10:00:00.000Z',
  actorId: 'u-recruiter',
  actorEmail: 'recruiter@acme.example',
  action: 'view' as const,
  targetType: 'application' as const,
  targetId: `app-${n}`,
  clientAddress: '10.0.0.7',
  detail: {},
});
const page: AuditPage = { entries: [entry(1), entry(2)], total: 60, page: 0, size: 25 };
const retention = { auditRetentionDays: 730, applicationRetentionDays: null };

function api(answer: (call: Call) => Reply | undefined = () => undefined) {
  return (call: Call): Reply => {
    const own = answer(call);
    if (own) return own;
    if (call.url === '/v1/audit') return { status: 200, data: page };
    if (call.url === '/v1/audit/retention' && call.method === 'GET') return { status: 200, data: retention };
    if (call.url === '/v1/audit/retention' && call.method === 'PUT') return { status: 200, data: bodyOf(call) };
    if (call.url === '/v1/audit/csv') return { status: 200, data: new Blob(['Time,Actor\r\n']) };
    return { status: 404, data: { message: 'Not found' } };
  };
}

let saved: Array<{ name: string }>;
beforeEach(() => {
  saved = recordSavedFiles();
});
afterEach(() => vi.restoreAllMocks());

describe('/manager/audit', () => {
  it('lists the entries with who, what, which record and from where, paged, accessibly', async () => {
    const { container } = startHiring('/manager/audit', api());
    const table = await screen.findByRole('table', { name: 'Audit entries, newest first' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('recruiter@acme.example');
    expect(row.textContent).toContain('Viewed');
    expect(row.textContent).toContain('Application app-1');
    expect(row.textContent).toContain('10.0.0.7');
    expect(screen.getByText('60 entries')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Next/ }).getAttribute('href')).toBe('/manager/audit?page=1');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('applies the filters through the address and downloads the filtered CSV', async () => {
    const { calls } = startHiring('/manager/audit', api());
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText("Actor's email (or part of it)"), { target: { value: 'recruiter' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'move' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/v1/audit').at(-1)!.params).toMatchObject({
        actor: 'recruiter',
        action: 'move',
        from: '2026-11-01',
        page: 0,
        size: 25,
      }),
    );
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Download as CSV' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['audit-trail.csv']));
    expect(calls.find((c) => c.url === '/v1/audit/csv')!.params).toMatchObject({ actor: 'recruiter', action: 'move' });
  });

  it('says when nothing matches', async () => {
    startHiring(
      '/manager/audit?action=erase',
      api((call) =>
        call.url === '/v1/audit' ? { status: 200, data: { entries: [], total: 0, page: 0, size: 25 } } : undefined,
      ),
    );
    expect(await screen.findByText('No entries match these filters.')).toBeTruthy();
  });

  it('shows why it cannot load (a Standard manager is refused), with Try again', async () => {
    startHiring(
      '/manager/audit',
      api((call) =>
        call.url === '/v1/audit'
          ? { status: 403, data: { message: 'You do not have permission to do this.' } }
          : undefined,
      ),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('You do not have permission to do this.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Audit trail');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('saves the retention periods, refusing a number out of range', async () => {
    const { calls } = startHiring('/manager/audit', api());
    const audit = await screen.findByLabelText('Keep the audit trail for (days)');
    fireEvent.change(audit, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save retention' }));
    expect((await screen.findAllByText('Enter a number of days between 30 and 3650')).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the click lock (spec §5)
    fireEvent.change(audit, { target: { value: '365' } });
    fireEvent.change(screen.getByLabelText('Anonymise applications unchanged for (days)'), {
      target: { value: '400' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save retention' }));
    expect(await screen.findByText('Retention saved.')).toBeTruthy();
    expect(bodyOf(calls.find((c) => c.method === 'PUT'))).toEqual({
      auditRetentionDays: 365,
      applicationRetentionDays: 400,
    });
  });
});
