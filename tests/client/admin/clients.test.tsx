import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import type { CandidatePanel } from '#client/api/candidate-items';
import type { OrganizationDetails, OrganizationPage } from '#client/api/organization-admin';
import { http } from '#client/api/http';
import type { CurrentUser } from '#client/state/auth';
import { pageInfo } from '#engine/pipeline/search';
import { fakeAdapter, type Call, type Handler, type Reply } from '../auth/fake-api';
import { organisationFixture, renderApp } from '../support';
import { seriousViolations, stages } from '../pipeline/fixtures';
import { hiringNav, shownNav } from '#client/app/layouts/nav-items';

/*
 * /clients and /admin (issue 15 part A) and the configuration's `menus` and `hr` flags: the platform admin's list and
 * create form, who sees what, the navigation and the hiring-side panels following the flags.
 */

const admin: CurrentUser = { id: 'u-admin', userType: 'ADMIN', email: 'admin@candid.example' };
const hrAdmin: CurrentUser = { id: 'u-hr', userType: 'HIRING_MANAGER_ADMIN', email: 'hr@acme.example' };
const here = organisationFixture();

const details = (overrides: Partial<OrganizationDetails> = {}): OrganizationDetails => ({
  id: 'org-new',
  name: 'Harbour Logistics',
  subdomain: 'harbour',
  status: 'ACTIVE',
  productType: 'ATS',
  edition: 'ats',
  tier: 'Tier 1',
  sector: { id: 1, name: 'General' },
  countryBase: 'UK',
  rareContact: false,
  supportEmail: 'support@candid.example',
  logoUrl: '/api/public/organization/harbour/logo',
  hasLogo: true,
  themeConfiguration: here.themeConfiguration,
  additionalLanguageSupport: [],
  settings: { gtmId: null, sessionTimeout: null, subdomainRestricted: false, smsSegmentLimit: null },
  referenceLists: {},
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
  ...overrides,
});

const page: OrganizationPage = {
  ...pageInfo(0, 20, 1, 1),
  content: [
    {
      id: here.id,
      name: 'Acme Consulting',
      subdomain: 'acme',
      status: 'ACTIVE',
      edition: 'ats',
      productType: 'ATS',
      tier: 'Tier 1',
      countryBase: 'UK',
      createdAt: '2026-11-01T10:00:00.000Z',
    },
  ],
};

let original: AxiosAdapter | undefined;
beforeEach(() => {
  original = http.defaults.adapter as AxiosAdapter | undefined;
});
afterEach(() => {
  http.defaults.adapter = original;
});

function start(path: string, user: CurrentUser, handler: Handler, side: 'hr' | 'apply' = 'hr', organization = here) {
  const fake = fakeAdapter(handler);
  http.defaults.adapter = fake.adapter;
  return { ...renderApp(path, { organization, user, side }), calls: fake.calls };
}

function adminApi(extra: (call: Call) => Reply | undefined = () => undefined): Handler {
  return (call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.url === '/v1/organization') return { status: 200, data: page };
    if (call.method === 'GET' && call.url === `/v1/organization/${here.id}/data/SECTOR`)
      return {
        status: 200,
        data: [
          { id: '1', value: 'General' },
          { id: '3', value: 'Professional services' },
        ],
      };
    if (call.method === 'GET' && call.url === '/v1/organization/org-new') return { status: 200, data: details() };
    if (call.method === 'GET' && call.url.startsWith('/v1/organization/org-new/')) return { status: 200, data: [] };
    return { status: 404, data: { message: 'Not found' } };
  };
}

describe('/clients for platform admins', () => {
  it('lists the organisations with links, and is accessible', async () => {
    const { container } = start('/clients', admin, adminApi());
    await screen.findByRole('link', { name: 'Acme Consulting' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Clients');
    expect(screen.getByRole('link', { name: 'Acme Consulting' }).getAttribute('href')).toBe(`/clients/${here.id}`);
    expect(screen.getByRole('status').textContent).toBe('1 organisation found');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('checks the subdomain before sending, then creates the organisation and opens it', async () => {
    const { calls, router } = start(
      '/clients/new',
      admin,
      adminApi((call) =>
        call.method === 'POST' && call.url === '/v1/organization' ? { status: 201, data: details() } : undefined,
      ),
    );
    await screen.findByRole('heading', { level: 1, name: 'Create an organisation' });
    await screen.findByLabelText('Sector');
    fireEvent.change(screen.getByLabelText('Organisation name'), { target: { value: 'Harbour Logistics' } });
    fireEvent.change(screen.getByLabelText('Subdomain'), { target: { value: 'hr' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create organisation' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link').textContent).toMatch(/kept for the product/);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Subdomain'), { target: { value: 'harbour' } });
    expect(screen.getByText(/Its careers site will be http:\/\/harbour\./)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Sector'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Cymraeg/ }));
    fireEvent.change(screen.getByLabelText('Session timeout in minutes (optional)'), { target: { value: '30' } });
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the button's click lock (spec §5)
    fireEvent.click(screen.getByRole('button', { name: 'Create organisation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/org-new'));
    const sent = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(sent!.data as string)).toMatchObject({
      name: 'Harbour Logistics',
      subdomain: 'harbour',
      sector: { id: 3, name: 'Professional services' },
      additionalLanguageSupport: [{ code: 'cy', name: 'Cymraeg' }],
      settings: { sessionTimeout: 30, gtmId: null },
    });
    await screen.findByRole('heading', { level: 1, name: /Harbour Logistics/ });
  });

  it('shows the server’s answer at the subdomain field when it is taken', async () => {
    start(
      '/clients/new',
      admin,
      adminApi((call) =>
        call.method === 'POST'
          ? {
              status: 409,
              data: {
                message: "The subdomain 'acme' is already taken",
                errors: [{ field: 'subdomain', message: "The subdomain 'acme' is already taken" }],
              },
            }
          : undefined,
      ),
    );
    await screen.findByLabelText('Sector');
    fireEvent.change(screen.getByLabelText('Organisation name'), { target: { value: 'Acme again' } });
    fireEvent.change(screen.getByLabelText('Subdomain'), { target: { value: 'acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create organisation' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link').getAttribute('href')).toBe('#org-subdomain');
    expect(screen.getByLabelText('Subdomain').getAttribute('aria-invalid')).toBe('true');
  });

  it('is not for a hiring-manager admin, who never calls the list', async () => {
    const { calls } = start('/clients', hrAdmin, adminApi());
    await screen.findByRole('heading', { level: 1, name: 'Clients' });
    expect(screen.getByText(/This page is for admins/)).toBeTruthy();
    expect(calls.some((c) => c.url === '/v1/organization')).toBe(false);
  });
});

describe('/admin', () => {
  it("gives a hiring-manager admin their own organisation's managers and contacts", async () => {
    start(
      '/admin',
      hrAdmin,
      adminApi((call) => {
        if (call.url === `/v1/organization/${here.id}`)
          return { status: 200, data: details({ id: here.id, name: 'Acme Consulting', subdomain: 'acme' }) };
        if (call.url === `/v1/organization/${here.id}/users`)
          return {
            status: 200,
            data: [
              {
                id: 'u-rec',
                email: 'recruiter@acme.example',
                firstName: 'Rita',
                lastName: 'Recruiter',
                userType: 'HIRING_MANAGER',
                active: true,
                invitationAccepted: true,
                createdAt: '2026-11-01T10:00:00.000Z',
              },
            ],
          };
        if (call.url === `/v1/organization/${here.id}/contacts`) return { status: 200, data: [] };
        return undefined;
      }),
    );
    await screen.findByRole('heading', { level: 1, name: /Acme Consulting/ });
    await screen.findByText('Rita Recruiter', { exact: false }, { timeout: 5000 });
    const users = screen.getByRole('region', { name: 'Hiring managers' });
    const buttons = within(users)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(buttons).toEqual(
      expect.arrayContaining(['Make admin recruiter@acme.example', 'Deactivate recruiter@acme.example']),
    );
    expect(screen.getByText('No contacts yet.')).toBeTruthy();
    // Metadata, archive and logo are the platform admin's.
    expect(screen.queryByRole('link', { name: 'Edit details' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Archive' })).toBeNull();
  });
});

describe('the configuration’s menus and hr flags', () => {
  it('hides the menus a configuration turns off', async () => {
    const organization = organisationFixture({ formConfiguration: { menus: { events: false } } });
    start('/', { id: 'u-c', userType: 'CANDIDATE' }, () => ({ status: 404 }), 'apply', organization);
    await screen.findByRole('heading', { level: 1 });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toContain('Roles');
    expect(links).not.toContain('Events');
  });

  it('hides the hiring side’s menus a configuration turns off, interview scheduling included', () => {
    const organization = organisationFixture({ formConfiguration: { menus: { scheduling: false, reports: false } } });
    const shown = shownNav(hiringNav('HIRING_MANAGER'), organization).map((item) => item.to);
    expect(shown).toContain('/manager/search');
    expect(shown).not.toContain('/manager/scheduling');
    expect(shown).not.toContain('/manager/reports');
  });

  it('hides the hiring-side panels a configuration turns off', async () => {
    const organization = organisationFixture({ id: 'org-flags' });
    const panel: CandidatePanel = {
      application: {
        id: 'a1',
        roleId: 'r1',
        roleName: 'Graduate Analyst',
        state: 'SUBMITTED',
        stageId: 3,
        stageName: 'At interview',
        substageId: '3-to-invite',
        substageName: 'To invite',
        stageStatus: 'PENDING',
        appliedAt: '2026-10-01T09:00:00.000Z',
        lastChangeAt: '2026-10-02T09:00:00.000Z',
        matched: false,
        adjustment: null,
        assignee: null,
        totalScore: null,
        version: 2,
      },
      candidate: { id: 'c1', name: 'Ada Lovelace', email: 'ada@example.com' },
      panel: [],
      documents: [],
      notes: [],
      comments: [],
      scores: [],
      contextual: null,
      universityAverage: null,
    };
    start(
      '/manager/candidate/a1',
      { id: 'u-rec', userType: 'HIRING_MANAGER' },
      (call) => {
        if (call.url === '/v1/data/modules')
          return {
            status: 200,
            data: [
              { id: 'notes', kind: 'hr', enabled: false },
              { id: 'match', kind: 'hr', enabled: false },
              { id: 'comments', kind: 'hr', enabled: true },
              { id: 'scheduling', kind: 'hr', enabled: false },
              { id: 'events', kind: 'hr', enabled: false },
            ],
          };
        if (call.url === '/v1/organization/org-flags/stages') return { status: 200, data: stages };
        if (call.url === '/v1/organization/org-flags/candidate/a1') return { status: 200, data: panel };
        if (call.url === '/v1/candidate/a1/history') return { status: 200, data: [] };
        if (call.url.startsWith('/v1/data/type/')) return { status: 200, data: [] };
        return { status: 404, data: { message: 'Not found' } };
      },
      'hr',
      organization,
    );
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Notes' })).toBeNull());
    expect(screen.getByRole('region', { name: 'Comments' })).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    // Interviews (scheduling) and events follow their flags too.
    expect(screen.queryByRole('region', { name: 'Interviews' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Events' })).toBeNull();
  });
});
