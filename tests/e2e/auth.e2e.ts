import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LOOP_TIMEOUT_MS, launchBrowser, newContext, openPage, seriousViolations } from './support/browser';
import { codeIn, linkIn, nextMessage } from './support/outbox';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'CandidDemo#2026';

/** A visitor who already chose cookies, so the banner stays out of the way. */
async function decidedContext(): Promise<BrowserContext> {
  const context = await newContext(browser);
  await context.addInitScript(() => window.localStorage.setItem('acceptCookies', 'false'));
  return context;
}

async function expectAxeClean(page: Page, where: string): Promise<void> {
  expect(await seriousViolations(page), where).toEqual([]);
}

const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('emails in the language of the page (decision 0019)', () => {
  it('a French sign-up on connect: the verification email is French and its link opens the French page', async () => {
    const context = await decidedContext();
    const email = `e2e-fr-${Date.now()}@example.test`;
    const page = await openPage(context, 'connect.localhost', '/signup?language=fr');
    await heading(page, 'Créer un compte');
    await page.getByLabel('Prénom').fill('Amélie');
    await page.getByLabel('Nom', { exact: true }).fill('Poulain');
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('Sturdy-Otter#42');
    await page.getByLabel("J'accepte les conditions générales").check();
    await page.getByRole('button', { name: 'Créer le compte' }).click();
    await heading(page, 'Consultez vos e-mails');

    const verification = await nextMessage(email, new Set());
    expect(verification.subject).toBe('Vérifiez votre compte Candid Connect');
    expect(verification.body).toContain('Bonjour Amélie,');
    expect(verification.body).toContain('Ouvrez ce lien pour vérifier votre adresse e-mail');
    expect(verification.body).not.toContain('Open this link');
    const link = linkIn(verification, '/verify/');
    expect(new URL(link).searchParams.get('language')).toBe('fr');
    await page.goto(link);
    // The link signs the new candidate in, saying so in French.
    await page.getByText('Votre adresse e-mail est vérifiée et vous êtes connecté.').waitFor();
    await page.waitForURL((url) => url.pathname === '/profile/create');
    await expectAxeClean(page, 'signed in by the link, in French');
    await context.close();
  });
});

describe('sign-up, verification, one-time password and sign-out (northbridge requires a code)', () => {
  it('sign up → verification link from the outbox → sign in → code from the outbox → /profile/create → sign out', async () => {
    const context = await decidedContext();
    const email = `e2e-${Date.now()}@example.test`;
    const seen = new Set<string>();

    const page = await openPage(context, 'northbridge.localhost', '/signup');
    await heading(page, 'Create an account');
    await expectAxeClean(page, '/signup');
    // The rules of spec §5 show as the password is typed.
    await page.getByLabel('Password', { exact: true }).fill('weak');
    expect(await page.locator('[data-rule][data-met="true"]').count()).toBe(1);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('alert').waitFor();
    await expectAxeClean(page, '/signup with errors');

    await page.getByLabel('First name').fill('Eve');
    await page.getByLabel('Last name').fill('Tester');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Sturdy-Otter#42');
    await page.getByLabel('I accept the terms and conditions').check();
    // Spec §5: buttons ignore clicks for 1 s after a click, and the failed submit above was one.
    await page.waitForTimeout(1100);
    // Keyboard: Enter on the submit button (one submission, so nothing races the page change).
    await page.getByRole('button', { name: 'Create account' }).press('Enter');
    await heading(page, 'Check your email');
    await expectAxeClean(page, 'sign-up sent');

    const verification = await nextMessage(email, seen);
    expect(verification.subject).toBe('Verify your Northbridge Bank account');
    // The link signs in (it proves the mailbox, as the code would): no password, no code.
    await page.goto(linkIn(verification, '/verify/'));
    await heading(page, 'Create your profile');
    await page.getByText('Your email address is verified and you are signed in.').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();

    await heading(page, 'Sign in');
    await expectAxeClean(page, '/login');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Sturdy-Otter#42');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await heading(page, 'Enter your sign-in code');
    await expectAxeClean(page, 'code step');

    const code = codeIn(await nextMessage(email, seen));
    await page.getByLabel('Sign-in code').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await heading(page, 'Create your profile');
    expect(pathOf(page)).toBe('/profile/create');
    const saved = await page.evaluate(
      () =>
        JSON.parse(localStorage.getItem('otpCookies') ?? '{}') as Record<string, { value: string; expiresOn: number }>,
    );
    expect(saved[email]?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const days = (saved[email]!.expiresOn - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? 'null')?.isLoggedIn)).toBe(true);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 5000 });
    expect(new URL(page.url()).searchParams.get('url')).toBe('/profile/create');
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();

    // This browser keeps the login cookie: the next sign-in skips the code.
    await heading(page, 'Sign in');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Sturdy-Otter#42');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await heading(page, 'Create your profile');
    await context.close();
  });
});

describe('sign-up from a role (issue 21)', () => {
  it('the emailed link signs the new candidate in on the role, to start the application; the email can be resent', async () => {
    const context = await decidedContext();
    const email = `e2e-role-${Date.now()}@example.test`;
    const seen = new Set<string>();
    const page = await openPage(context, 'acme.localhost', '/roles');
    await page.getByRole('link', { name: 'Graduate Data Analyst', exact: true }).click();
    await heading(page, 'Graduate Data Analyst');
    const rolePath = pathOf(page);
    await page.getByRole('link', { name: 'Create an account to apply' }).click();
    await heading(page, 'Create an account');
    await page.getByLabel('First name').fill('Rhys');
    await page.getByLabel('Last name').fill('Tester');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Sturdy-Otter#42');
    await page.getByLabel('I accept the terms and conditions').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await heading(page, 'Check your email');
    await nextMessage(email, seen);
    await page.getByRole('button', { name: 'Send the email again' }).click();
    await page.getByText('We have sent the email again.').waitFor();
    await expectAxeClean(page, 'check your email, sent again');

    // Only the newest link works; it signs in and comes back to the role.
    await page.goto(linkIn(await nextMessage(email, seen), '/verify/'));
    await heading(page, 'Graduate Data Analyst');
    expect(pathOf(page)).toBe(rolePath);
    await page.getByText('Your email address is verified and you are signed in.').waitFor();
    await page.getByRole('button', { name: 'Start application' }).click();
    await page.waitForURL((url) => url.pathname === rolePath.replace('/apply/', '/applyp/'));
    await heading(page, 'About you');
    await context.close();
  });
});

describe('sign-in layout (issue 21)', () => {
  it('Show password clears the Sign in button; Sign out lines up with the other navigation items', async () => {
    const context = await decidedContext();
    const page = await openPage(context, 'acme.localhost', '/login');
    await heading(page, 'Sign in');
    const show = (await page.getByRole('button', { name: 'Show password' }).boundingBox())!;
    const signIn = (await page.getByRole('main').getByRole('button', { name: 'Sign in' }).boundingBox())!;
    expect(signIn.y - (show.y + show.height)).toBeGreaterThanOrEqual(15);

    await page.getByLabel('Email address').fill('candidate@acme.example');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).waitFor();
    // The header settles after sign-in (the user's links arrive and it re-renders), so both boxes are read in one
    // synchronous pass in the page, never across two round trips that a re-render can fall between.
    const misalignment = () =>
      page.evaluate(() => {
        const button = [...document.querySelectorAll('header button')].find(
          (b) => b.textContent?.trim() === 'Sign out',
        );
        const links = button?.closest('ul')?.querySelectorAll('a');
        const link = links?.[links.length - 1];
        if (!button || !link) return 'not shown';
        const [b, l] = [button.getBoundingClientRect(), link.getBoundingClientRect()];
        return Math.max(Math.abs(b.top - l.top), Math.abs(b.height - l.height)) <= 1
          ? 'aligned'
          : `${b.top},${b.height} vs ${l.top},${l.height}`;
      });
    await expect.poll(misalignment, { timeout: 10_000 }).toBe('aligned');
    await context.close();
  });
});

describe('organisation session timeout (meridian)', () => {
  it('a manager who stays inactive is signed out, by the client and by the server', async () => {
    const context = await decidedContext();
    const page = await openPage(context, 'meridian.hr.localhost', '/login');
    await heading(page, 'Sign in');
    await page.getByLabel('Email address').fill('recruiter@meridian.example');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await heading(page, 'Your roles');
    expect(pathOf(page)).toBe('/manager/roles');
    await expectAxeClean(page, '/manager/roles');
    const stored = await page.evaluate(
      () =>
        JSON.parse(localStorage.getItem('auth') ?? 'null') as {
          access_token: string;
          refresh_token?: string;
          expires_in: number;
        },
    );
    expect(stored.refresh_token).toBeUndefined();
    expect(stored.expires_in).toBe(inject('sessionTimeoutSeconds'));

    // Inactive past the timeout: the sign-in page says why, and the old token no longer works.
    await page
      .getByText('You have been signed out because you were inactive')
      .waitFor({ timeout: (inject('sessionTimeoutSeconds') + 10) * 1000 });
    // Logout goes to /login with url (and search) after 500 ms (spec §4).
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('url') === '/manager/roles', {
      timeout: 5000,
    });
    const status = await page.evaluate(
      async (token) => (await fetch('/api/v1/user', { headers: { authorization: `Bearer ${token}` } })).status,
      stored.access_token,
    );
    expect(status).toBe(401);
    await expectAxeClean(page, '/login signed out');
    await context.close();
  }, 60_000);
});

describe('guarded pages', () => {
  it('a guarded page sends a visitor to sign in, and sign-in comes back to it', async () => {
    const context = await decidedContext();
    const page = await openPage(context, 'acme.localhost', '/settings?from=e2e');
    await heading(page, 'Sign in');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/settings?from=e2e');
    await page.getByLabel('Email address').fill('candidate@acme.example');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await heading(page, 'Settings');
    expect(`${pathOf(page)}${new URL(page.url()).search}`).toBe('/settings?from=e2e');
    await expectAxeClean(page, '/settings');

    // A reload keeps the session (auth persisted under localStorage 'auth').
    await page.reload();
    await heading(page, 'Settings');
    await page.goto(page.url().replace(/\/settings.*/, '/account'));
    await heading(page, 'Your account');
    await expectAxeClean(page, '/account');
    await context.close();
  });

  it(
    'the other sign-in pages are axe-clean',
    async () => {
      const context = await decidedContext();
      for (const [path, title] of [
        ['/forgot-password', 'Reset your password'],
        ['/magic-password', 'Sign in with a link sent by email'],
        ['/reset-password/not-a-real-token-000000000000000000000000', 'This reset link does not work'],
        ['/on-boarding/not-a-real-token-0000000000000000000000000', 'This invitation link does not work'],
        ['/oauth?token=not-a-real-token-0000000000000000000000000', 'This sign-in link does not work'],
        ['/verify-email/not-a-real-token-000000000000000000000000', 'This email confirmation link does not work'],
      ] as const) {
        const page = await openPage(context, 'acme.localhost', path);
        await heading(page, title);
        await expectAxeClean(page, path);
        await page.close();
      }
      const forgot = await openPage(context, 'acme.localhost', '/forgot-password');
      await forgot.getByLabel('Email address').fill('hr@acme.example');
      await forgot.getByRole('button', { name: 'Send the link' }).click();
      await heading(forgot, 'Check your email');
      await context.close();
    },
    LOOP_TIMEOUT_MS,
  );
});
