import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import cy from '#configs/translations/cy.json';
import ar from '#configs/translations/ar.json';
import { uiStrings } from '#engine/config/translations';
import { loadDateLocale } from '#engine/screens/date-locales';
import { createI18n } from '#client/i18n';
import { http } from '#client/api/http';
import { organisationFixture, renderApp } from '../support';
import { fakeAdapter } from '../auth/fake-api';
import { candidate, listItemFixture, organization, roleFixture } from '../candidate/fixtures';
import acmeCy from '#configs/organizations/acme/translations/cy.json';
import product from '#configs/default-configuration.json';
import acme from '#configs/organizations/acme/organization.json';
import { mergeConfigurations, mergeLayers } from '#engine/config/merge';
import { compile } from '#engine/forms/compile';
import type { Configuration } from '#schemas/configuration';
import { StepForm } from '#client/engine-ui/step-form';
import { userFacingMessage } from '#client/api/translated-messages';
import { TODAY } from '../engine-ui/support';
import { withBrowserIntl } from '../../helpers/browser-intl';

/* The candidate pages as a Welsh or Arabic reader sees them: the organisation's translation, dates included. */

let original: AxiosAdapter | undefined;
beforeAll(() => {
  original = http.defaults.adapter as AxiosAdapter | undefined;
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(() => {
  http.defaults.adapter = original;
  // Back to the English instance the other suites expect.
  createI18n('en');
});

/** What the site gate does for a language: its translation and its dates' locale, loaded before the page shows. */
async function inLanguage(language: string, text: Record<string, string>) {
  const i18n = createI18n(language);
  i18n.addResourceBundle(language, 'translation', uiStrings({ text }), true, true);
  await Promise.all([i18n.changeLanguage(language), loadDateLocale(language)]);
}

describe('candidate pages in the demo languages', () => {
  it('/applications in Welsh: headings, statuses, actions and the date', async () => {
    await inLanguage('cy', cy.text);
    http.defaults.adapter = fakeAdapter(() => ({
      status: 200,
      data: [listItemFixture({ state: 'SUBMITTED', progress: 'SUBMITTED', appliedAt: '2026-11-02T10:00:00.000Z' })],
    })).adapter;
    renderApp('/applications', { organization, user: candidate });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Eich ceisiadau');
    await screen.findByText('2 Tachwedd 2026', undefined);
    expect(screen.getByText("Wedi'i gyflwyno")).toBeTruthy();
    expect(screen.getByText('Dyddiad gwneud cais')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Tynnu'r cais yn ôl/ }).textContent).toBe(
      "Tynnu'r cais yn ôl ar gyfer Graduate Analyst",
    );
  });

  it('/apply/:roleId in Arabic: the role’s facts and the way in', async () => {
    await inLanguage('ar', ar.text);
    http.defaults.adapter = fakeAdapter(() => ({ status: 200, data: roleFixture({ workType: 'Remote' }) })).adapter;
    renderApp('/apply/r1', {
      organization: organisationFixture({
        ...organization,
        additionalLanguageSupport: [{ code: 'ar', name: 'العربية' }],
      }),
      user: candidate,
    });
    await screen.findByRole('heading', { level: 2, name: 'عن الوظيفة' });
    expect(screen.getByText('نمط العمل')).toBeTruthy();
    expect(screen.getByText('عن بُعد')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'بدء الطلب' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'العودة إلى الوظائف' })).toBeTruthy();
  });

  it('an application step in Welsh: labels, options by name with the answers kept in English, and Welsh error messages', async () => {
    await inLanguage('cy', cy.text);
    const configuration = mergeLayers({
      product: product as Configuration,
      organizationForm: acme.formConfiguration as Configuration,
      language: mergeConfigurations(cy as Configuration, acmeCy as Configuration),
    });
    const form = compile(configuration, { language: 'cy', edition: 'ats', userType: 'CANDIDATE', today: TODAY });
    const onContinue = vi.fn();
    const empty = render(<StepForm form={form} step={form.steps[0]!} onContinue={onContinue} />);
    fireEvent.click(screen.getByRole('button', { name: 'Parhau' }));
    const summary = screen.getByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(expect.arrayContaining(['Rhowch eich enw cyntaf', 'Dewiswch eich cenedligrwydd']));
    expect(onContinue).not.toHaveBeenCalled();
    // (A second Continue within the button's one-second lock would be ignored: start again.)
    empty.unmount();
    render(<StepForm form={form} step={form.steps[0]!} onContinue={onContinue} />);

    fireEvent.change(screen.getByLabelText('Enw cyntaf'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Cyfenw'), { target: { value: 'Lovelace' } });
    fireEvent.change(screen.getByLabelText(/^Cyfeiriad e-bost/), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Rhif ffôn symudol/), { target: { value: '07700 900982' } });
    // The combobox shows and filters the Welsh names; the answer is the list's own.
    fireEvent.change(screen.getByLabelText('Cenedligrwydd'), { target: { value: 'Ffrainc' } });
    fireEvent.click(screen.getByLabelText('Dinesydd Prydeinig neu Wyddelig'));
    fireEvent.click(screen.getByRole('button', { name: 'Parhau' }));
    expect(onContinue).toHaveBeenCalledWith(
      expect.objectContaining({ nationality: 'France', permitType: 'British or Irish citizen' }),
    );
  });

  it('a server message in Welsh by its code, with its date in Welsh; English when the code has no translation', async () => {
    withBrowserIntl();
    await inLanguage('cy', cy.text);
    const i18n = createI18n('cy');
    i18n.addResourceBundle('cy', 'translation', uiStrings({ text: cy.text }), true, true);
    void i18n.changeLanguage('cy');
    const translator = {
      exists: (key: string) => i18n.exists(key),
      t: (key: string, values?: Record<string, unknown>) => String(i18n.t(key as never, values as never)),
      language: 'cy',
    };
    const failure = (data: unknown) =>
      Object.assign(new Error('failed'), { isAxiosError: true, response: { status: 400, data } });
    const closed = userFacingMessage(
      failure({
        message: 'This role closed to applications on 1 March 2027.',
        code: 'roleClosed',
        params: { date: '2027-03-01' },
      }),
      { supportEmail: 's@example.com', translator },
    );
    expect(closed).toContain('1 Mawrth 2027');
    expect(closed).not.toContain('This role closed');
    const types = userFacingMessage(
      failure({
        message: 'There is a problem with the file',
        errors: [
          {
            field: 'cv',
            message: 'The selected file must be a PDF, DOC or DOCX',
            code: 'fileType',
            params: { types: ['PDF', 'DOC', 'DOCX'] },
          },
        ],
      }),
      { supportEmail: 's@example.com', translator },
    );
    expect(types).toContain('PDF, DOC neu DOCX');
    expect(
      userFacingMessage(failure({ message: 'Something new', code: 'notInTheCatalogue' }), {
        supportEmail: 's@example.com',
        translator,
      }),
    ).toBe('Something new');
  });
});
