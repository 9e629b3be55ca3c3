import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { I18nextProvider } from 'react-i18next';
import { AxiosError, AxiosHeaders } from 'axios';
import type { PublicOrganization } from '#schemas/organization';
import type { HostSide } from '#schemas/product';
import { http } from '#client/api/http';
import { applySite } from '#client/app/apply-site';
import { SiteGate } from '#client/app/site-gate';
import { languageLayerAtom } from '#client/state/language';
import type { Configuration } from '#schemas/configuration';
import { createI18n } from '#client/i18n';
import { siteAtom, siteFromLocation } from '#client/state/site';
import { organisationFixture } from './support';

describe('applySite', () => {
  it.each<[string, Partial<PublicOrganization>, HostSide, string]>([
    ['apply side', {}, 'apply', 'Acme Consulting Apply'],
    ['HR side', {}, 'hr', 'Candid Acme Consulting HR'],
    [
      'HR side of the internal edition',
      { name: 'Meridian Group', edition: 'internal' },
      'hr',
      'Candid Talent Meridian Group HR',
    ],
    [
      'connect edition, apply side',
      { name: 'Connect', edition: 'connect' },
      'apply',
      'Connect with elite legal employers',
    ],
    ['connect edition, HR side', { name: 'Connect', edition: 'connect' }, 'hr', 'Connect with elite legal employers'],
  ])('sets the title on the %s', (_name, overrides, side, title) => {
    applySite(organisationFixture(overrides), side, createI18n('en'));
    expect(document.title).toBe(title);
  });

  it('sets the language and the brand colours on <html>', () => {
    applySite(organisationFixture(), 'apply', createI18n('en'));
    const root = document.documentElement;
    expect(root.lang).toBe('en');
    expect(root.dir).toBe('ltr');
    const values = [...root.style].map((name) => root.style.getPropertyValue(name));
    expect(values).toEqual(expect.arrayContaining(['#1d3557', '#ffffff', '#b42318', '150px', '8px 0']));
  });

  it('declares English while a chosen language has no strings yet', () => {
    applySite(organisationFixture(), 'apply', createI18n('cy'));
    expect(document.documentElement.lang).toBe('en');
    expect(http.defaults.headers.common['Accept-Language']).toBe('en');
  });

  it('sends the shown language with every API call, so the emails a call causes are written in it', async () => {
    const welsh = createI18n('en');
    welsh.addResourceBundle('cy', 'translation', { header: { roles: 'Swyddi' } }, true, true);
    await welsh.changeLanguage('cy');
    applySite(organisationFixture(), 'apply', welsh);
    expect(document.documentElement.lang).toBe('cy');
    expect(http.defaults.headers.common['Accept-Language']).toBe('cy');
  });
});

describe('siteFromLocation', () => {
  it.each([
    ['acme.localhost:3000', { subdomain: 'acme', side: 'apply' }],
    ['acme.hr.localhost:3000', { subdomain: 'acme', side: 'hr' }],
    ['hr.hartleyfinch.localhost', { subdomain: 'hartley', side: 'hr' }],
    ['localhost:3000', { subdomain: 'acme', side: 'apply' }],
  ])('%s', (host, expected) => {
    expect(siteFromLocation({ host })).toMatchObject(expected);
  });
});

function renderGate(
  load: (subdomain: string) => Promise<PublicOrganization>,
  subdomain = 'acme',
  loadTranslation: (subdomain: string, language: string) => Promise<Configuration | undefined> = async () => undefined,
) {
  const store = createStore();
  store.set(siteAtom, { subdomain, side: 'apply', isDefault: false });
  const i18n = createI18n('en');
  render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <SiteGate load={load} loadTranslation={loadTranslation}>
          <p>site ready</p>
        </SiteGate>
      </I18nextProvider>
    </Provider>,
  );
  return { store, i18n };
}

describe('SiteGate', () => {
  beforeEach(() => localStorage.clear());

  it('renders the app once the organisation loads', async () => {
    renderGate(async () => organisationFixture());
    expect(await screen.findByText('site ready')).toBeTruthy();
    expect(document.title).toBe('Acme Consulting Apply');
  });

  it('shows a clear page for an unknown organisation', async () => {
    const notFound = new AxiosError('Not found', 'ERR_BAD_REQUEST', { headers: new AxiosHeaders() }, null, {
      status: 404,
      statusText: 'Not Found',
      data: { message: 'Organisation not found' },
      headers: {},
      config: { headers: new AxiosHeaders() },
    });
    renderGate(() => Promise.reject(notFound), 'nosuchorg');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('We could not find this organisation');
    expect(screen.getByText(/nosuchorg/)).toBeTruthy();
    expect(screen.queryByText('site ready')).toBeNull();
  });

  it('shows the fatal screen with the message when loading fails otherwise', async () => {
    renderGate(() => Promise.reject(new Error('network down')));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe("Sorry. There's been a problem.");
    expect(screen.getByText('Some error happened. Please try again later.')).toBeTruthy();
  });

  it('chooses a supported language from ?language= and loads its translation', async () => {
    window.history.replaceState(null, '', '/?language=cy');
    const welsh: Configuration = { text: { 'ui.header.roles': 'Swyddi', 'field.firstName.label': 'Enw cyntaf' } };
    const asked: string[] = [];
    const { i18n, store } = renderGate(
      async () => organisationFixture(),
      'acme',
      async (sub, language) => {
        asked.push(`${sub}/${language}`);
        return welsh;
      },
    );
    await screen.findByText('site ready');
    await waitFor(() => expect(i18n.language).toBe('cy'));
    expect(asked).toEqual(['acme/cy']);
    expect(i18n.t('header.roles')).toBe('Swyddi');
    // A string the translation lacks falls back to English.
    expect(i18n.t('common.loading')).toBe('Loading…');
    expect(store.get(languageLayerAtom)).toBe(welsh);
    expect(document.documentElement.lang).toBe('cy');
    window.history.replaceState(null, '', '/');
  });

  it('shows the default language when the organisation has no translation for the chosen one', async () => {
    window.history.replaceState(null, '', '/?language=cy');
    const { i18n, store } = renderGate(async () => organisationFixture());
    await screen.findByText('site ready');
    expect(i18n.language).toBe('en');
    expect(store.get(languageLayerAtom)).toBeUndefined();
    window.history.replaceState(null, '', '/');
  });

  it('keeps the chosen language for the next page load without ?language, until another is chosen', async () => {
    const welsh: Configuration = { text: { 'ui.header.roles': 'Swyddi' } };
    const loadWelsh = async () => welsh;
    window.history.replaceState(null, '', '/roles?language=cy');
    const first = renderGate(async () => organisationFixture(), 'acme', loadWelsh);
    await screen.findByText('site ready');
    await waitFor(() => expect(first.i18n.language).toBe('cy'));
    cleanup();

    // A reload, or a page opened from a link without the parameter.
    window.history.replaceState(null, '', '/roles/123');
    const again = renderGate(async () => organisationFixture(), 'acme', loadWelsh);
    await screen.findByText('site ready');
    await waitFor(() => expect(again.i18n.language).toBe('cy'));
    cleanup();

    window.history.replaceState(null, '', '/roles?language=en');
    const english = renderGate(async () => organisationFixture(), 'acme', loadWelsh);
    await screen.findByText('site ready');
    expect(english.i18n.language).toBe('en');
    cleanup();
    window.history.replaceState(null, '', '/');
    const later = renderGate(async () => organisationFixture(), 'acme', loadWelsh);
    await screen.findByText('site ready');
    expect(later.i18n.language).toBe('en');
  });

  it('ignores a language the organisation does not offer', async () => {
    window.history.replaceState(null, '', '/?language=de');
    const { i18n } = renderGate(async () => organisationFixture());
    await screen.findByText('site ready');
    expect(i18n.language).toBe('en');
    window.history.replaceState(null, '', '/');
  });
});
