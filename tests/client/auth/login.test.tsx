import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { http } from '#client/api/http';
import { connectSession } from '#client/app/session-setup';
import { authAtom, userAtom } from '#client/state/auth';
import { saveOtpCookie, savedOtpCookie } from '#client/state/otp-cookies';
import { loadedStore, organisationFixture, renderApp } from '../support';
import { fakeAdapter, tokens, type Call, type Handler } from './fake-api';

const EMAIL = 'candidate@northbridge.example';
const PASSWORD = 'CandidDemo#2026';
const user = (otpCookie?: string) => ({
  id: 'u1',
  email: EMAIL,
  userType: 'CANDIDATE',
  organization: { id: 'o1', name: 'Northbridge Bank', subdomain: 'northbridge' },
  firstName: 'Cara',
  preferredName: null,
  lastName: 'Candidate',
  emailVerified: true,
  pendingEmail: null,
  otpRequired: false,
  organizationRequiresOtp: true,
  acceptTermAndConditions: true,
  acceptRare: false,
  acceptResearch: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  applications: [],
  ...(otpCookie && { otpCookie }),
});

let original: AxiosAdapter | undefined;
let disconnect: (() => void) | undefined;
beforeEach(() => {
  original = http.defaults.adapter as AxiosAdapter | undefined;
});
afterEach(() => {
  http.defaults.adapter = original;
  disconnect?.();
  disconnect = undefined;
});

function start(handler: Handler) {
  const fake = fakeAdapter(handler);
  http.defaults.adapter = fake.adapter;
  const store = loadedStore({
    organization: organisationFixture({ subdomain: 'northbridge', name: 'Northbridge Bank', edition: 'contextual' }),
  });
  // A test may start again (a second sign-in): the first session's interceptors would stay on the one HTTP client.
  disconnect?.();
  disconnect = connectSession(store);
  const view = renderApp('/login', { store });
  return { ...view, calls: fake.calls };
}

const form = (call: Call) => new URLSearchParams(String(call.data));

async function typeCredentials() {
  await screen.findByRole('heading', { level: 1, name: 'Sign in' });
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value: EMAIL } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: PASSWORD } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in with a one-time password (spec §4 Login)', () => {
  it('206 shows the code step; the code signs in, the login cookie is kept for this email, and the candidate lands on /profile/create', async () => {
    const { calls, router, store } = start((call) => {
      if (call.url === '/oauth/token')
        return form(call).get('otp') === '123456'
          ? { status: 200, data: tokens('ACCESS', 'REFRESH') }
          : {
              status: 206,
              data: {
                error: 'otp_required',
                error_description: 'Enter the 6-digit code we have sent to your email address.',
              },
            };
      if (call.url === '/v1/user')
        return { status: 200, data: user(call.params.cookieRequested ? 'COOKIE-30-DAYS' : undefined) };
      return { status: 404, data: { message: 'Not found' } };
    });
    await typeCredentials();
    await screen.findByRole('heading', { level: 1, name: 'Enter your sign-in code' });
    const first = form(calls[0]!);
    expect(Object.fromEntries(first)).toMatchObject({
      grant_type: 'password',
      username: EMAIL,
      password: PASSWORD,
      scope: 'write',
      client_id: 'web',
    });
    expect(first.has('otpCookie')).toBe(false);
    expect(calls[0]!.params).toEqual({ subdomain: 'northbridge' });

    fireEvent.change(screen.getByLabelText('Sign-in code'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('The code must be 6 digits'),
    );
    expect(calls).toHaveLength(1);

    await new Promise((r) => setTimeout(r, 1050)); // the button ignores clicks for 1 s (spec §5)
    fireEvent.change(screen.getByLabelText('Sign-in code'), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/create'));
    expect(form(calls[1]!).get('otp')).toBe('123456');
    expect(calls[2]).toMatchObject({
      url: '/v1/user',
      authorization: 'Bearer ACCESS',
      params: { cookieRequested: true, subdomain: 'northbridge' },
    });
    expect(savedOtpCookie(EMAIL)).toBe('COOKIE-30-DAYS');
    expect(store.get(authAtom)).toMatchObject({ access_token: 'ACCESS', refresh_token: 'REFRESH', isLoggedIn: true });
    expect(JSON.parse(localStorage.getItem('auth')!)).toMatchObject({ access_token: 'ACCESS' });
    expect(store.get(userAtom).user).toMatchObject({ email: EMAIL });
    expect(store.get(userAtom).user).not.toHaveProperty('otpCookie');
  }, 10_000);

  it("sends the saved cookie; 'Invalid login cookie.' forgets it and asks for the code", async () => {
    saveOtpCookie(EMAIL, 'STALE');
    const { calls } = start((call) => {
      if (call.url === '/oauth/token')
        return {
          status: 400,
          data: {
            error: 'invalid_grant',
            error_description: 'Invalid login cookie.',
            message: 'Invalid login cookie.',
          },
        };
      return { status: 404 };
    });
    await typeCredentials();
    await screen.findByRole('heading', { level: 1, name: 'Enter your sign-in code' });
    expect(form(calls[0]!).get('otpCookie')).toBe('STALE');
    expect(savedOtpCookie(EMAIL)).toBeUndefined();
    expect(screen.getByRole('status').textContent).toMatch(/no longer works/);
  });

  it('a valid saved cookie skips the code and a manager lands on /manager/roles', async () => {
    saveOtpCookie(EMAIL, 'GOOD');
    const { router, calls } = start((call) => {
      if (call.url === '/oauth/token')
        return form(call).get('otpCookie') === 'GOOD'
          ? { status: 200, data: tokens('A', 'R') }
          : { status: 206, data: {} };
      if (call.url === '/v1/user') return { status: 200, data: { ...user(), userType: 'HIRING_MANAGER' } };
      return { status: 404 };
    });
    await typeCredentials();
    await waitFor(() => expect(router.state.location.pathname).toBe('/manager/roles'));
    expect(calls.find((c) => c.url === '/v1/user')!.params).toEqual({ subdomain: 'northbridge' });
  });

  it('shows a wrong password in the error summary, which takes focus', async () => {
    start(() => ({
      status: 400,
      data: { error: 'invalid_grant', error_description: 'The email address or password is not correct.' },
    }));
    await typeCredentials();
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('There is a problem');
    expect(summary.textContent).toContain('The email address or password is not correct.');
    await waitFor(() => expect(document.activeElement).toBe(summary.closest('[data-error-summary]')));
  });

  it('checks the fields before calling: the email rule and a missing password', async () => {
    const { calls } = start(() => ({ status: 500 }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Enter an email address in the correct format');
    expect(summary.textContent).toContain('Enter your password');
    expect(screen.getByRole('link', { name: /Enter your password/ }).getAttribute('href')).toBe('#password');
    // No sign-in was sent (a look-up an earlier test's page began may still land here: it is not this form's).
    expect(calls.filter((call) => call.url === '/oauth/token')).toHaveLength(0);
  });

  it('a server fault shows the system-error text with the support address (spec §8)', async () => {
    start(() => ({ status: 500, data: { message: 'Some error happened. Please try again later.' } }));
    await typeCredentials();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'System error. Please contact your account manager for support or email us at support@acme.example.',
    );
  });

  it('returns to the guarded page after sign-in (redirect parameter)', async () => {
    const fake = fakeAdapter((call) =>
      call.url === '/oauth/token' ? { status: 200, data: tokens('A', 'R') } : { status: 200, data: user() },
    );
    http.defaults.adapter = fake.adapter;
    const store = loadedStore();
    disconnect = connectSession(store);
    const { router } = renderApp('/account?tab=1', { store });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(router.state.location.search).toBe('?redirect=%2Faccount%3Ftab%3D1');
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: EMAIL } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: PASSWORD } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Your account' });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/account?tab=1');
  });
});

describe('password rules as the user types (spec §5)', () => {
  it('ticks each rule on the sign-up page', async () => {
    renderApp('/signup');
    await screen.findByRole('heading', { level: 1, name: 'Create an account' });
    const met = () =>
      [...document.querySelectorAll('[data-rule]')]
        .filter((li) => li.getAttribute('data-met') === 'true')
        .map((li) => li.getAttribute('data-rule'));
    expect(met()).toEqual([]);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abc' } });
    expect(met()).toEqual(['lowercase']);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abcDEF12!' } });
    expect(met()).toEqual(['length', 'lowercase', 'uppercase', 'digit', 'special']);
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'ada@example.com' } });
    expect(screen.getByText(/This looks like an email address/)).toBeTruthy();
  });
});

describe('where a code is required, no one-factor way in is offered (decision 0046)', () => {
  it('hides the emailed sign-in link for an organisation that requires a code, and shows it elsewhere', async () => {
    const required = loadedStore({
      organization: organisationFixture({
        subdomain: 'northbridge',
        name: 'Northbridge Bank',
        settings: { subdomainRestricted: false, otpRequired: true },
      }),
    });
    const first = renderApp('/login', { store: required });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(screen.queryByRole('link', { name: 'Sign in with a link sent by email instead' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Forgotten your password?' })).toBeTruthy();
    first.unmount();

    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(screen.getByRole('link', { name: 'Sign in with a link sent by email instead' })).toBeTruthy();
  });
});
