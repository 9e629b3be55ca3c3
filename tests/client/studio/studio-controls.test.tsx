import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ContextualData } from '#schemas/contextual';
import { pageInfo } from '#engine/pipeline/search';
import { NO_UNIVERSITY, bodyOf, organization, seriousViolations, stages } from '../pipeline/fixtures';
import { api, byId, role, start } from './studio-fixtures';

/* Issue 15's last lines (decision 0078): the studio's controls for providers' substages, menus, hr flags and texts. */

describe('the Stages tab: an assessment provider’s substages', () => {
  it('edits which substages the provider offers and sets, shows a filter that leaves none, and saves the filter', async () => {
    const stagesUrl = `/v1/organization/${organization.id}/stages`;
    const { container, calls } = start((call) =>
      call.method === 'PUT' && call.url === stagesUrl
        ? { status: 200, data: (bodyOf(call) as { stages: unknown }).stages }
        : api(call),
    );
    fireEvent.click(await screen.findByText('Stages', { selector: 'button' }, { timeout: 15_000 }));
    const onlineTest = stages.find((s) => s.id === 2)!;
    const stage = await screen.findByRole('group', { name: `Stage 3: ${onlineTest.name}` }, { timeout: 15_000 });
    fireEvent.change(within(stage).getByLabelText('Assessment provider'), { target: { value: 'psychometricTest' } });
    fireEvent.click(within(stage).getByText(`Substages and score metrics of ${onlineTest.name}`));
    const filter = await within(stage).findByRole('group', {
      name: `What Psychometric test sets at ${onlineTest.name}`,
    });
    const [first, second, ...rest] = onlineTest.subStages;
    // Every substage offered before the assessment (the default), none set by the provider.
    for (const sub of onlineTest.subStages)
      expect(
        within(filter).getByLabelText<HTMLInputElement>(`Offer ${sub.name} to managers before the assessment is set up`)
          .checked,
      ).toBe(true);
    // Offering none leaves managers nowhere to move candidates: said at once, at the provider's substages.
    for (const sub of onlineTest.subStages)
      fireEvent.click(within(filter).getByLabelText(`Offer ${sub.name} to managers before the assessment is set up`));
    expect(filter.textContent).toContain('offers no substage before its assessment exists');
    fireEvent.click(within(filter).getByLabelText(`Offer ${first!.name} to managers before the assessment is set up`));
    expect(filter.textContent).not.toContain('offers no substage');
    // The second is set by the provider once the assessment exists; the assessment is not set up yet.
    fireEvent.click(
      within(filter).getByLabelText(
        `${second!.name} is set by Psychometric test once the assessment is set up (hidden from managers)`,
      ),
    );
    fireEvent.click(within(filter).getByLabelText('The assessment is set up at Psychometric test'));
    expect(await seriousViolations(container)).toEqual([]);
    fireEvent.click(screen.getByText('Save the stages'));
    await screen.findByText('Stages saved', {}, { timeout: 15_000 });
    const sent = (bodyOf(calls.find((c) => c.method === 'PUT')) as { stages: typeof stages }).stages;
    expect(sent.find((s) => s.id === 2)!.provider).toEqual({
      kind: 'psychometricTest',
      assessment: false,
      included: [first!.id],
      excluded: [second!.id],
    });
    expect(rest.length).toBeGreaterThan(0);
  }, 60_000);
});

describe('the Forms tab: menus, hiring-side features and lists of texts', () => {
  it('hides a menu and a hiring-side feature with check boxes, names an unknown flag at its group, publishes', async () => {
    const { container, calls } = start();
    const features = await screen.findByRole('group', { name: 'Hiring-side features shown' }, { timeout: 15_000 });
    const reports = within(features).getByLabelText<HTMLInputElement>('Reports');
    expect(reports.checked).toBe(true);
    fireEvent.click(reports);
    fireEvent.click(within(features).getByLabelText('Diversity report'));
    const menus = screen.getByRole('group', { name: 'Menus shown' });
    fireEvent.click(within(menus).getByLabelText('Events'));
    expect(reports.checked).toBe(false);
    expect(await seriousViolations(container)).toEqual([]);

    // A flag the product does not know, typed in the JSON: the engine's message at the group, in the summary.
    const json = byId(container, 'studio-formConfiguration');
    const layer = JSON.parse((json as HTMLTextAreaElement).value) as { menus: Record<string, boolean> };
    fireEvent.change(json, { target: { value: JSON.stringify({ ...layer, menus: { ...layer.menus, blog: false } }) } });
    await waitFor(() => expect(menus.textContent).toContain("unknown menu 'blog'"));
    const summary = container.querySelector('[data-error-summary]')!;
    expect(summary.textContent).toContain('/formConfiguration/menus/blog');
    fireEvent.click(screen.getByText('Publish a new version'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(json, { target: { value: JSON.stringify(layer) } });
    await waitFor(() => expect(menus.textContent).not.toContain('unknown menu'));
    fireEvent.click(screen.getByText('Publish a new version'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(bodyOf(calls.find((c) => c.method === 'POST'))).toMatchObject({
      formConfiguration: { menus: { events: false }, hr: { reports: false, diversity: false } },
    });
  }, 60_000);

  it('adds, edits, moves and removes the texts of a list by keyboard-usable buttons; a text too long is named', async () => {
    const { container, calls } = start();
    fireEvent.click(await screen.findByText('terms.paragraphs (2 texts)', {}, { timeout: 15_000 }));
    const list = await screen.findByRole('group', { name: 'terms.paragraphs' });
    // A button by its name, its visible words and those only screen readers hear (jsdom drops the space between).
    const words = (text: string) => text.replace(/\s+/g, '');
    const button = (name: string) =>
      within(list).getByRole('button', { name: (accessible) => words(accessible) === words(name) });
    const texts = () =>
      within(list)
        .getAllByRole<HTMLTextAreaElement>('textbox')
        .map((box) => box.value);
    const [first, second] = texts();
    fireEvent.click(button('Add a text to terms.paragraphs'));
    fireEvent.change(within(list).getByLabelText('Text 3'), { target: { value: 'Ask us anything.' } });
    fireEvent.click(button('Move up text 3 of terms.paragraphs'));
    expect(texts()).toEqual([first, 'Ask us anything.', second]);
    fireEvent.click(button('Remove text 1 of terms.paragraphs'));
    expect(texts()).toEqual(['Ask us anything.', second]);
    expect(await seriousViolations(container)).toEqual([]);

    const long = within(list).getByLabelText('Text 1');
    fireEvent.change(long, { target: { value: 'x'.repeat(10_001) } });
    await waitFor(() => expect(long.getAttribute('aria-invalid')).toBe('true'));
    expect(container.querySelector('[data-error-summary]')!.textContent).toContain(
      '/formConfiguration/textArrays/terms.paragraphs/0',
    );
    fireEvent.change(long, { target: { value: 'Ask us anything.' } });
    await waitFor(() => expect(long.getAttribute('aria-invalid')).toBeNull());
    fireEvent.click(screen.getByText('Publish a new version'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(bodyOf(calls.find((c) => c.method === 'POST'))).toMatchObject({
      formConfiguration: { textArrays: { 'terms.paragraphs': ['Ask us anything.', second] } },
    });
  }, 60_000);
});

describe('hiring-side features turned off (decision 0078)', () => {
  const off = (...ids: string[]) => ({ status: 200, data: ids.map((id) => ({ id, kind: 'hr', enabled: false })) });

  it('leaves Reports out of the navigation and says the reports page is turned off', async () => {
    const { container } = start(
      (call) =>
        call.url === '/v1/data/modules'
          ? off('reports')
          : call.url === '/v1/reports'
            ? { status: 200, data: { reports: [] } }
            : api(call),
      '/manager/reports',
    );
    await screen.findByText(/^Reports are turned off for this organisation/, {}, { timeout: 15_000 });
    const nav = screen.getAllByRole('navigation').find((n) => within(n).queryByRole('link', { name: 'Search' }))!;
    expect(within(nav).queryByRole('link', { name: 'Reports' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Studio' })).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  }, 60_000);

  it('shows Reports in the navigation while the reports are on', async () => {
    start(api, '/manager/studio');
    const nav = await waitFor(
      () => screen.getAllByRole('navigation').find((n) => within(n).queryByRole('link', { name: 'Search' }))!,
      { timeout: 15_000 },
    );
    expect(within(nav).getByRole('link', { name: 'Reports' })).toBeTruthy();
  }, 60_000);

  it('offers no assessment provider in the Stages tab while assessments are off, and keeps an attached one', async () => {
    const attached = stages.map((s) => (s.id === 2 ? { ...s, provider: { kind: 'psychometricTest' as const } } : s));
    start((call) => (call.url === '/v1/data/modules' ? off('assessments') : api(call)), '/manager/studio', attached);
    fireEvent.click(await screen.findByText('Stages', { selector: 'button' }, { timeout: 15_000 }));
    await screen.findByText(/^Assessments are turned off for this organisation/, {}, { timeout: 15_000 });
    expect(screen.queryByLabelText('Assessment provider')).toBeNull();
    const onlineTest = screen.getByRole('group', { name: `Stage 3: ${stages.find((s) => s.id === 2)!.name}` });
    expect(onlineTest.textContent).toContain('Psychometric test stays attached to this stage');
  }, 60_000);
});

describe('the Forms tab: the candidate panel preview (decision 0078)', () => {
  const measure = { measure: 'MEDIAN_ATAR', value: 55.6, source: 'School results', year: 2024 };
  const contextual: ContextualData = {
    flags: [{ id: 'FREE_SCHOOL_MEALS', field: 'freeSchoolMeals', answer: 'Yes' }],
    schools: [],
    ks4Points: null,
    ks5: { system: 'ATAR', points: 88.06 },
    performanceIndex: {
      system: 'ATAR',
      candidatePoints: 88.06,
      schoolPoints: 55.6,
      school: 'Playford International College',
      measure,
      index: 158.4,
      outperformance: 58.4,
    },
    schoolPercentile: null,
    university: NO_UNIVERSITY,
    area: null,
  };
  /** A second role: its own form renames the first name and its panel lists contextual measures. */
  const contextualRole = {
    ...role,
    id: 'r2',
    name: 'Graduate Program',
    formConfiguration: { text: { 'field.firstName.label': 'Given name' } },
    jsonConfigurations: { cy: { text: { 'field.firstName.label': 'Enw cyntaf' } } },
    template: {
      viewConfiguration: {
        listFields: [
          { id: 'firstName', candidateResponse: true },
          { id: 'contextualFlags', candidateResponse: true },
          { id: 'performanceIndex', candidateResponse: true },
        ],
      },
    },
  };
  const previewUrl = `/v1/organization/${organization.id}/studio/contextual-preview`;

  it('applies the chosen role’s own form and shows the contextual measures of the demo answers', async () => {
    const { container, calls } = start((call) => {
      if (call.method === 'GET' && call.url === '/v1/roles' && call.params.status === 'ACTIVE')
        return {
          status: 200,
          data: {
            ...pageInfo(0, 100, 2, 1),
            content: [role, contextualRole].map((r) => ({ ...r, applications: 0, stages: [] })),
          },
        };
      if (call.method === 'GET' && call.url === '/v1/role/r2') return { status: 200, data: contextualRole };
      if (call.method === 'POST' && call.url === previewUrl) return { status: 200, data: contextual };
      if (call.url === '/public/translation') return { status: 200, data: [] };
      return api(call);
    });
    const views = await screen.findByRole('group', { name: 'What to preview' }, { timeout: 15_000 });
    fireEvent.click(within(views).getByLabelText("The hiring side's candidate panel"));
    const chooser = await screen.findByLabelText<HTMLSelectElement>('Role whose candidate panel to preview');
    expect([...chooser.options].map((o) => o.textContent)).toEqual(['Graduate Analyst', 'Graduate Program']);
    let panel = (await screen.findByRole('heading', { name: 'Alex Morgan' })).parentElement!;
    expect([...panel.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['First name']);

    fireEvent.change(chooser, { target: { value: 'r2' } });
    await screen.findByText(/^The answers the role Graduate Program shows its hiring team/);
    panel = screen.getByRole('heading', { name: 'Alex Morgan' }).parentElement!;
    await waitFor(() =>
      expect([...panel.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual([
        'Given name',
        'Contextual flags',
        'Performance Index',
      ]),
    );
    const values = [...panel.querySelectorAll('dd')].map((dd) => dd.textContent);
    expect(values[0]).toBe('Alex');
    expect(values[1]).toContain('Free school meals');
    expect(values[2]).toMatch(/^158\.4 \(58\.4% above their school's average/);
    // The server worked the measures out from the demo candidate's answers, as on submit.
    const sent = bodyOf(calls.find((c) => c.method === 'POST' && c.url === previewUrl)) as {
      answers: Record<string, unknown>;
    };
    expect(sent.answers.firstName).toBe('Alex');
    expect(await seriousViolations(container)).toEqual([]);

    // The role's own Welsh text, in the Welsh preview.
    fireEvent.click(within(screen.getByRole('group', { name: 'Language of the preview' })).getByLabelText('Cymraeg'));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Alex Morgan' }).parentElement!.textContent).toContain('Enw cyntaf'),
    );
  }, 60_000);
});

describe('the Forms tab: lists of texts in another language (decision 0078)', () => {
  it('starts an untranslated list from the English texts, checks it as typed, and saves it as the translation', async () => {
    const translationUrl = `/v1/organization/${organization.id}/translations/cy`;
    const file = {
      language: 'cy',
      text: { welcome: 'Croeso' },
      untranslated: [],
      textArrays: { 'terms.paragraphs': [], 'policy.paragraphs': ['Polisi.'] },
    };
    const { container, calls } = start((call) => {
      if (call.url !== translationUrl) return api(call);
      if (call.method === 'GET') return { status: 200, data: file };
      const body = bodyOf(call) as { textArrays: object };
      return { status: 200, data: { ...file, textArrays: body.textArrays } };
    });
    const language = await screen.findByRole('group', { name: 'Language of the lists' }, { timeout: 15_000 });
    fireEvent.click(within(language).getByLabelText('Cymraeg'));
    await screen.findByText('terms.paragraphs is not translated: candidates read the English texts.');
    fireEvent.click(screen.getByRole('button', { name: /^Start from the English texts\s*for terms\.paragraphs$/ }));
    fireEvent.click(await screen.findByText('terms.paragraphs (2 texts)'));
    const list = await screen.findByRole('group', { name: 'terms.paragraphs' });
    const first = within(list).getByLabelText<HTMLTextAreaElement>('Text 1');
    expect(first.value).toMatch(/^We will use your answers/);
    fireEvent.change(first, { target: { value: 'x'.repeat(10_001) } });
    await waitFor(() => expect(first.getAttribute('aria-invalid')).toBe('true'));
    expect(container.querySelector('[data-error-summary]')!.textContent).toContain(
      '/translations/cy/textArrays/terms.paragraphs/0',
    );
    fireEvent.click(screen.getByText('Save the lists in Cymraeg'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(first, { target: { value: 'Byddwn yn defnyddio eich atebion.' } });
    await waitFor(() => expect(first.getAttribute('aria-invalid')).toBeNull());
    expect(await seriousViolations(container)).toEqual([]);
    fireEvent.click(screen.getByText('Save the lists in Cymraeg'));
    await screen.findByText('The lists in Cymraeg are saved', {}, { timeout: 15_000 });
    const sent = bodyOf(calls.find((c) => c.method === 'PUT')) as {
      text: object;
      textArrays: Record<string, string[]>;
    };
    expect(sent.text).toEqual(file.text);
    expect(sent.textArrays['terms.paragraphs']![0]).toBe('Byddwn yn defnyddio eich atebion.');
    expect(sent.textArrays['policy.paragraphs']).toEqual(['Polisi.']);
    // Nothing of it went into the draft: the English lists are as they were.
    fireEvent.click(within(language).getByLabelText('English'));
    fireEvent.click(await screen.findByText('terms.paragraphs (2 texts)'));
    const english = await screen.findByRole('group', { name: 'terms.paragraphs' });
    expect(within(english).getByLabelText<HTMLTextAreaElement>('Text 1').value).toMatch(/^We will use your answers/);
  }, 60_000);
});
