import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AUTH_STORAGE_KEY, FATAL_ERROR_TITLE } from '#engine/constants';
import { pageRoutes } from '#client/app/route-table';
import { authAtom, userAtom, type CurrentUser } from '#client/state/auth';
import { loadedStore, organisationFixture, renderApp } from './support';

const candidate: CurrentUser = { id: 'u1', userType: 'CANDIDATE' };
const manager: CurrentUser = { id: 'u2', userType: 'HIRING_MANAGER_ADMIN' };

const heading = () => screen.findByRole('heading', { level: 1 });

describe('sign-in guard', () => {
  it('sends a signed-out visitor to /login with the original path and query', async () => {
    const { router } = renderApp('/profile?tab=2');
    expect((await heading()).textContent).toBe('Sign in');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fprofile%3Ftab%3D2');
  });

  it.each([
    '/account',
    '/settings/contact',
    '/clients',
    '/event/7/check-in',
    '/applications',
    '/manager/roles',
    '/manager/studio',
    '/manager/communications',
    '/manager/audit?action=view',
    '/manager/scheduling/new?step=2',
    '/admin/orgs',
    '/docusignapproved?application=a1&event=signing_complete',
    '/manager/integrations',
    '/workday-connect?tenant=t&code=c&state=s',
  ])('protects %s', async (path) => {
    const { router } = renderApp(path);
    await heading();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('waits with a spinner while the user of a stored session loads', async () => {
    const store = loadedStore();
    // The auth atom reads storage when the module loads (getOnInit), long before this test runs.
    const auth = {
      access_token: 'abc',
      token_type: 'bearer',
      expires_in: 900,
      scope: 'write',
      expiresOn: Date.now() + 900_000,
      isLoggedIn: true,
    };
    store.set(authAtom, auth);
    store.set(userAtom, { status: 'loading', user: null });
    const { router } = renderApp('/profile', { store });
    await waitFor(() => expect(screen.getByRole('status')).toBeTruthy(), { timeout: 1000 });
    expect(router.state.location.pathname).toBe('/profile');
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null')).toEqual(auth);
  });

  it('shows the page to a signed-in user', async () => {
    renderApp('/profile', { user: candidate });
    expect((await heading()).textContent).toBe('Your profile');
  });
});

describe('routes', () => {
  it('renders the not-found screen for an unknown path', async () => {
    renderApp('/no/such/page');
    expect((await heading()).textContent).toBe('Page not found');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('gives every route of the table its own h1 (shared screens excepted)', async () => {
    const titles = new Map<string, string>();
    for (const { path } of pageRoutes('apply')) {
      const url = path.replace(/:[a-zA-Z]+/g, '42').replace('/*', '/x');
      const { unmount } = renderApp(url, { user: manager });
      const title = (await heading()).textContent ?? '';
      expect(title, url).not.toBe('Page not found');
      titles.set(path, title);
      unmount();
    }
    // Spec §2: these paths are the same screen.
    const sameScreen = { '/applyp/:roleId': '/applya/:roleId', '/submitted': '/finished' };
    for (const [path, original] of Object.entries(sameScreen)) {
      expect(titles.get(path)).toBe(titles.get(original));
      titles.delete(path);
    }
    expect(new Set(titles.values()).size).toBe(titles.size);
  }, 20_000);

  it('shows the manager landing at / on the HR side', async () => {
    renderApp('/', { side: 'hr', user: manager });
    expect((await heading()).textContent).toBe('Hiring dashboard');
    expect(screen.getByRole('navigation', { name: 'Hiring' })).toBeTruthy();
  });

  it('shows the candidate home on the apply side with the branded header', async () => {
    renderApp('/');
    expect((await heading()).textContent).toBe('Careers at Acme Consulting');
    const banner = screen.getByRole('banner');
    expect(banner.querySelector('img')?.getAttribute('alt')).toBe('Acme Consulting');
    expect(screen.getByRole('img', { name: 'Acme Consulting' }).getAttribute('src')).toBe(
      '/api/public/organization/acme/logo',
    );
    for (const name of ['Roles', 'Events', 'Sign in']) expect(screen.getByRole('link', { name })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe('#main-content');
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/policy');
  });

  it('moves focus to the main of the new page after a navigation', async () => {
    const { router } = renderApp('/ui');
    await screen.findByRole('heading', { level: 1, name: 'Component showcase' });
    await act(() => router.navigate('/roles'));
    await screen.findByRole('heading', { level: 1, name: 'Open roles' });
    expect(document.activeElement?.id).toBe('main-content');
  });

  it('closes sign-up on subdomain-restricted sites', async () => {
    renderApp('/signup', { organization: organisationFixture({ settings: { subdomainRestricted: true } }) });
    expect((await heading()).textContent).toBe('Sign-up is not open');
  });

  it('opens sign-up elsewhere', async () => {
    renderApp('/signup');
    expect((await heading()).textContent).toBe('Create an account');
  });

  it('uses the layout of the user type for account pages', async () => {
    renderApp('/account', { user: manager });
    expect((await heading()).textContent).toBe('Your account');
    expect(screen.getByRole('navigation', { name: 'Hiring' })).toBeTruthy();
  });

  it('shows the fatal error screen when a page crashes while rendering', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/ui');
    await screen.findByRole('heading', { level: 1, name: 'Component showcase' });
    fireEvent.click(screen.getByRole('button', { name: 'Trigger a render crash' }));
    expect((await heading()).textContent).toBe(FATAL_ERROR_TITLE);
    expect(screen.getByText(/client success manager/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toBeTruthy();
    consoleError.mockRestore();
  });

  it('leaves the crash screen for the page navigated to next', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = renderApp('/ui');
    await screen.findByRole('heading', { level: 1, name: 'Component showcase' });
    fireEvent.click(screen.getByRole('button', { name: 'Trigger a render crash' }));
    expect((await heading()).textContent).toBe(FATAL_ERROR_TITLE);
    await act(() => router.navigate('/terms'));
    expect((await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' })).textContent).toBeTruthy();
    consoleError.mockRestore();
  });

  it('starts a new page or step at the top, and back returns to where the page was left', async () => {
    const scrollTo = vi.mocked(window.scrollTo);
    const scrolledTo = () => scrollTo.mock.lastCall;
    const scrollPageTo = (y: number) => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
      fireEvent.scroll(window);
    };
    const { router } = renderApp('/ui');
    await screen.findByRole('heading', { level: 1, name: 'Component showcase' });
    scrollTo.mockClear();
    scrollPageTo(300);
    await act(() => router.navigate('/roles'));
    await screen.findByRole('heading', { level: 1, name: 'Open roles' });
    expect(scrolledTo()).toEqual([0, 0]);
    scrollPageTo(500);
    // A new search of the same page (as a form's next step is) starts at the top too.
    await act(() => router.navigate('/roles?page=1'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=1'));
    expect(scrolledTo()).toEqual([0, 0]);
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(scrolledTo()).toEqual([0, 500]);
    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { level: 1, name: 'Component showcase' });
    expect(scrolledTo()).toEqual([0, 300]);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });
});

describe('the hiring side (issue 21)', () => {
  const admin: CurrentUser = { id: 'u3', userType: 'ADMIN' };
  const recruiter: CurrentUser = { id: 'u4', userType: 'HIRING_MANAGER' };
  const navLinks = () =>
    within(screen.getByRole('navigation', { name: 'Hiring' }))
      .getAllByRole('link')
      .map((link) => link.textContent);

  it("keeps the admin's Clients and Administration links on /manager pages", async () => {
    renderApp('/manager/reports', { side: 'hr', user: admin });
    await heading();
    expect(navLinks()).toEqual(expect.arrayContaining(['Search', 'Reports', 'Clients', 'Administration']));
  });

  it("gives an organisation's admin their Account link on /manager pages, and a recruiter neither admin link", async () => {
    const { unmount } = renderApp('/manager/reports', { side: 'hr', user: manager });
    await heading();
    expect(navLinks()).toContain('Account');
    unmount();
    renderApp('/manager/reports', { side: 'hr', user: recruiter });
    await heading();
    expect(navLinks()).not.toContain('Clients');
    expect(navLinks()).not.toContain('Administration');
  });

  it('shows the not-found screen for an unknown /manager address, and the dashboard at /manager', async () => {
    const { unmount } = renderApp('/manager/no-such-page', { side: 'hr', user: manager });
    expect((await heading()).textContent).toBe('Page not found');
    unmount();
    renderApp('/manager', { side: 'hr', user: manager });
    expect((await heading()).textContent).toBe('Hiring dashboard');
  });

  it('offers no candidate sign-up on the HR sign-in page', async () => {
    const { unmount } = renderApp('/login', { side: 'hr' });
    expect((await heading()).textContent).toBe('Sign in');
    expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
    unmount();
    renderApp('/login');
    await heading();
    expect(screen.getByRole('link', { name: 'Create an account' })).toBeTruthy();
  });

  it("shows a hiring user's settings without the candidates' contact preferences", async () => {
    const { unmount } = renderApp('/settings', { side: 'hr', user: recruiter });
    expect((await heading()).textContent).toBe('Settings');
    expect(screen.getByRole('heading', { name: 'Your details' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Contact preferences' })).toBeNull();
    expect(screen.queryByText(/RARE Recruitment/)).toBeNull();
    expect(screen.queryByText(/contact preferences/)).toBeNull();
    unmount();
    renderApp('/settings', { user: candidate });
    await heading();
    expect(screen.getByRole('heading', { name: 'Contact preferences' })).toBeTruthy();
  });
});
