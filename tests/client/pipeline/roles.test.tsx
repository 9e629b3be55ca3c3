import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ManagerRole, ManagerRolePage } from '#client/api/manager-roles';
import { pageInfo } from '#engine/pipeline/search';
import type { Call, Reply } from '../auth/fake-api';
import { organisationFixture } from '../support';
import { hiringApi, manager, organization, seriousViolations, startHiring } from './fixtures';
import { fakeAdapter } from '../auth/fake-api';
import { http } from '#client/api/http';
import { renderApp } from '../support';

function role(overrides: Partial<ManagerRole> = {}): ManagerRole {
  return {
    id: 'r1',
    name: 'Graduate Analyst',
    roleType: 'Graduate programme',
    roleLevel: 'Entry level',
    department: 'Data',
    location: 'Leeds',
    status: 'ACTIVE',
    deadline: '2099-01-01T23:59:00.000Z',
    closed: false,
    applications: 14,
    stages: [
      { stageId: 3, total: 4 },
      { stageId: 1, total: 10 },
      { stageId: 2, total: 0 },
    ],
    ...overrides,
  };
}

const page = (content: ManagerRole[], total = content.length, number = 0): ManagerRolePage => ({
  ...pageInfo(number, 20, total, content.length),
  content,
});

function api(extra: (call: Call) => Reply | undefined = () => undefined) {
  return (call: Call): Reply => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.url === '/v1/roles')
      return {
        status: 200,
        data:
          call.params.status === 'ARCHIVED'
            ? page([role({ id: 'r9', name: 'Old Scheme', status: 'ARCHIVED' })])
            : page([role()], 41),
      };
    return { status: 404, data: { message: 'Not found' } };
  };
}

describe('/manager/roles', () => {
  it('lists active roles with counts per stage in pipeline order and links to their candidates and board', async () => {
    const { calls } = startHiring('/manager/roles', api());
    await screen.findByRole('link', { name: 'Graduate Analyst' });
    expect(calls.find((c) => c.url === '/v1/roles')!.params).toEqual({ status: 'ACTIVE', page: 0, resultsPerPage: 20 });
    const counts = screen.getByRole('list', { name: 'Candidates of Graduate Analyst by stage' });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Applied: 10', 'At interview: 4']);
    expect(screen.getByText('41 roles')).toBeTruthy();
    const candidates = new URL(screen.getByRole('link', { name: /^Candidates/ }).getAttribute('href')!, 'http://x');
    expect(candidates.pathname).toBe('/manager/search');
    expect(JSON.parse(candidates.searchParams.get('search')!)).toMatchObject({ roleId: 'r1' });
    const board = new URL(screen.getByRole('link', { name: /^Board/ }).getAttribute('href')!, 'http://x');
    expect(board.searchParams.get('view')).toBe('board');
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeTruthy();
  });

  it('searches and switches to archived roles through the address', async () => {
    const { router, calls } = startHiring('/manager/roles', api());
    await screen.findByRole('link', { name: 'Graduate Analyst' });
    fireEvent.change(screen.getByLabelText('Role name'), { target: { value: 'analyst' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=analyst'));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/v1/roles').at(-1)!.params).toEqual({
        status: 'ACTIVE',
        page: 0,
        resultsPerPage: 20,
        searchTerm: 'analyst',
      }),
    );
    fireEvent.click(screen.getByRole('link', { name: 'Archived roles' }));
    await screen.findByRole('link', { name: 'Old Scheme' });
    expect(router.state.location.search).toBe('?status=ARCHIVED&q=analyst');
    expect(screen.getByRole('button', { name: /^Restore/ })).toBeTruthy();
  });

  it('archives a role only after confirmation, then lists again', async () => {
    const { calls } = startHiring(
      '/manager/roles',
      api((call) =>
        call.url === '/v1/role/r1/archive' ? { status: 200, data: { id: 'r1', status: 'ARCHIVED' } } : undefined,
      ),
    );
    await screen.findByRole('link', { name: 'Graduate Analyst' });
    const loads = calls.filter((c) => c.url === '/v1/roles').length;
    fireEvent.click(screen.getByRole('button', { name: /^Archive/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive Graduate Analyst?' });
    expect(calls.some((c) => c.url.endsWith('/archive'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive role' }));
    await screen.findByText('Graduate Analyst archived');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/v1/role/r1/archive']);
    await waitFor(() => expect(calls.filter((c) => c.url === '/v1/roles').length).toBe(loads + 1));
  });

  it('has no serious accessibility problems', async () => {
    const { container } = startHiring('/manager/roles', api());
    await screen.findByRole('link', { name: 'Graduate Analyst' });
    expect(await seriousViolations(container)).toEqual([]);
  });
});

describe('/manager: the landing of spec §2', () => {
  it('is the role list outside the connect edition', async () => {
    startHiring('/manager', api());
    expect(await screen.findByRole('heading', { level: 1, name: 'Hiring dashboard' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Graduate Analyst' })).toBeTruthy();
  });

  it('is the candidate search in the connect edition', async () => {
    const connect = organisationFixture({ ...organization, edition: 'connect', productType: 'VANTAGE' });
    const fake = fakeAdapter(
      hiringApi((call) =>
        call.url.startsWith('/v1/search/candidate/')
          ? { status: 200, data: { ...pageInfo(0, 20, 0, 0), content: [] } }
          : { status: 404 },
      ),
    );
    http.defaults.adapter = fake.adapter;
    renderApp('/manager', { organization: connect, user: manager, side: 'hr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hiring dashboard' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No candidates match these filters' })).toBeTruthy();
    expect(fake.calls.some((c) => c.url === '/v1/roles')).toBe(false);
  });
});
