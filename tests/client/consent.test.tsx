import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { COOKIE_CONSENT_KEY } from '#engine/constants';
import {
  analyticsCookieNames,
  expiringCookieAssignments,
  isAnalyticsCookie,
  isPrintView,
  shouldShowBanner,
  tagManagerUrl,
} from '#client/features/consent/consent';
import { CookieConsent } from '#client/features/consent/cookie-consent';
import { loadedStore, organisationFixture, renderWithStore } from './support';

describe('consent rules', () => {
  it.each([
    ['', false],
    ['?print', true],
    ['?print=true', true],
    ['?print=1', true],
    ['?print=false', false],
    ['?other=1&print=', true],
  ])('isPrintView(%j) = %s', (search, expected) => {
    expect(isPrintView(search)).toBe(expected);
  });

  it('shows the banner only without a choice and outside print views', () => {
    expect(shouldShowBanner(null, '')).toBe(true);
    expect(shouldShowBanner('true', '')).toBe(false);
    expect(shouldShowBanner('false', '')).toBe(false);
    expect(shouldShowBanner(null, '?print=true')).toBe(false);
    expect(shouldShowBanner(null, '?print=false')).toBe(true);
  });

  it('recognises analytics cookies', () => {
    for (const name of ['_ga', '_ga_ABC123', '_gid', '_gat', '_gat_UA-1', '_gcl_au'])
      expect(isAnalyticsCookie(name)).toBe(true);
    for (const name of ['auth', 'acceptCookies', '_gidx', 'ga', 'session']) expect(isAnalyticsCookie(name)).toBe(false);
    expect(analyticsCookieNames('_ga=GA1.1; session=x; _gid=GA1.2; _gcl_au=1')).toEqual(['_ga', '_gid', '_gcl_au']);
  });

  it('expires a cookie on the host and every parent domain', () => {
    const assignments = expiringCookieAssignments('_ga', 'acme.candid.example');
    expect(assignments[0]).toBe('_ga=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/');
    expect(assignments).toContain('_ga=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; domain=.candid.example');
    expect(assignments).toContain('_ga=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; domain=acme.candid.example');
    expect(assignments.some((a) => a.endsWith('domain=example') || a.endsWith('domain=.example'))).toBe(false);
  });

  it('builds the Tag Manager address', () => {
    expect(tagManagerUrl('GTM-ACME01')).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-ACME01');
  });
});

function renderConsent({ search = '', gtmId = 'GTM-ACME01' }: { search?: string; gtmId?: string } = {}) {
  const reload = vi.fn();
  const organization = organisationFixture({ settings: { gtmId, subdomainRestricted: false } });
  renderWithStore(
    <MemoryRouter initialEntries={[`/${search}`]}>
      <CookieConsent reload={reload} />
    </MemoryRouter>,
    loadedStore({ organization }),
  );
  return { reload };
}

const banner = () => screen.queryByRole('region', { name: 'Cookie consent' });

describe('cookie banner', () => {
  it('shows when no choice has been made', () => {
    renderConsent();
    const region = banner();
    expect(region).not.toBeNull();
    expect(within(region!).getByRole('heading', { name: 'Cookies on Acme Consulting' })).toBeTruthy();
    for (const name of ['Reject all', 'Accept all', 'Manage Cookies'])
      expect(within(region!).getByRole('button', { name })).toBeTruthy();
  });

  it.each(['true', 'false'])('is hidden once the choice %s is stored', (choice) => {
    localStorage.setItem(COOKIE_CONSENT_KEY, choice);
    renderConsent();
    expect(banner()).toBeNull();
  });

  it('is hidden in a print view, and shown when print=false', () => {
    renderConsent({ search: '?print=true' });
    expect(banner()).toBeNull();
  });

  it('is shown when print=false', () => {
    renderConsent({ search: '?print=false' });
    expect(banner()).not.toBeNull();
  });

  it.each([
    ['Accept all', 'true'],
    ['Reject all', 'false'],
  ])('%s stores %s and reloads the page', (button, stored) => {
    const { reload } = renderConsent();
    fireEvent.click(screen.getByRole('button', { name: button }));
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBe(stored);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('manage cookies dialog', () => {
  it('saves the analytics switch state', async () => {
    const { reload } = renderConsent();
    fireEvent.click(screen.getByRole('button', { name: 'Manage Cookies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage cookies' });
    expect(within(dialog).getByRole('heading', { name: 'Strictly necessary cookies' })).toBeTruthy();
    const analytics = within(dialog).getByRole('switch', { name: 'Analytics cookies' });
    expect(analytics.getAttribute('aria-checked')).toBe('false');
    expect(analytics.tagName).toBe('BUTTON'); // native button: Enter and Space work without extra code
    fireEvent.click(analytics);
    expect(analytics.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save preferences and close' }));
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('true');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('saves a rejection when the switch is left off', async () => {
    renderConsent();
    fireEvent.click(screen.getByRole('button', { name: 'Manage Cookies' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save preferences and close' }));
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('false');
  });

  it('closes with Escape without storing anything', async () => {
    renderConsent();
    fireEvent.click(screen.getByRole('button', { name: 'Manage Cookies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage cookies' });
    await act(async () => {
      fireEvent.keyDown(dialog, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBeNull();
  });
});

describe('analytics on load', () => {
  const tagManagerScript = () => document.querySelector('script[src^="https://www.googletagmanager.com/gtm.js"]');

  it('loads Tag Manager only when the choice is true', () => {
    localStorage.setItem(COOKIE_CONSENT_KEY, 'true');
    renderConsent();
    expect(tagManagerScript()?.getAttribute('src')).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-ACME01');
    expect(window.dataLayer?.length).toBeGreaterThan(0);
    tagManagerScript()?.remove();
  });

  it('clears analytics cookies and loads nothing otherwise', () => {
    document.cookie = '_ga=GA1.1.123; path=/';
    document.cookie = '_gid=GA1.1.456; path=/';
    document.cookie = 'keep=1; path=/';
    localStorage.setItem(COOKIE_CONSENT_KEY, 'false');
    renderConsent();
    expect(tagManagerScript()).toBeNull();
    expect(document.cookie).not.toMatch(/_ga|_gid/);
    expect(document.cookie).toContain('keep=1');
  });
});
