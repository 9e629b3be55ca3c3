import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Report } from '#schemas/reports';
import type { Call, Reply } from '../auth/fake-api';
import { seriousViolations, startHiring } from '../pipeline/fixtures';

const ROLE = '3f9d2c8e-1a4b-4c5d-8e6f-7a8b9c0d1e2f';

const diversity: Report = {
  report: 'diversity',
  selection: { roleIds: [ROLE], from: null, to: null },
  applications: 40,
  tables: [
    {
      id: 'byStage',
      dimension: 'gender',
      columns: [
        { key: '1', label: 'Applied', unit: 'count' },
        { key: '28', label: 'For review', unit: 'count' },
      ],
      rows: [
        { key: 'Woman', label: 'Woman', figures: [20, 12] },
        { key: 'Man', label: 'Man', figures: ['withheld', 'withheld'] },
        { key: 'Non-binary', label: 'Non-binary', figures: ['<5', '<5'] },
      ],
      totals: [40, 28],
    },
    {
      id: 'fourFifths',
      dimension: 'gender',
      columns: [{ key: '1-28', label: 'Applied → For review', unit: 'ratio' }],
      rows: [
        { key: 'Woman', label: 'Woman', figures: [0.6] },
        { key: 'Man', label: 'Man', figures: [1] },
      ],
    },
  ],
};

function api(call: Call): Reply {
  if (call.url === '/v1/reports') return { status: 200, data: { reports: ['diversity', 'efficiency'] } };
  if (call.url === '/v1/roles')
    return { status: 200, data: { content: [{ id: ROLE, name: 'Graduate Analyst' }], totalElements: 1 } };
  if (call.url === '/v1/reports/diversity') return { status: 200, data: diversity };
  if (call.url === '/v1/reports/efficiency') return { status: 400, data: { message: 'Choose fewer roles' } };
  return { status: 404, data: { message: 'Not found' } };
}

describe('/manager/reports', () => {
  it('shows each table beside its chart, readable by screen readers, with suppressed and flagged figures', async () => {
    const { calls, container } = startHiring(`/manager/reports?report=diversity&roles=${ROLE}`, api);
    const table = await screen.findByRole('table', { name: 'Gender by stage reached' });
    expect(calls.find((c) => c.url === '/v1/reports/diversity')!.params).toMatchObject({ roleIds: ROLE });
    expect(within(table).getByRole('columnheader', { name: 'For review' })).toBeTruthy();
    const nonBinary = within(table).getByRole('row', { name: /Non-binary/ });
    expect(within(nonBinary).getByRole('rowheader').textContent).toBe('Non-binary');
    expect(
      within(nonBinary)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['<5', '<5']);
    expect(within(table).getByRole('row', { name: /Man/ }).textContent).toContain('withheld');
    expect(screen.getByRole('img', { name: /Bar chart of Gender by stage reached/ })).toBeTruthy();
    const ratios = screen.getByRole('table', { name: /four-fifths/ });
    expect(within(ratios).getByRole('row', { name: /Woman/ }).textContent).toContain('0.60 (under four fifths)');
    expect(screen.getByText('Applications to Graduate Analyst, from the first to today.')).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('puts the chosen report and days in the address, and shows an error with Try again', async () => {
    startHiring('/manager/reports', api);
    await screen.findByRole('table', { name: 'Gender by stage reached' });
    fireEvent.change(screen.getByLabelText('Report'), { target: { value: 'efficiency' } });
    fireEvent.change(screen.getByLabelText('Applied from (optional)'), { target: { value: '2026-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show report' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose fewer roles');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Efficiency report');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('opens the print view with the same figures and no form', async () => {
    startHiring(`/manager/reports?report=diversity&roles=${ROLE}&print=1`, api);
    const table = await screen.findByRole('table', { name: 'Gender by stage reached' });
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toContain('20');
    expect(screen.queryByRole('button', { name: 'Show report' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the report' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy());
  });
});
