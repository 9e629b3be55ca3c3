import type { ConfigurationHistory } from '#schemas/studio';
import { pageInfo } from '#engine/pipeline/search';
import type { CurrentUser } from '#client/state/auth';
import { http } from '#client/api/http';
import type { Call, Reply } from '../auth/fake-api';
import { fakeAdapter } from '../auth/fake-api';
import type { OrganizationStage } from '#schemas/pipeline';
import { hiringApi, organization, stages } from '../pipeline/fixtures';
import { renderApp } from '../support';

/* The studio's tests' organisation admin, published configuration, role and API (tests/client/studio). */

export const admin: CurrentUser = { id: 'u-admin', userType: 'HIRING_MANAGER_ADMIN', email: 'hr@acme.example' };
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

export const role = {
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

export function api(call: Call): Reply {
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

export function byId(container: Element, id: string): HTMLElement {
  const found = container.querySelector<HTMLElement>(`#${id}`);
  if (!found) throw new Error(`no #${id}`);
  return found;
}

/**
 * The studio for the organisation's admin on the HR host, the API answering from `handler` (by default `api`), on
 * `path` (by default the studio), with `pipeline` as the organisation's stages.
 */
export function start(
  handler: (call: Call) => Reply | Promise<Reply> = api,
  path = '/manager/studio',
  pipeline: readonly OrganizationStage[] = stages,
) {
  const fake = fakeAdapter(hiringApi(handler, pipeline));
  http.defaults.adapter = fake.adapter;
  // A copy of the organisation each time: the hiring side keeps its features per organisation object.
  return { ...renderApp(path, { organization: { ...organization }, user: admin, side: 'hr' }), calls: fake.calls };
}
