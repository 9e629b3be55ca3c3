import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CandidateSearchFilters } from '#schemas/search';
import { encodeSearchState, DEFAULT_SEARCH_STATE, type SearchState } from '#engine/pipeline/search';
import type { Call } from '../auth/fake-api';
import { recordSavedFiles } from '../support';
import { bodyOf, organization, people, searchPage, seriousViolations, stages, startHiring } from './fixtures';

const SEARCH_URL = `/v1/search/candidate/${organization.id}`;

function stateUrl(state: Partial<SearchState>, extra = ''): string {
  return `/manager/search?${extra}${extra ? '&' : ''}search=${encodeURIComponent(encodeSearchState({ ...DEFAULT_SEARCH_STATE, ...state }))}`;
}

const searches = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.url === SEARCH_URL);
const lastSearch = (calls: Call[]) => {
  const call = searches(calls).at(-1)!;
  return { filters: (bodyOf(call) as { filters: CandidateSearchFilters }).filters, params: call.params };
};
const addressState = (search: string) => JSON.parse(new URLSearchParams(search).get('search')!) as SearchState;

const totals = [
  {
    stageId: 1,
    total: 12,
    subStages: [
      { substageId: '1-new', total: 9 },
      { substageId: '1-reviewed', total: 3 },
    ],
  },
  { stageId: 3, total: 7, subStages: [{ substageId: '3-to-invite', total: 7 }] },
];

describe('/manager/search: the whole search state in the address (spec §2)', () => {
  it('a link reproduces the view; sorting and filters go into the address; Back returns to the previous view', async () => {
    const path = stateUrl({
      filters: { searchTerm: 'ada', universityGroups: ['RUSSELL'] },
      roleId: 'r1',
      stageId: 3,
      sortBy: 'name',
      orderBy: 'ASC',
      page: 1,
      resultsPerPage: 100,
    });
    const { router, calls } = startHiring(path, (call) =>
      call.url === SEARCH_URL
        ? { status: 200, data: searchPage(people, { total: 103, number: 1, size: 100, totals }) }
        : { status: 404 },
    );

    await screen.findByRole('heading', { level: 1, name: 'Search candidates: Graduate Analyst' });
    await screen.findByText('103 candidates found');
    expect(lastSearch(calls)).toEqual({
      filters: { searchTerm: 'ada', universityGroups: ['RUSSELL'], roleId: 'r1', stageId: 3 },
      params: { page: 1, sortBy: 'name', orderBy: 'ASC', resultsPerPage: 100 },
    });
    // The view shows the state it was given.
    expect((screen.getByLabelText('Name or email') as HTMLInputElement).value).toBe('ada');
    expect((screen.getByLabelText('Russell Group') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('link', { name: 'At interview (7)' }).getAttribute('aria-current')).toBe('page');
    expect((screen.getByLabelText('Role') as HTMLSelectElement).value).toBe('r1');
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByText('100', { selector: 'strong' })).toBeTruthy();

    // Sorting by another column: a new address (first page) and a new request.
    fireEvent.click(screen.getByRole('button', { name: /Last change/ }));
    await waitFor(() =>
      expect(addressState(router.state.location.search)).toMatchObject({ sortBy: 'lastChangeAt', page: 0 }),
    );
    await waitFor(() =>
      expect(lastSearch(calls).params).toEqual({
        page: 0,
        sortBy: 'lastChangeAt',
        orderBy: 'ASC',
        resultsPerPage: 100,
      }),
    );

    // A filter applied from the panel joins the address.
    fireEvent.click(screen.getByLabelText('Oxbridge'));
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(addressState(router.state.location.search).filters).toEqual({
        searchTerm: 'ada',
        universityGroups: ['RUSSELL', 'OXBRIDGE'],
      }),
    );
    await waitFor(() => expect(lastSearch(calls).filters).toMatchObject({ universityGroups: ['RUSSELL', 'OXBRIDGE'] }));

    // Back, twice: the filter goes, then the sort; each view asks the server again.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(lastSearch(calls).filters.universityGroups).toEqual(['RUSSELL']));
    expect((screen.getByLabelText('Oxbridge') as HTMLInputElement).checked).toBe(false);
    await act(() => router.navigate(-1));
    await waitFor(() =>
      expect(lastSearch(calls).params).toEqual({ page: 1, sortBy: 'name', orderBy: 'ASC', resultsPerPage: 100 }),
    );
    expect(router.state.location.pathname + router.state.location.search).toBe(path);
  });

  it('offers the right-to-work answers of the organisation’s region as filters (issue 21, decision 0034)', async () => {
    const australian = { ...organization, countryBase: 'OZ' as const };
    startHiring(
      stateUrl({}),
      (call) =>
        call.url === SEARCH_URL ? { status: 200, data: searchPage(people, { total: 2, totals }) } : { status: 404 },
      undefined,
      australian,
    );
    expect(await screen.findByLabelText('Australian citizen')).toBeTruthy();
    expect(screen.queryByLabelText('British citizen')).toBeNull();
  });

  it('rejects a percentile range the server would refuse, naming the field, and sends nothing', async () => {
    const { router, calls } = startHiring(stateUrl({ roleId: 'r1' }), () => ({
      status: 200,
      data: searchPage(people),
    }));
    await screen.findByText('3 candidates found', undefined);
    const before = searches(calls).length;
    const search = router.state.location.search;
    fireEvent.change(screen.getByLabelText('From', { selector: '#filter-universityPercentile-min' }), {
      target: { value: '80' },
    });
    fireEvent.change(screen.getByLabelText('To', { selector: '#filter-universityPercentile-max' }), {
      target: { value: '120' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(
      await screen.findByRole('link', { name: 'University percentile (To) must be a number from 0 to 100' }),
    ).toBeTruthy();
    expect(router.state.location.search).toBe(search);
    fireEvent.change(screen.getByLabelText('To', { selector: '#filter-universityPercentile-max' }), {
      target: { value: '60' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(
      await screen.findByRole('link', { name: "University percentile: 'From' must not be more than 'To'" }),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('To', { selector: '#filter-universityPercentile-max' }), {
      target: { value: '95' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(lastSearch(calls).filters.universityPercentile).toEqual({ min: 80, max: 95 }));
    expect(searches(calls).length).toBe(before + 1);
  });

  it('the contextual edition offers flags and a PI range; a PI over 1000 is refused, a valid range is sent', async () => {
    const contextual = {
      ...organization,
      edition: 'contextual' as const,
      formConfiguration: {
        ...organization.formConfiguration,
        custom: [{ id: 'programme', type: 'radio' as const, label: 'Programme', options: ['Banking', 'Risk'] }],
      },
    };
    const { calls } = startHiring(
      stateUrl({ roleId: 'r1' }),
      () => ({ status: 200, data: searchPage(people) }),
      stages,
      contextual,
    );
    await screen.findByText('3 candidates found', undefined);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Care experience' }));
    fireEvent.change(screen.getByLabelText('PI from'), { target: { value: '110' } });
    fireEvent.change(screen.getByLabelText('PI to'), { target: { value: '1200' } });
    fireEvent.change(screen.getByLabelText('Graduation years', { exact: false }), { target: { value: '2025, 2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByRole('link', { name: 'PI to must be a number from 0 to 1000' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('PI to'), { target: { value: '150' } });
    fireEvent.change(screen.getByLabelText('Post-16 results'), { target: { value: 'ATAR' } });
    fireEvent.change(await screen.findByLabelText('Post-16 points from'), { target: { value: '80' } });
    fireEvent.change(screen.getByLabelText('Answer to a question'), { target: { value: 'programme' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Risk' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(lastSearch(calls).filters).toMatchObject({
        flags: ['CARE_EXPERIENCE'],
        performanceIndex: { min: 110, max: 150 },
        graduationYears: [2025, 2026],
        ks5: { system: 'ATAR', min: 80 },
        customQuestion: { id: 'programme', values: ['Risk'] },
      }),
    );
  });

  it('another edition offers no contextual filters', async () => {
    startHiring(stateUrl({ roleId: 'r1' }), () => ({ status: 200, data: searchPage(people) }));
    await screen.findByText('3 candidates found', undefined);
    expect(screen.queryByRole('checkbox', { name: 'Care experience' })).toBeNull();
    expect(screen.getByText('Degree and dates')).toBeTruthy();
  });

  it('"assigned to me" stays "me" in the address and names the signed-in manager in the request', async () => {
    const { router, calls } = startHiring(stateUrl({ roleId: 'r1' }), () => ({
      status: 200,
      data: searchPage(people),
    }));
    await screen.findByText('3 candidates found', undefined);
    fireEvent.click(screen.getByLabelText('Assigned to me'));
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(addressState(router.state.location.search).filters).toEqual({ assigneeId: 'me' }));
    await waitFor(() => expect(lastSearch(calls).filters.assigneeId).toBe('u-hr'));
  });

  it('says so when nothing matches, and offers Try again when the search fails', async () => {
    let fail = true;
    const { calls } = startHiring(stateUrl({ roleId: 'r1' }), () =>
      fail
        ? { status: 400, data: { message: 'filters.stageId must be an integer' } }
        : { status: 200, data: searchPage([]) },
    );
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'filters.stageId must be an integer');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No candidates match these filters' })).toBeTruthy();
    expect(searches(calls).length).toBe(2);
  });
});

describe('stage tabs and selectedTabIndex (spec §2)', () => {
  it.each([
    ['0', { stageId: 1, substageId: '1-new' }, 'Applied', 'New'],
    ['1', { stageId: 1, substageId: '1-reviewed' }, 'Applied', 'Reviewed'],
    // Interview stages: Acme's first is At interview.
    ['2', { stageId: 3, substageId: '3-to-invite' }, 'At interview', 'To invite'],
    // Offers group: Offer made, pending.
    ['3', { stageId: 11, substageId: '11-to-send' }, 'Offer made', 'To send'],
    // Any other value: the first stage's default substage.
    ['7', { stageId: 1, substageId: '1-new' }, 'Applied', 'New'],
    ['x', { stageId: 1, substageId: '1-new' }, 'Applied', 'New'],
  ])('selectedTabIndex=%s searches %o', async (index, position, stage, substage) => {
    const { calls } = startHiring(stateUrl({ roleId: 'r1' }, `selectedTabIndex=${index}`), () => ({
      status: 200,
      data: searchPage(people, { totals }),
    }));
    await screen.findByText('3 candidates found', undefined);
    expect(lastSearch(calls).filters).toEqual({ roleId: 'r1', ...position });
    const stages = screen.getByRole('navigation', { name: 'Stages' });
    expect(within(stages).getByRole('link', { current: 'page' }).textContent).toContain(stage);
    const subs = screen.getByRole('navigation', { name: `Substages of ${stage}` });
    expect(within(subs).getByRole('link', { current: 'page' }).textContent).toContain(substage);
  });

  it('shows totalForStage on the tabs; a tab opens that stage as a whole and drops selectedTabIndex', async () => {
    const { router, calls } = startHiring('/manager/search?selectedTabIndex=1', () => ({
      status: 200,
      data: searchPage(people, { totals }),
    }));
    await screen.findByText('3 candidates found', undefined);
    const stages = screen.getByRole('navigation', { name: 'Stages' });
    expect(
      within(stages)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Applied (12)',
      'For review',
      'At online test',
      'At interview (7)',
      'At assessment centre',
      'Final round',
      'Offer made',
      'Offer accepted',
      'Withdrew',
      'Rejected',
    ]);
    expect(
      within(screen.getByRole('navigation', { name: 'Substages of Applied' })).getByRole('link', {
        name: 'Reviewed (3)',
      }),
    ).toBeTruthy();
    fireEvent.click(within(stages).getByRole('link', { name: 'At interview (7)' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('selectedTabIndex'));
    expect(addressState(router.state.location.search)).toMatchObject({ stageId: 3 });
    await waitFor(() => expect(lastSearch(calls).filters).toEqual({ stageId: 3 }));
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Substages of At interview' })).getByRole('link', {
        name: /To invite/,
      }),
    );
    await waitFor(() => expect(lastSearch(calls).filters).toEqual({ stageId: 3, substageId: '3-to-invite' }));
  });
});

describe('counts across all roles that stopped at the cap (decision 0079)', () => {
  it('read "10,000+" on the tabs and the total, and offer no "select all" that could not say how many', async () => {
    const capped = [
      {
        stageId: 1,
        total: 10_000,
        capped: true as const,
        subStages: [
          { substageId: '1-new', total: 9_400, capped: true as const },
          { substageId: '1-reviewed', total: 601, capped: true as const },
        ],
      },
      { stageId: 3, total: 7, subStages: [{ substageId: '3-to-invite', total: 7 }] },
    ];
    startHiring('/manager/search', () => ({
      status: 200,
      data: { ...searchPage(people, { totals: capped, total: 10_000, size: 3 }), totalCapped: true as const },
    }));
    await screen.findByText('10,000+ candidates found', undefined);
    const stages = screen.getByRole('navigation', { name: 'Stages' });
    expect(within(stages).getByRole('link', { name: 'Applied (10,000+)' })).toBeTruthy();
    expect(within(stages).getByRole('link', { name: 'At interview (7)' })).toBeTruthy();
    const subs = screen.getByRole('navigation', { name: 'Substages of Applied' });
    expect(within(subs).getByRole('link', { name: 'Reviewed (601+)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all candidates on this page' }));
    expect(screen.getByText('3 candidates selected.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /candidates that match/ })).toBeNull();
  });
});

describe("the role's answer columns (candidatesx)", () => {
  it("heads them with the form's labels and shows each candidate's answers", async () => {
    const columns = [
      { id: 'firstName', label: 'First name' },
      { id: 'whyAcme', label: 'Why do you want to join Acme Consulting?' },
    ];
    const rows = people.map((row) => ({
      ...row,
      fields: { firstName: row.name.split(' ')[0]!, whyAcme: `Because ${row.name}` },
    }));
    const { calls } = startHiring(stateUrl({ roleId: 'r1' }, 'list=candidatesx'), (call) =>
      call.url === `/v1/search/candidatev/${organization.id}`
        ? { status: 200, data: { ...searchPage(rows, { totals }), columns } }
        : { status: 404 },
    );
    await screen.findByText('3 candidates found');
    expect(calls.some((c) => c.url === `/v1/search/candidatev/${organization.id}`)).toBe(true);
    for (const { label } of columns) expect(screen.getByRole('columnheader', { name: label })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Why acme' })).toBeNull();
    const ada = screen.getByRole('row', { name: /Ada Lovelace/ });
    expect(within(ada).getByRole('cell', { name: 'Because Ada Lovelace' })).toBeTruthy();
  });
});

describe('selection and bulk moves', () => {
  const handler = (moved: number) => (call: Call) => {
    if (call.url === SEARCH_URL) return { status: 200, data: searchPage(people, { total: 57, totals }) };
    if (call.url.startsWith('/v1/candidate/bulkstage/')) return { status: 200, data: { moved } };
    if (call.url === '/v1/candidate/r1/export')
      return { status: 200, data: new Blob(['name,email\n'], { type: 'text/csv' }) };
    return { status: 404 };
  };

  it('confirms how many will move: the ticked rows, then all matching minus the rows unticked again', async () => {
    const { calls } = startHiring(stateUrl({ roleId: 'r1' }), handler(2));
    await screen.findByText('57 candidates found', undefined);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Grace Hopper' }));
    expect(screen.getByText('2 candidates selected.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Move to stage'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move 2 candidates to At interview?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move 2 candidates' }));
    await screen.findByText('2 candidates moved to At interview');
    const first = calls.filter((c) => c.url.startsWith('/v1/candidate/bulkstage/'));
    expect(first.map((c) => c.url)).toEqual(['/v1/candidate/bulkstage/3/r1']);
    expect(bodyOf(first[0])).toEqual({ ids: ['a1', 'a2'] });
    expect(first[0]!.params).toEqual({});
    // The moved selection is cleared and the list asked again.
    await waitFor(() =>
      expect(screen.getByText('No candidates selected: tick them to move or export them.')).toBeTruthy(),
    );

    // Whole page, then every match, then one taken out again.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all candidates on this page' }));
    expect(screen.getByText('3 candidates selected.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Select all 57 candidates that match' }));
    expect(screen.getByText('All 57 matching candidates are selected.')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Grace Hopper' }));
    expect(screen.getByText('56 candidates selected.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Move to stage'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Substage'), { target: { value: '3-invited' } });
    fireEvent.click(screen.getByLabelText('Assign them to me'));
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the button's 1 s click lock (spec §5)
    fireEvent.click(screen.getByRole('button', { name: 'Move selected' }));
    const second = await screen.findByRole('dialog', { name: 'Move 56 candidates to At interview – Invited?' });
    fireEvent.click(within(second).getByRole('button', { name: 'Move 56 candidates' }));
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/v1/candidate/bulkstage/')).length).toBe(2));
    const bulk = calls.filter((c) => c.url.startsWith('/v1/candidate/bulkstage/')).at(-1)!;
    expect(bodyOf(bulk)).toEqual({
      filters: { roleId: 'r1', stageId: 1, substageId: '1-new' },
      unselectedIds: ['a2'],
      substageId: '3-invited',
    });
    expect(bulk.params).toEqual({ assignee: 'u-hr' });
  });

  it('ticking a row adds nothing above the table (the rows stay put): the actions bar follows the table', async () => {
    startHiring(stateUrl({ roleId: 'r1' }), handler(0));
    await screen.findByText('57 candidates found');
    const table = screen.getByRole('table');
    /** The text of everything above the table on the page. */
    const above = () => {
      const range = document.createRange();
      range.setStartBefore(document.querySelector('main')!);
      range.setEndBefore(table);
      return range.toString();
    };
    const before = above();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' }));
    expect(screen.getByText('1 candidate selected.')).toBeTruthy();
    expect(above()).toBe(before);
    // The bar comes after the rows in the page and in the keyboard order, with every action in it.
    const bar = screen.getByRole('group', { name: /1 candidate selected/ });
    expect(table.compareDocumentPosition(bar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Move selected' })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('fast-tracks the ticked rows to another role as a job, and reports its progress until it is done', async () => {
    let polls = 0;
    const { calls } = startHiring(stateUrl({ roleId: 'r1' }), (call) => {
      if (call.url === '/v1/candidate/a1/fasttrackcandidates/r2/stage/3') return { status: 202, data: { jobId: 'j1' } };
      if (call.url === '/v1/jobs/j1') {
        polls += 1;
        return {
          status: 200,
          data:
            polls === 1
              ? { id: 'j1', status: 'running', total: 2, done: 1, skipped: 0 }
              : { id: 'j1', status: 'done', total: 2, done: 2, skipped: 1 },
        };
      }
      return handler(0)(call);
    });
    await screen.findByText('57 candidates found', undefined);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Grace Hopper' }));
    const group = await screen.findByRole('group', { name: 'Fast-track to another role' });
    fireEvent.change(within(group).getByLabelText('Fast-track to role'), { target: { value: 'r2' } });
    fireEvent.change(within(group).getByLabelText('At stage'), { target: { value: '3' } });
    fireEvent.click(within(group).getByRole('button', { name: 'Fast-track 2 candidates' }));
    await screen.findByText('Fast-tracking: 1 of 2 done…');
    await screen.findByText('1 candidate fast-tracked to Summer Intern (1 already there)');
    expect(bodyOf(calls.find((c) => c.url === '/v1/candidate/a1/fasttrackcandidates/r2/stage/3'))).toEqual({
      ids: ['a2'],
    });
    expect(polls).toBe(2);
  });

  it('stops asking for a fast-track job once its panel has gone (the selection changed), and never clears a newer selection', async () => {
    let polls = 0;
    startHiring(stateUrl({ roleId: 'r1' }), (call) => {
      if (call.url === '/v1/candidate/a1/fasttrackcandidates/r2/stage/3') return { status: 202, data: { jobId: 'j1' } };
      if (call.url === '/v1/jobs/j1') {
        polls += 1;
        const reply = {
          status: 200,
          data:
            polls < 3
              ? { id: 'j1', status: 'running', total: 2, done: 1, skipped: 0 }
              : { id: 'j1', status: 'done', total: 2, done: 2, skipped: 0 },
        };
        // Slow enough that the panel goes while the first answer is on its way.
        return new Promise((resolve) => setTimeout(() => resolve(reply), 300));
      }
      return handler(0)(call);
    });
    await screen.findByText('57 candidates found', undefined);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' }));
    const group = await screen.findByRole('group', { name: 'Fast-track to another role' });
    fireEvent.change(within(group).getByLabelText('Fast-track to role'), { target: { value: 'r2' } });
    fireEvent.change(within(group).getByLabelText('At stage'), { target: { value: '3' } });
    fireEvent.click(within(group).getByRole('button', { name: 'Fast-track 1 candidate' }));
    await screen.findByText('Fast-track queued…');
    await waitFor(() => expect(polls).toBe(1));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Fast-track to another role' })).toBeNull());
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Grace Hopper' }));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(polls).toBe(1);
    expect(screen.getByRole('checkbox', { name: 'Select Grace Hopper' })).toHaveProperty('checked', true);
  });

  it('cancelling the confirmation moves nothing', async () => {
    const { calls } = startHiring(stateUrl({ roleId: 'r1' }), handler(1));
    await screen.findByText('57 candidates found', undefined);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Alan Turing' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move 1 candidate to Applied?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.url.startsWith('/v1/candidate/bulkstage/'))).toBe(false);
    expect(screen.getByText('1 candidate selected.')).toBeTruthy();
  });

  it('exports the selection as CSV and says so (spec §8)', async () => {
    const saved = recordSavedFiles();
    const { calls } = startHiring(stateUrl({ roleId: 'r1' }), handler(0));
    await screen.findByText('57 candidates found', undefined);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all candidates on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByText('export successful (downloading csv file)');
    const exported = calls.find((c) => c.url === '/v1/candidate/r1/export')!;
    expect(bodyOf(exported)).toEqual({ ids: ['a1', 'a2', 'a3'] });
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
    expect(saved).toHaveLength(1);
  });

  it('shows the server’s reason when the export is refused (the JSON body arrives as a Blob)', async () => {
    startHiring(stateUrl({ roleId: 'r1' }), (call) =>
      call.url === '/v1/candidate/r1/export'
        ? {
            status: 400,
            data: new Blob([JSON.stringify({ message: 'Select at most 10000 candidates to export' })], {
              type: 'application/json',
            }),
          }
        : handler(0)(call),
    );
    await screen.findByText('57 candidates found', undefined);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Select at most 10000 candidates to export');
  });

  it('without a role there is no bulk move (the calls are per role), and new filters clear the selection', async () => {
    startHiring('/manager/search', handler(0));
    await screen.findByText('57 candidates found', undefined);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' }));
    expect(screen.getByText('Choose a role to move or export candidates in bulk.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Move selected' })).toBeNull();
    fireEvent.click(screen.getByLabelText('Oxbridge'));
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(screen.getByText('No candidates selected: tick them to move or export them.')).toBeTruthy(),
    );
  });

  it('has no serious accessibility problems, with a selection and the confirmation open', async () => {
    const { container } = startHiring(stateUrl({ roleId: 'r1' }), handler(1));
    await screen.findByText('57 candidates found', undefined);
    expect(await seriousViolations(container)).toEqual([]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move selected' }));
    await screen.findByRole('dialog');
    expect(await seriousViolations(document.body)).toEqual([]);
  });
});
