import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { http } from '#client/api/http';
import { renderApp, stepsOnly } from '../support';
import type { ApplicationRecord } from '#schemas/application';
import { fakeAdapter, type Handler } from '../auth/fake-api';
import { candidate, organization, recordFixture, roleFixture } from './fixtures';

let original: AxiosAdapter | undefined;
beforeEach(() => {
  original = http.defaults.adapter as AxiosAdapter | undefined;
});
afterEach(() => {
  http.defaults.adapter = original;
  sessionStorage.clear();
});

function start(path: string, handler: Handler) {
  const fake = fakeAdapter(handler);
  http.defaults.adapter = fake.adapter;
  return { ...renderApp(path, { organization, user: candidate }), calls: fake.calls };
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

/** Fills the two answers the record does not already hold (names and email come from the account). */
function fillAboutYou() {
  fireEvent.change(screen.getByLabelText('UK mobile number'), { target: { value: '07700 900123' } });
  fireEvent.change(screen.getByLabelText('Nationality'), { target: { value: 'United Kingdom' } });
}

describe('/applyp/:roleId: the application with the step in the address (spec §4)', () => {
  it('resumes at the step reached; under overload a step without files is not sent, and everything is sent before submit', async () => {
    const role = roleFixture({ settings: { overload: true } });
    const { router, calls } = start('/applyp/r1?resume', (call) => {
      if (call.url === '/public/acme/roles/r1') return { status: 200, data: role };
      if (call.url === '/v1/candidate/applyc/r1') return { status: 200, data: recordFixture() };
      if (call.method === 'PUT' && call.url === '/v1/candidate/a1')
        return { status: 200, data: recordFixture({ version: 2, answers: JSON.parse(String(call.data)).answers }) };
      if (call.url === '/v1/candidate/a1/submit') return { status: 200, data: recordFixture({ state: 'SUBMITTED' }) };
      return { status: 404, data: { message: 'nope' } };
    });
    await heading('About you');
    expect(router.state.location.search).toBe('?step=aboutYou');
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ada');
    fillAboutYou();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await heading('Declaration');
    expect(router.state.location.search).toBe('?step=declaration');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    // The skipped save lives in this browser: a reload would find it newer than the server's.
    expect(JSON.parse(sessionStorage.getItem('application:a1')!)).toMatchObject({
      step: 1,
      unsynced: true,
      answers: { mobile: '07700 900123' },
    });

    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await heading('Check your answers before submitting your application');
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/submitted'));
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => c.url)).toEqual(['/v1/candidate/a1', '/v1/candidate/a1/submit']);
    const whole = JSON.parse(String(puts[0]!.data));
    expect(whole).toMatchObject({ step: 2, version: 1, role: { id: 'r1' }, organization: { id: organization.id } });
    expect(whole.stepId).toBeUndefined();
    expect(whole.answers).toMatchObject({ mobile: '07700 900123', acceptTermAndConditions: true });
    expect(puts[0]!.params).toEqual({ maxSteps: 2, language: 'en' });
    expect(router.state.location.search).toBe('?application=a1');
  });

  it('a newer record kept in this browser replaces the server’s on load', async () => {
    sessionStorage.setItem(
      'application:a1',
      JSON.stringify(recordFixture({ updatedAt: '2026-11-02T10:00:00.000Z', answers: { firstName: 'Augusta' } })),
    );
    start('/applyp/r1?step=aboutYou', (call) => {
      if (call.url === '/public/acme/roles/r1') return { status: 200, data: roleFixture() };
      return { status: 200, data: recordFixture() };
    });
    await heading('About you');
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Augusta');
  });

  it('saves a step to the server with the step advanced, and shows a failed save without moving on', async () => {
    let fail = true;
    const { calls } = start('/applyp/r1?step=aboutYou', (call) => {
      if (call.url === '/public/acme/roles/r1') return { status: 200, data: roleFixture() };
      if (call.method === 'PUT')
        return fail
          ? {
              status: 400,
              data: {
                message: 'There is a problem with your answers',
                errors: [{ field: 'mobile', message: 'Enter a UK mobile number' }],
              },
            }
          : { status: 200, data: recordFixture({ step: 1, version: 2, completedSteps: ['aboutYou'] }) };
      return { status: 200, data: recordFixture() };
    });
    await heading('About you');
    fillAboutYou();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('Enter a UK mobile number');
    expect(screen.getByRole('heading', { level: 1, name: 'About you' })).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(String(put.data))).toMatchObject({
      step: 1,
      stepId: 'aboutYou',
      version: 1,
      answers: { mobile: '07700 900123', nationality: 'United Kingdom' },
    });
    fail = false;
    // Buttons ignore clicks for a second after one (spec §5).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await heading('Declaration');
  });

  describe('the documents step: a file belongs to the application once stored (issue 21)', () => {
    const role = roleFixture({
      formConfiguration: {
        views: {
          application: [
            { id: 'documents', sections: ['documents'] },
            { id: 'declaration', sections: ['termsAndConditions'] },
          ],
        },
        subsections: { ...stepsOnly([]).subsections, documents: true, termsAndConditions: true },
      },
    });
    const cvAnswer = { id: 'doc-1', name: 'cv.pdf', size: 8, contentType: 'application/pdf' };
    const cvDocument = { ...cvAnswer, fieldId: 'cv', createdAt: '2026-11-01T10:05:00.000Z' };
    /** A server that, like the real one, writes the answer when a file is stored and clears it when it is deleted. */
    function server(initial: ApplicationRecord) {
      let stored = initial;
      const change = (answers: Record<string, unknown>, documents: ApplicationRecord['documents']) => {
        stored = { ...stored, answers, documents, version: stored.version + 1, updatedAt: '2026-11-01T10:05:00.000Z' };
      };
      return start('/applyp/r1?resume', (call) => {
        if (call.url === '/public/acme/roles/r1') return { status: 200, data: role };
        if (call.url === '/v1/candidate/applyc/r1' || (call.method === 'GET' && call.url === '/v1/candidate/a1'))
          return { status: 200, data: stored };
        if (call.method === 'PUT' && call.url === '/v1/candidate/a1/cv') {
          change({ ...stored.answers, cv: cvAnswer }, [cvDocument]);
          return { status: 201, data: cvDocument };
        }
        if (call.method === 'DELETE' && call.url === `/v1/organization/${organization.id}/candidate/a1/upload/doc-1`) {
          const { cv: _cv, ...answers } = stored.answers;
          change(answers, []);
          return { status: 200, data: { message: 'The document has been deleted', code: 'documentDeleted' } };
        }
        if (call.method === 'PUT' && call.url === '/v1/candidate/a1') {
          const body = JSON.parse(String(call.data)) as { version: number };
          if (body.version !== stored.version)
            return { status: 409, data: { message: 'Your application was changed in another window' } };
          return {
            status: 200,
            data: { ...stored, step: 1, version: stored.version + 1, completedSteps: ['documents'] },
          };
        }
        return { status: 404, data: { message: 'nope' } };
      });
    }

    it('an upload is saved with the version it made: Continue does not meet a 409', async () => {
      const { calls } = server(recordFixture());
      await heading('Documents');
      fireEvent.change(document.getElementById('field_cv')!, {
        target: { files: [new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' })] },
      });
      await screen.findByRole('button', { name: 'Replace cv.pdf' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      await heading('Declaration');
      const put = calls.find((c) => c.method === 'PUT' && c.url === '/v1/candidate/a1')!;
      expect(JSON.parse(String(put.data))).toMatchObject({ version: 2, answers: { cv: { id: 'doc-1' } } });
    });

    it('a candidate coming back finds the stored CV, and Remove deletes it and its answer', async () => {
      const { calls } = server(recordFixture({ answers: { cv: cvAnswer }, documents: [cvDocument] }));
      await heading('Documents');
      expect(screen.getByRole('button', { name: 'Replace cv.pdf' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Remove cv.pdf' }));
      await waitFor(() => expect(screen.queryByRole('button', { name: /cv\.pdf/ })).toBeNull());
      expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      expect(await screen.findAllByText('Upload your CV')).toHaveLength(2);
    });
  });

  it('titles each page of the form "page – role – site", with "Error:" first while it shows errors (WCAG 2.4.2)', async () => {
    start('/applyp/r1?step=aboutYou', (call) => {
      if (call.url === '/public/acme/roles/r1') return { status: 200, data: roleFixture() };
      return { status: 200, data: recordFixture({ answers: {} }) };
    });
    await heading('About you');
    await waitFor(() => expect(document.title).toBe('About you – Graduate Analyst – Acme Consulting Apply'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'There is a problem' });
    await waitFor(() => expect(document.title).toBe('Error: About you – Graduate Analyst – Acme Consulting Apply'));
    fireEvent.click(screen.getByRole('link', { name: 'Back' }));
    await heading('Your application');
    await waitFor(() => expect(document.title).toBe('Your application – Graduate Analyst – Acme Consulting Apply'));
  });

  it('goes to /roles when the server sends no application (spec §4, §8)', async () => {
    const { router } = start('/applyp/r1', (call) =>
      call.url === '/public/acme/roles/r1' ? { status: 200, data: roleFixture() } : { status: 200, data: '' },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/roles'));
  });

  it('asks a signed-out visitor to sign in or sign up and come back', async () => {
    http.defaults.adapter = fakeAdapter(() => ({ status: 404 })).adapter;
    renderApp('/applyp/r1?step=aboutYou', { organization });
    await heading('Application form');
    expect(screen.getByRole('link', { name: 'Sign in to continue' }).getAttribute('href')).toBe(
      '/login?redirect=%2Fapplyp%2Fr1%3Fstep%3DaboutYou',
    );
    expect(screen.getByRole('link', { name: 'Create an account to continue' }).getAttribute('href')).toBe(
      '/signup?redirect=%2Fapplyp%2Fr1%3Fstep%3DaboutYou',
    );
  });
});
