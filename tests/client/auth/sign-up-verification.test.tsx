import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { BUTTON_CLICK_LOCK_MS } from '#engine/constants';
import { http } from '#client/api/http';
import { connectSession } from '#client/app/session-setup';
import { authAtom, userAtom } from '#client/state/auth';
import { loadedStore, renderApp } from '../support';
import { fakeAdapter, tokens, type Call, type Handler } from './fake-api';

/* Issue 21: the emailed link signs the new candidate in and goes back to the role; Check your email can resend. */

const EMAIL = 'ada@example.test';
const user = {
  id: 'u1',
  email: EMAIL,
  userType: 'CANDIDATE',
  organization: { id: 'o1', name: 'Acme Consulting', subdomain: 'acme' },
  firstName: 'Ada',
  preferredName: null,
  lastName: 'Lovelace',
  emailVerified: true,
  pendingEmail: null,
  otpRequired: false,
  organizationRequiresOtp: false,
  acceptTermAndConditions: true,
  acceptRare: false,
  acceptResearch: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  applications: [],
};
const SENT = (email: string) => ({
  message: `We have sent a link to ${email}. Open it to verify your email address and finish creating your account.`,
  code: 'signupSent',
  params: { email },
});

/** A JSON call's body. */
const body = (call: Call) => JSON.parse(String(call.data)) as { email: string } & Record<string, unknown>;

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

function start(path: string, handler: Handler) {
  const fake = fakeAdapter(handler);
  http.defaults.adapter = fake.adapter;
  const store = loadedStore();
  disconnect = connectSession(store);
  return { ...renderApp(path, { store }), calls: fake.calls, store };
}

describe('the verification link', () => {
  it('signs the new candidate in with the token it answers and goes back to the role, saying so', async () => {
    const { calls, router, store } = start(
      '/verify/LINK-TOKEN-0123456789?candidateId=u1&redirect=%2Fapply%2Frole-1',
      (call) => {
        if (call.url.endsWith('/confirm'))
          return {
            status: 200,
            data: {
              message: 'Your email address is verified and you are signed in.',
              code: 'emailVerified',
              token: 'ONE-TIME',
              expiresIn: 120,
            },
          };
        if (call.url === '/oauth/token') return { status: 200, data: tokens('ACCESS', 'REFRESH') };
        if (call.url === '/v1/user') return { status: 200, data: user };
        return { status: 404, data: { message: 'Not found' } };
      },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/apply/role-1'));
    expect(store.get(authAtom)?.access_token).toBe('ACCESS');
    expect(store.get(userAtom).user?.email).toBe(EMAIL);
    const grant = new URLSearchParams(String(calls.find((c) => c.url === '/oauth/token')!.data));
    expect(grant.get('type')).toBe('USER_TOKEN');
    expect(grant.get('password')).toBe('ONE-TIME');
    expect(body(calls.find((c) => c.url.endsWith('/confirm'))!)).toMatchObject({ candidateId: 'u1' });
    expect(await screen.findByText('Your email address is verified and you are signed in.')).toBeTruthy();
    expect(screen.queryByText(/Complete your profile/)).toBeNull();
    expect(screen.queryByText(/You can now sign in/)).toBeNull();
  });
});

describe('Check your email', () => {
  async function signUp(calls: { url: string }[]) {
    await screen.findByRole('heading', { level: 1, name: 'Create an account' });
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Lovelace' } });
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'ada@exampel.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Fresh-Start#84' } });
    fireEvent.click(screen.getByLabelText('I accept the terms and conditions'));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    expect(calls.filter((c) => c.url.endsWith('/signup'))).toHaveLength(1);
  }

  it('sends the link again to the same address, with the page to come back to', async () => {
    const { calls } = start('/signup?redirect=%2Fapply%2Frole-1', (call) => {
      const { email } = body(call);
      if (call.url.endsWith('/signup')) return { status: 201, data: SENT(email) };
      if (call.url.endsWith('/signup/resend')) return { status: 200, data: SENT(email) };
      return { status: 404, data: { message: 'Not found' } };
    });
    await signUp(calls);
    fireEvent.click(screen.getByRole('button', { name: 'Send the email again' }));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/signup/resend'))).toHaveLength(1));
    expect(body(calls.find((c) => c.url.endsWith('/signup/resend'))!)).toEqual({
      email: 'ada@exampel.test',
      redirect: '/apply/role-1',
    });
    expect(await screen.findByText('We have sent the email again.')).toBeTruthy();
  });

  it('shows a refusal to send again (too many emails)', async () => {
    const { calls } = start('/signup', (call) => {
      if (call.url.endsWith('/signup')) return { status: 201, data: SENT('ada@exampel.test') };
      return { status: 429, data: { message: 'Too many emails. Wait, then try again.' } };
    });
    await signUp(calls);
    fireEvent.click(screen.getByRole('button', { name: 'Send the email again' }));
    expect(await screen.findByText('Too many emails. Wait, then try again.')).toBeTruthy();
  });

  it('"Wrong address?" goes back to the form with the details kept, to correct the address', async () => {
    const { calls } = start('/signup', (call) =>
      call.url.endsWith('/signup')
        ? { status: 201, data: SENT(body(call).email) }
        : { status: 404, data: { message: 'Not found' } },
    );
    await signUp(calls);
    fireEvent.click(screen.getByRole('button', { name: 'Change the email address' }));
    await screen.findByRole('heading', { level: 1, name: 'Create an account' });
    const email = screen.getByLabelText('Email address') as HTMLInputElement;
    expect(email.value).toBe('ada@exampel.test');
    expect(document.activeElement).toBe(email);
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ada');
    fireEvent.change(email, { target: { value: 'ada@example.test' } });
    // The button takes one click a second (spec §5).
    await new Promise((resolve) => setTimeout(resolve, BUTTON_CLICK_LOCK_MS));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    expect(calls.filter((c) => c.url.endsWith('/signup')).map((c) => body(c).email)).toEqual([
      'ada@exampel.test',
      'ada@example.test',
    ]);
  });
});
