import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ConfigurationHistory } from '#schemas/studio';
import { pageInfo } from '#engine/pipeline/search';
import type { CurrentUser } from '#client/state/auth';
import type { Call, Reply } from '../auth/fake-api';
import { http } from '#client/api/http';
import { fakeAdapter } from '../auth/fake-api';
import { bodyOf, hiringApi, organization, seriousViolations, stages } from '../pipeline/fixtures';
import { renderApp } from '../support';

const admin: CurrentUser = { id: 'u-admin', userType: 'HIRING_MANAGER_ADMIN', email: 'hr@acme.example' };
const base = `/v1/organization/${organization.id}/configuration`;

const history: ConfigurationHistory = {
  current: 1,
  configuration: {
    defaultConfiguration: {},
    formConfiguration: { text: { welcome: 'Hello' } },
    themeConfiguration: organization.themeConfiguration,
  },
  versions: [
    { number: 1, note: '', author: null, createdAt: '2026-11-01T09:00:00.000Z', restoredFrom: null, current: true },
  ],
};

const role = {
  id: 'r1',
  name: 'Graduate Analyst',
  roleType: 'Graduate programme',
  roleLevel: 'Entry level',
  department: 'Data',
  location: 'Leeds',
  workType: 'On-site',
  employmentType: 'Permanent',
  salary: null,
  deadline: null,
  closed: false,
  summary: '',
  description: [],
  status: 'ACTIVE',
  organization: { id: organization.id, subdomain: 'acme', name: 'Acme Consulting' },
  formConfiguration: {},
  jsonConfigurations: {},
  settings: {},
  template: { viewConfiguration: { listFields: [{ id: 'firstName', candidateResponse: true }] } },
};

function api(call: Call): Reply {
  if (call.method === 'GET' && call.url === base) return { status: 200, data: history };
  if (call.method === 'POST' && call.url === base)
    return { status: 201, data: { ...history.versions[0], number: 2, configuration: history.configuration } };
  if (call.method === 'GET' && call.url === '/v1/roles')
    return {
      status: 200,
      data: {
        ...pageInfo(0, 100, 1, 1),
        content:
          call.params.status === 'PRESET' ? [] : [{ ...role, applications: 0, stages: [], roleLevel: 'Entry level' }],
      },
    };
  if (call.method === 'GET' && call.url === '/v1/role/r1') return { status: 200, data: role };
  return { status: 404, data: { message: 'Not found' } };
}

function byId(container: Element, id: string): HTMLElement {
  const found = container.querySelector<HTMLElement>(`#${id}`);
  if (!found) throw new Error(`no #${id}`);
  return found;
}

/** The studio for the organisation's admin on the HR host, the API answering from `api`. */
function start() {
  const fake = fakeAdapter(hiringApi(api));
  http.defaults.adapter = fake.adapter;
  return { ...renderApp('/manager/studio', { organization, user: admin, side: 'hr' }), calls: fake.calls };
}

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
