import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import acmeRoles from '#configs/organizations/acme/roles.json';
import connectRoles from '#configs/organizations/connect/roles.json';
import hartleyRoles from '#configs/organizations/hartley/roles.json';
import meridianRoles from '#configs/organizations/meridian/roles.json';
import northbridgeRoles from '#configs/organizations/northbridge/roles.json';
import type { ApplicationRecord } from '#schemas/application';
import type { Configuration } from '#schemas/configuration';
import type { RoleSettings } from '#schemas/role';
import { http } from '#client/api/http';
import { organisationFixture, renderApp, stepsOnly } from '../support';
import { fakeAdapter } from '../auth/fake-api';
import { candidate, recordFixture, roleFixture } from './fixtures';

/*
 * Spec §4 overload, end to end through the client's save logic with the demo role that switches
 * it on (acme "Spring Insight Week", a high-volume insight programme): steps without files are
 * not sent, the step with a file is, and everything is sent once before submit.
 */

interface DemoRole {
  name: string;
  settings?: RoleSettings;
  formConfiguration?: Configuration;
}
const demoRoles = {
  acme: acmeRoles.roles,
  connect: connectRoles.roles,
  hartley: hartleyRoles.roles,
  meridian: meridianRoles.roles,
  northbridge: northbridgeRoles.roles,
} as unknown as Record<string, DemoRole[]>;

/** The fixture organisation with a documents step between the two usual ones. */
const organization = organisationFixture({
  formConfiguration: stepsOnly([
    { id: 'aboutYou', sections: ['personalInformation'] },
    { id: 'documents', sections: ['documents'] },
    { id: 'declaration', sections: ['termsAndConditions'] },
  ]),
});

let original: AxiosAdapter | undefined;
beforeEach(() => {
  original = http.defaults.adapter as AxiosAdapter | undefined;
});
afterEach(() => {
  http.defaults.adapter = original;
  sessionStorage.clear();
});

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const PDF_NAME = 'why-acme.pdf';

describe('the demo role with overload (spec §4)', () => {
  it('is exactly one clearly chosen role: acme Spring Insight Week', () => {
    const switched = Object.entries(demoRoles).flatMap(([sub, roles]) =>
      roles.filter((r) => r.settings?.overload || r.settings?.doNotSave).map((r) => `${sub}: ${r.name}`),
    );
    expect(switched).toEqual(['acme: Spring Insight Week']);
  });

  it('skips steps without files, saves the step with a file, keeps the skipped answers, and sends everything before submit', async () => {
    const demo = demoRoles.acme!.find((r) => r.settings?.overload)!;
    const role = roleFixture({
      name: demo.name,
      settings: demo.settings!,
      formConfiguration: demo.formConfiguration ?? {},
    });
    let server: ApplicationRecord = recordFixture({ maxSteps: 3 });
    const fake = fakeAdapter((call) => {
      if (call.url === '/public/acme/roles/r1') return { status: 200, data: role };
      if (call.url === '/v1/candidate/applyc/r1') return { status: 200, data: server };
      if (call.method === 'POST' && call.url === `/v1/organization/${organization.id}/candidate/a1/upload`) {
        return {
          status: 201,
          data: {
            id: 'doc-1',
            name: PDF_NAME,
            size: 9,
            contentType: 'application/pdf',
            fieldId: 'coverLetter',
            createdAt: '2026-11-01T10:00:00.000Z',
          },
        };
      }
      if (call.method === 'PUT' && call.url === '/v1/candidate/a1') {
        // The server keeps what it was sent (as the real one does for one step or for the whole form).
        const body = JSON.parse(String(call.data)) as { stepId?: string; answers: Record<string, unknown> };
        server = {
          ...server,
          version: server.version + 1,
          updatedAt: new Date(Date.now() + 1000).toISOString(),
          answers: { ...server.answers, ...body.answers },
          completedSteps: body.stepId
            ? [...server.completedSteps, body.stepId]
            : ['aboutYou', 'documents', 'declaration'],
        };
        return { status: 200, data: server };
      }
      if (call.url === '/v1/candidate/a1/submit') return { status: 200, data: { ...server, state: 'SUBMITTED' } };
      return { status: 404, data: { message: 'nope' } };
    });
    http.defaults.adapter = fake.adapter;
    const { router } = renderApp('/applyp/r1?resume', { organization, user: candidate });
    const puts = () => fake.calls.filter((c) => c.method === 'PUT');

    // About you has no file: not sent, only this browser's copy moves on.
    await heading('About you');
    fireEvent.change(screen.getByLabelText('UK mobile number'), { target: { value: '07700 900123' } });
    fireEvent.change(screen.getByLabelText('Nationality'), { target: { value: 'United Kingdom' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await heading('Documents');
    expect(puts()).toEqual([]);

    // Documents carries a file: this step is saved to the server.
    const input = screen.getByLabelText(/Cover letter/) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4 x'], PDF_NAME, { type: 'application/pdf' })] } });
    await screen.findByRole('button', { name: `Remove ${PDF_NAME}` });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await heading('Declaration');
    expect(puts()).toHaveLength(1);
    expect(JSON.parse(String(puts()[0]!.data))).toMatchObject({
      stepId: 'documents',
      answers: { coverLetter: { id: 'doc-1', name: PDF_NAME } },
    });
    // The skipped answers are still kept in this browser, still marked as not sent.
    expect(JSON.parse(sessionStorage.getItem('application:a1')!)).toMatchObject({
      unsynced: true,
      version: 2,
      answers: { mobile: '07700 900123', coverLetter: { id: 'doc-1' } },
    });

    // Declaration has no file: skipped; then everything is sent once, and submitted.
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await heading('Check your answers before submitting your application');
    expect(puts()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/submitted'));
    expect(puts().map((c) => c.url)).toEqual(['/v1/candidate/a1', '/v1/candidate/a1', '/v1/candidate/a1/submit']);
    const whole = JSON.parse(String(puts()[1]!.data));
    expect(whole.stepId).toBeUndefined();
    expect(whole).toMatchObject({
      version: 2,
      answers: {
        mobile: '07700 900123',
        nationality: 'United Kingdom',
        coverLetter: { id: 'doc-1' },
        acceptTermAndConditions: true,
      },
    });
  });
});
