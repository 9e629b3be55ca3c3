import { afterEach, beforeEach, describe, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { http } from '#client/api/http';
import { fakeAdapter } from '../auth/fake-api';
import { candidate, organization, recordFixture, roleFixture } from '../candidate/fixtures';
import { renderApp, stepsOnly } from '../support';

/*
 * Decision 0042: a draft started on a configuration version that has since been replaced carries that version's
 * layers, and the candidate's browser compiles the form from them, as the server checks it.
 */

let original: AxiosAdapter | undefined;
beforeEach(() => {
  original = http.defaults.adapter as AxiosAdapter | undefined;
});
afterEach(() => {
  http.defaults.adapter = original;
  sessionStorage.clear();
});

describe('an application started on an earlier configuration version', () => {
  it('is answered on the form of the version it started on', async () => {
    const started = {
      defaultConfiguration: {},
      formConfiguration: {
        ...stepsOnly([
          { id: 'firstVersion', sections: ['personalInformation'] },
          { id: 'declaration', sections: ['termsAndConditions'] },
        ]),
        text: { 'step.firstVersion.title': 'Tell us about you' },
      },
    };
    const fake = fakeAdapter((call) => {
      if (call.url === '/public/acme/roles/r1') return { status: 200, data: roleFixture() };
      if (call.url === '/v1/candidate/applyc/r1')
        return { status: 200, data: recordFixture({ organizationConfiguration: started }) };
      return { status: 404, data: { message: 'nope' } };
    });
    http.defaults.adapter = fake.adapter;
    renderApp('/applyp/r1?resume', { organization, user: candidate });
    await screen.findByRole('heading', { level: 1, name: 'Tell us about you' }, { timeout: 15_000 });
  });
});
