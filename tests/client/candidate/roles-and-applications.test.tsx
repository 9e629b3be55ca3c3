import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import type { RolePage } from '#schemas/role';
import { http } from '#client/api/http';
import { renderApp } from '../support';
import { fakeAdapter, type Handler } from '../auth/fake-api';
import { candidate, listItemFixture, organization, roleFixture } from './fixtures';

let original: AxiosAdapter | undefined;
beforeEach(() => {
  original = http.defaults.adapter as AxiosAdapter | undefined;
});
afterEach(() => {
  http.defaults.adapter = original;
});

function start(path: string, handler: Handler, user = candidate) {
  const fake = fakeAdapter(handler);
  http.defaults.adapter = fake.adapter;
  return { ...renderApp(path, { organization, user }), calls: fake.calls };
}

const page = (number: number, totalElements: number): RolePage => ({
  first: number === 0,
  last: number === 1,
  number,
  numberOfElements: 1,
  size: 10,
  totalElements,
  totalPages: 2,
  hasNext: number === 0,
  hasPrevious: number > 0,
  hasContent: true,
  content: [roleFixture({ id: `r${number}`, name: `Role on page ${number + 1}` })],
});

describe('/roles', () => {
  it('lists roles with their facts, filters them through the address, and pages', async () => {
    const { router, calls } = start('/roles?work=Remote&page=2', (call) => {
      if (call.method === 'POST') return { status: 200, data: page(Number(call.params.page), 11) };
      return { status: 200, data: call.url.endsWith('/locations') ? ['Leeds', 'London'] : ['Data'] };
    });
    await screen.findByRole('link', { name: 'Role on page 2' });
    expect(screen.getByText('11 roles found')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.params).toEqual({ page: 1 });
    expect(JSON.parse(String(post.data))).toEqual({ workTypes: ['Remote'] });
    expect(screen.getByRole('link', { name: 'Role on page 2' }).getAttribute('href')).toBe('/apply/r1');
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(
      within(pagination)
        .getByRole('link', { name: /Previous/ })
        .getAttribute('href'),
    ).toBe('/roles?work=Remote');

    await screen.findByRole('checkbox', { name: 'London' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'London' }));
    fireEvent.change(screen.getByLabelText('Search roles'), { target: { value: 'analyst' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=analyst&location=London&work=Remote'));
    await waitFor(() =>
      expect(JSON.parse(String(calls.filter((c) => c.method === 'POST').at(-1)!.data))).toEqual({
        locations: ['London'],
        workTypes: ['Remote'],
        searchTerm: 'analyst',
      }),
    );
  });

  it('introduces the roles in the words of the edition: a lateral firm offers no graduate programmes (issue 21)', async () => {
    const lateral = { ...organization, name: 'Hartley & Finch', edition: 'lateral' as const };
    http.defaults.adapter = fakeAdapter((call) =>
      call.method === 'POST' ? { status: 200, data: page(0, 1) } : { status: 200, data: [] },
    ).adapter;
    renderApp('/roles', { organization: lateral, user: candidate });
    await screen.findByRole('link', { name: 'Role on page 1' });
    expect(screen.getByText('Roles for qualified lawyers at Hartley & Finch.')).toBeTruthy();
    expect(screen.queryByText(/graduate programmes|internships/i)).toBeNull();
  });

  it('says so when nothing matches, and when the roles cannot be loaded', async () => {
    start('/roles?q=zzz', (call) =>
      call.method === 'POST'
        ? { status: 200, data: { ...page(0, 0), totalPages: 0, hasContent: false, numberOfElements: 0, content: [] } }
        : { status: 200, data: [] },
    );
    await screen.findByRole('heading', { level: 2, name: 'No roles match your search' });
  });

  it('lists closed roles apart from the open ones, under their own heading', async () => {
    start('/roles', (call) =>
      call.method === 'POST'
        ? {
            status: 200,
            data: {
              ...page(0, 2),
              totalPages: 1,
              numberOfElements: 2,
              content: [
                roleFixture({ id: 'open', name: 'Open Analyst' }),
                roleFixture({ id: 'shut', name: 'Closed Analyst', closed: true, deadline: '2026-01-31T23:59:00.000Z' }),
              ],
            },
          }
        : { status: 200, data: [] },
    );
    const open = await screen.findByRole('list', { name: 'Open roles' });
    expect(within(open).getByRole('link', { name: 'Open Analyst' })).toBeTruthy();
    expect(within(open).queryByRole('link', { name: 'Closed Analyst' })).toBeNull();
    const closed = screen.getByRole('list', { name: 'Closed roles' });
    expect(within(closed).getByRole('link', { name: 'Closed Analyst' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Closed roles' })).toBeTruthy();
  });

  it('shows a failure with Try again', async () => {
    start('/roles', () => 'network-error');
    await screen.findByRole('heading', { level: 2, name: 'Sorry, this could not be loaded' });
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('/apply/:roleId', () => {
  it('shows a closed role as closed, with no way to apply', async () => {
    start('/apply/r1', () => ({
      status: 200,
      data: roleFixture({ closed: true, deadline: '2026-01-31T23:59:00.000Z' }),
    }));
    await screen.findByRole('heading', { level: 1, name: 'Graduate Analyst' });
    expect(screen.getByText('This role closed to applications on 31 January 2026.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start application' })).toBeNull();
  });

  it('offers Start application above the role’s facts and description', async () => {
    start('/apply/r1', () => ({ status: 200, data: roleFixture({ description: ['A long description.'] }) }));
    const button = await screen.findByRole('button', { name: 'Start application' });
    const about = screen.getByRole('heading', { level: 2, name: 'About the role' });
    expect(button.compareDocumentPosition(about) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(button.compareDocumentPosition(screen.getByText('Leeds')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('offers a continue link to a candidate who has applied', async () => {
    start('/apply/r1', () => ({ status: 200, data: roleFixture() }), {
      ...candidate,
      applications: [{ role: { id: 'r1', name: 'Graduate Analyst' }, appliedAt: '2026-11-01T10:00:00.000Z' }],
    });
    const link = await screen.findByRole('link', { name: 'Continue your application' });
    expect(link.getAttribute('href')).toBe('/applyp/r1?resume');
  });
});

describe('/applications', () => {
  it('lists each application with its date, status and actions, and withdraws after confirming', async () => {
    let withdrawn = false;
    const submitted = listItemFixture({
      id: 'a2',
      role: { ...listItemFixture().role, id: 'r2', name: 'Data Engineer' },
      state: 'SUBMITTED',
      progress: 'SUBMITTED',
      sections: null,
      appliedAt: '2026-11-03T10:00:00.000Z',
    });
    // Spec §4 step 0 (the first section is open), but the profile filled two later ones: the task list's count.
    const draftItem = listItemFixture({ step: 0, maxSteps: 6, sections: { completed: 2, total: 6 } });
    const { calls } = start('/applications', (call) => {
      if (call.method === 'PUT') {
        withdrawn = true;
        return { status: 200, data: {} };
      }
      return {
        status: 200,
        data: [draftItem, withdrawn ? { ...submitted, state: 'WITHDRAWN', progress: 'WITHDRAWN' } : submitted],
      };
    });
    const draft = (await screen.findByRole('heading', { level: 2, name: 'Graduate Analyst' })).closest('li')!;
    expect(within(draft).getByText('Draft')).toBeTruthy();
    expect(within(draft).getByText('Not submitted yet')).toBeTruthy();
    expect(within(draft).getByText('2 of 6 sections done')).toBeTruthy();
    expect(
      within(draft)
        .getByRole('link', { name: /^Continue application/ })
        .getAttribute('href'),
    ).toBe('/applyp/r1?resume');
    const sent = screen.getByRole('heading', { level: 2, name: 'Data Engineer' }).closest('li')!;
    expect(within(sent).getByText('3 November 2026')).toBeTruthy();
    expect(within(sent).getByText('Submitted')).toBeTruthy();

    fireEvent.click(within(sent).getByRole('button', { name: /^Withdraw application/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your application?' });
    expect(within(dialog).getByText(/for Data Engineer, the hiring team will stop considering it/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw application' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.url === '/v1/candidate/a2/withdraw')).toBe(true),
    );
    await screen.findByText('Withdrawn');
  });

  it('points to the roles when there are no applications', async () => {
    start('/applications', () => ({ status: 200, data: [] }));
    await screen.findByText('You have not applied for any roles yet.');
    expect(screen.getByRole('link', { name: 'Find a role' }).getAttribute('href')).toBe('/roles');
  });
});
