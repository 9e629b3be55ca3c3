import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from '#client/api/http';
import { fakeAdapter } from '../auth/fake-api';
import { bodyOf, hiringApi, organization, seriousViolations, stages } from '../pipeline/fixtures';
import { renderApp } from '../support';
import { admin, api, byId, start } from './studio-fixtures';

describe('/manager/studio', () => {
  it('names a new question’s missing label at its field, publishes once fixed, axe clean', async () => {
    const { container, calls } = start();
    fireEvent.click(await screen.findByText('Add a custom question', {}, { timeout: 15_000 }));
    const label = await waitFor(() => byId(container, 'studio-formConfiguration-custom-0-label'));
    await waitFor(() => expect(label.getAttribute('aria-invalid')).toBe('true'));
    const summary = container.querySelector('[data-error-summary]')!;
    expect(within(summary as HTMLElement).getByRole('link').textContent).toContain('/formConfiguration/custom/0/label');
    expect(await seriousViolations(container)).toEqual([]);

    fireEvent.click(screen.getByText('Publish a new version'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(label, { target: { value: 'Which team?' } });
    await waitFor(() => expect(label.getAttribute('aria-invalid')).toBeNull());
    fireEvent.change(byId(container, 'studio-note'), { target: { value: 'A question' } });
    fireEvent.click(screen.getByText('Publish a new version'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(bodyOf(calls.find((c) => c.method === 'POST'))).toMatchObject({
      note: 'A question',
      basedOn: 1,
      formConfiguration: {
        text: { welcome: 'Hello' },
        custom: [{ id: 'question1', type: 'text', label: 'Which team?' }],
      },
    });
  }, 60_000);

  it('edits a role’s listFields with the problem at the field, and saves nothing while it stands', async () => {
    const { calls, container } = start();
    fireEvent.click(await screen.findByText('Roles', { selector: 'button' }, { timeout: 15_000 }));
    fireEvent.change(await screen.findByLabelText('Role to edit', {}, { timeout: 15_000 }), {
      target: { value: 'r1' },
    });
    const listFields = await waitFor(() => byId(container, 'studio-template-viewConfiguration-listFields'), {
      timeout: 15_000,
    });
    fireEvent.change(listFields, { target: { value: 'firstName\nnoSuchQuestion' } });
    await waitFor(() => expect(listFields.getAttribute('aria-invalid')).toBe('true'));
    fireEvent.click(screen.getByText('Save the role'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  }, 60_000);

  it('previews the check-answers page and the candidate panel with a demo candidate; Change opens the step', async () => {
    const { container } = start();
    const views = await screen.findByRole('group', { name: 'What to preview' }, { timeout: 15_000 });
    fireEvent.click(within(views).getByLabelText('The check-answers page'));
    // The candidate side's own check-answers page: its heading, the demo candidate's answers, a Change link each.
    const check = await screen.findByRole('heading', { name: 'Check your answers before submitting your application' });
    const page = check.parentElement!;
    expect(within(page).getByText('First name').nextElementSibling?.textContent).toBe('Alex');
    expect(within(page).getByText('Email address').nextElementSibling?.textContent).toBe('alex.morgan@example.com');
    expect(within(page).getByText('Submit application')).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
    fireEvent.click(within(page).getAllByText('Change')[0]!);
    await screen.findByText(/^Step 1 of \d+$/);
    expect(within(views).getByLabelText<HTMLInputElement>('The application, step by step').checked).toBe(true);

    // The hiring side's panel, for the organisation's first role (no template here): the rows its listFields name.
    fireEvent.click(within(views).getByLabelText("The hiring side's candidate panel"));
    await screen.findByText(/^The answers the role Graduate Analyst shows its hiring team/);
    const panel = screen.getByRole('heading', { name: 'Alex Morgan' }).parentElement!;
    expect([...panel.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['First name']);
    expect(panel.querySelector('dd')?.textContent).toBe('Alex');
    expect(await seriousViolations(container)).toEqual([]);
  }, 60_000);

  it('previews a role’s candidate panel as its listFields are edited', async () => {
    const { container } = start();
    fireEvent.click(await screen.findByText('Roles', { selector: 'button' }, { timeout: 15_000 }));
    fireEvent.change(await screen.findByLabelText('Role to edit', {}, { timeout: 15_000 }), {
      target: { value: 'r1' },
    });
    const listFields = await waitFor(() => byId(container, 'studio-template-viewConfiguration-listFields'), {
      timeout: 15_000,
    });
    fireEvent.click(screen.getByLabelText("The hiring side's candidate panel"));
    const panel = (await screen.findByRole('heading', { name: 'Alex Morgan' })).parentElement!;
    expect([...panel.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['First name']);
    fireEvent.change(listFields, { target: { value: 'lastName\nemail' } });
    await waitFor(() =>
      expect([...panel.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual([
        'Morgan',
        'alex.morgan@example.com',
      ]),
    );
    fireEvent.change(listFields, { target: { value: '' } });
    await within(panel).findByText('The role shows no answers here.');
  }, 60_000);

  it('edits a stage’s substages and metrics and sends them with the pipeline', async () => {
    const stagesUrl = `/v1/organization/${organization.id}/stages`;
    const fake = fakeAdapter(
      hiringApi((call) =>
        call.method === 'PUT' && call.url === stagesUrl
          ? { status: 200, data: (bodyOf(call) as { stages: unknown }).stages }
          : api(call),
      ),
    );
    http.defaults.adapter = fake.adapter;
    const { container } = renderApp('/manager/studio', { organization, user: admin, side: 'hr' });
    fireEvent.click(await screen.findByText('Stages', { selector: 'button' }, { timeout: 15_000 }));
    const applied = stages[0]!;
    const stage = await screen.findByRole('group', { name: `Stage 1: ${applied.name}` }, { timeout: 15_000 });
    fireEvent.click(within(stage).getByText(`Substages and score metrics of ${applied.name}`));
    const subs = await within(stage).findByRole('group', { name: `Substages of ${applied.name}` });
    // A new substage, moved first and made where candidates arrive; the stage's second substage renamed.
    fireEvent.change(within(subs).getByLabelText(`Name of a new substage of ${applied.name}`), {
      target: { value: 'On hold' },
    });
    fireEvent.click(within(subs).getByText('Add the substage'));
    const last = applied.subStages.length;
    for (let n = last; n > 0; n--) fireEvent.click(within(subs).getByText('Move the substage On hold up'));
    fireEvent.click(within(subs).getByLabelText('On hold', { selector: 'input[type=radio]' }));
    fireEvent.change(within(subs).getByLabelText('Name of substage 2'), { target: { value: 'Fresh' } });
    // A metric added, named and made a percentage with its own top score.
    const metrics = within(stage).getByRole('group', { name: `Score metrics of ${applied.name}` });
    fireEvent.click(within(metrics).getByText('Add a metric'));
    fireEvent.change(within(metrics).getByLabelText('Name of metric 1'), { target: { value: 'Motivation' } });
    fireEvent.change(within(metrics).getByLabelText('Kind of answer to Motivation'), { target: { value: 'PERCENT' } });
    fireEvent.change(within(metrics).getByLabelText('Highest score of Motivation'), { target: { value: '90' } });
    expect(await seriousViolations(container)).toEqual([]);
    fireEvent.click(screen.getByText('Save the stages'));
    await screen.findByText('Stages saved', {}, { timeout: 15_000 });
    const sent = (bodyOf(fake.calls.find((c) => c.method === 'PUT')) as { stages: typeof stages }).stages[0]!;
    expect(sent.subStages.map((s) => [s.name, s.defaultSubStage])).toEqual([
      ['On hold', true],
      ['Fresh', false],
      ...applied.subStages.slice(1).map((s) => [s.name, false]),
    ]);
    expect(sent.subStages[0]).toMatchObject({ id: `${applied.id}-added-1`, codeStage: 'PENDING' });
    expect(sent.metrics).toEqual([{ key: 'metric1', label: 'Motivation', metricType: 'PERCENT', max: 90 }]);
  }, 60_000);

  it('orders stages with buttons, renames one, attaches a provider where allowed, saves; a refusal names the stage', async () => {
    const stagesUrl = `/v1/organization/${organization.id}/stages`;
    let refuse = false;
    const fake = fakeAdapter(
      hiringApi((call) => {
        if (call.method !== 'PUT' || call.url !== stagesUrl) return api(call);
        if (refuse)
          return {
            status: 409,
            data: {
              message: "'Applied' cannot be removed: 3 candidates are at this stage",
              errors: [{ field: 'stages', message: "'Applied' cannot be removed: 3 candidates are at this stage" }],
            },
          };
        return { status: 200, data: (bodyOf(call) as { stages: unknown }).stages };
      }),
    );
    http.defaults.adapter = fake.adapter;
    const { container } = renderApp('/manager/studio', { organization, user: admin, side: 'hr' });
    fireEvent.click(await screen.findByText('Stages', { selector: 'button' }, { timeout: 15_000 }));
    const second = await screen.findByRole('group', { name: /^Stage 2: / }, { timeout: 15_000 });
    const secondName = within(second).getByLabelText<HTMLInputElement>('Name of the stage').value;
    fireEvent.click(within(second).getByText(`Move ${secondName} up`));
    const first = screen.getByRole('group', { name: /^Stage 1: / });
    expect(first.getAttribute('aria-labelledby') ?? first.textContent).toContain(secondName);
    fireEvent.change(within(first).getByLabelText('Name of the stage'), { target: { value: 'Screening call' } });
    const onlineTest = screen.getByRole('group', { name: `Stage 3: ${stages.find((s) => s.id === 2)!.name}` });
    const providers = within(onlineTest).getByLabelText<HTMLSelectElement>('Assessment provider');
    expect([...providers.options].map((o) => o.value)).not.toContain('hrScheduler');
    fireEvent.change(providers, { target: { value: 'psychometricTest' } });
    expect(await seriousViolations(container)).toEqual([]);
    fireEvent.click(screen.getByText('Save the stages'));
    await screen.findByText('Stages saved', {}, { timeout: 15_000 });
    const sent = bodyOf(fake.calls.find((c) => c.method === 'PUT')) as {
      stages: { id: number; name: string; provider?: { kind: string } }[];
    };
    expect(sent.stages.slice(0, 2).map((s) => s.id)).toEqual([stages[1]!.id, stages[0]!.id]);
    expect(sent.stages[0]!.name).toBe('Screening call');
    expect(sent.stages.find((s) => s.id === 2)?.provider).toEqual({ kind: 'psychometricTest' });

    refuse = true;
    await new Promise((r) => setTimeout(r, 1_100));
    fireEvent.click(screen.getByText(`Remove ${stages[0]!.name}`));
    fireEvent.click(screen.getByText('Save the stages'));
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert.textContent).toContain("'Applied' cannot be removed: 3 candidates are at this stage");
  }, 60_000);

  it('lists untranslated texts, uploads an edited file (reloaded), and names the keys a refused file got wrong', async () => {
    const translationUrl = `/v1/organization/${organization.id}/translations/cy`;
    const file = { language: 'cy', text: { greeting: '', title: 'Teitl' }, untranslated: ['greeting'] };
    let refuse = false;
    const fake = fakeAdapter(
      hiringApi((call) => {
        if (call.url !== translationUrl) return api(call);
        if (call.method === 'GET') return { status: 200, data: file };
        if (refuse)
          return {
            status: 400,
            data: {
              message: 'The translation file was not loaded',
              errors: [{ field: 'text.greeting', message: "'greeting' must keep the placeholder {{firstName}}" }],
            },
          };
        return { status: 200, data: { ...file, text: (bodyOf(call) as { text: object }).text, untranslated: [] } };
      }),
    );
    http.defaults.adapter = fake.adapter;
    const { container } = renderApp('/manager/studio', { organization, user: admin, side: 'hr' });
    fireEvent.click(await screen.findByText('Translations', { selector: 'button' }, { timeout: 15_000 }));
    await screen.findByText('1 text not translated', {}, { timeout: 15_000 });
    expect(screen.getByText('greeting', { selector: 'code' })).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);

    const input = screen.getByLabelText('Upload an edited translation file');
    const edited = JSON.stringify({ language: 'cy', text: { greeting: 'Helo {{firstName}}', title: 'Teitl' } });
    fireEvent.change(input, { target: { files: [new File([edited], 'acme.cy.json', { type: 'application/json' })] } });
    await screen.findByText('Translation file reloaded', {}, { timeout: 15_000 });
    await screen.findByText('0 texts not translated');
    expect(bodyOf(fake.calls.find((c) => c.method === 'PUT'))).toEqual({
      text: { greeting: 'Helo {{firstName}}', title: 'Teitl' },
    });

    refuse = true;
    fireEvent.change(input, { target: { files: [new File([edited], 'acme.cy.json')] } });
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert.textContent).toContain("'greeting' must keep the placeholder {{firstName}}");
    fireEvent.change(input, { target: { files: [new File(['not json'], 'notes.txt')] } });
    await screen.findByText('notes.txt is not a JSON translation file.');
  }, 60_000);
});
