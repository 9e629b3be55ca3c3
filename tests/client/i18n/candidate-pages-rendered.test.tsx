import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import cy from '../../../configs/organizations/acme/translations/cy.json';
import ar from '../../../configs/organizations/meridian/translations/ar.json';
import { uiStrings } from '../../../engine/config/translations';
import { createI18n } from '../../../src/client/i18n';
import { http } from '../../../src/client/api/http';
import { organisationFixture, renderApp } from '../support';
import { fakeAdapter } from '../auth/fake-api';
import { candidate, listItemFixture, organization, roleFixture } from '../candidate/fixtures';

/* The candidate pages as a Welsh or Arabic reader sees them: the organisation's translation, dates included. */

let original: AxiosAdapter | undefined;
beforeAll(() => {
  original = http.defaults.adapter as AxiosAdapter | undefined;
});
afterAll(() => {
  http.defaults.adapter = original;
  // Back to the English instance the other suites expect.
  createI18n('en');
});

function inLanguage(language: string, text: Record<string, string>) {
  const i18n = createI18n(language);
  i18n.addResourceBundle(language, 'translation', uiStrings({ text }), true, true);
  void i18n.changeLanguage(language);
}

describe('candidate pages in the demo languages', () => {
  it('/applications in Welsh: headings, statuses, actions and the date', async () => {
    inLanguage('cy', cy.text);
    http.defaults.adapter = fakeAdapter(() => ({
      status: 200,
      data: [listItemFixture({ state: 'SUBMITTED', progress: 'SUBMITTED', appliedAt: '2026-11-02T10:00:00.000Z' })],
    })).adapter;
    renderApp('/applications', { organization, user: candidate });
    expect((await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).textContent).toBe('Eich ceisiadau');
    await screen.findByText('2 Tachwedd 2026', undefined, { timeout: 5000 });
    expect(screen.getByText("Wedi'i gyflwyno")).toBeTruthy();
    expect(screen.getByText('Dyddiad gwneud cais')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Tynnu'r cais yn ôl/ }).textContent).toBe("Tynnu'r cais yn ôl ar gyfer Graduate Analyst");
  });

  it('/apply/:roleId in Arabic: the role’s facts and the way in', async () => {
    inLanguage('ar', ar.text);
    http.defaults.adapter = fakeAdapter(() => ({ status: 200, data: roleFixture({ workType: 'Remote' }) })).adapter;
    renderApp('/apply/r1', { organization: organisationFixture({ ...organization, additionalLanguageSupport: [{ code: 'ar', name: 'العربية' }] }), user: candidate });
    await screen.findByRole('heading', { level: 2, name: 'عن الوظيفة' }, { timeout: 5000 });
    expect(screen.getByText('نمط العمل')).toBeTruthy();
    expect(screen.getByText('عن بُعد')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'بدء الطلب' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'العودة إلى الوظائف' })).toBeTruthy();
  });
});
