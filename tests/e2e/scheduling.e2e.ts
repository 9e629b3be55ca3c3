import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, openPage, seriousViolations, urlFor } from './support/browser';
import { hiringToken } from './support/api';
import { linkIn, nextMessage } from './support/outbox';

/*
 * Interview scheduling (issue 13) on Hartley (Hong Kong time; no other e2e journey uses its
 * people): three candidates are put at 'First-round interview' through the API; the manager invites
 * them through the five-step wizard; two book (one on a phone-sized screen, in another time
 * zone); the manager sees the bookings and closes booking, so the third's link is past its time to
 * book (a reminder gives them a new one); the manager moves one and records feedback; that
 * candidate sees the new time on /applications and gets the update email.
 */

const PASSWORD = 'CandidDemo#2026';
const SUB = 'hartley';
const STAGE = 6;
const CASEY = 'candidate@hartley.example';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const url = new URL(urlFor('127.0.0.1', `/api/v1${path}`));
  url.searchParams.set('subdomain', SUB);
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : method === 'POST' ? { body: '{}' } : {}),
  });
  expect(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`).toBe(true);
  return (await response.json()) as T;
}

const managerToken = () => hiringToken(SUB, `recruiter@${SUB}.example`, PASSWORD);

interface Row {
  id: string;
  name: string;
  email: string | null;
  roleId: string;
  stageId: number | null;
}

async function decidedContext(options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const context = await newContext(browser, options);
  await context.addInitScript(() => window.localStorage.setItem('acceptCookies', 'false'));
  return context;
}

const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });

async function expectAxeClean(page: Page, where: string): Promise<void> {
  expect(await seriousViolations(page), where).toEqual([]);
}

/** The page's width when the window is 390 px wide (a phone), measured and then set back. */
async function widthAtPhoneSize(page: Page): Promise<number> {
  const before = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  await page.setViewportSize(before);
  return width;
}

async function signIn(page: Page, email: string): Promise<void> {
  await heading(page, 'Sign in');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('region', { name: 'Notifications' }).getByText(text).first().waitFor({ timeout: 15_000 });

/** A date `days` from now, YYYY-MM-DD (Hong Kong and UTC agree well enough ten days on). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('interview scheduling', () => {
  it('invite three through the wizard, two book, booking closes on the third, move one, feedback; the candidate sees the new time', async () => {
    // Three candidates of one role at 'First-round interview'.
    const token = await managerToken();
    const search = (query: string) =>
      api<{ content: Row[] }>(token, 'GET', `/search/candidates/${SUB}?${query}`).then((p) => p.content);
    const [casey] = await search(`searchTerm=${encodeURIComponent(CASEY)}`);
    expect(casey).toBeDefined();
    const others = (await search(`roleId=${casey!.roleId}&stageId=${casey!.stageId}&resultsPerPage=20`)).filter(
      (r) => r.id !== casey!.id && r.email,
    );
    const people = [casey!, others[0]!, others[1]!];
    for (const person of people) await api(token, 'POST', `/candidate/${person.id}/ostage/${STAGE}`);
    const seen = new Map(people.map((p) => [p.email!, new Set<string>()]));

    // The wizard, started from a selection (?roleId, ?stageId, ?ids).
    const manager = await decidedContext();
    const ids = people.map((p) => p.id).join(',');
    const page = await openPage(
      manager,
      `${SUB}.hr.localhost`,
      `/manager/scheduling/new?step=1&roleId=${casey!.roleId}&stageId=${STAGE}&ids=${ids}`,
    );
    await signIn(page, `recruiter@${SUB}.example`);
    await heading(page, 'Select role & stage');
    for (const person of people) await expect.poll(() => page.getByLabel(person.name).isChecked()).toBe(true);
    await expectAxeClean(page, 'wizard step 1');
    await page.getByRole('button', { name: 'Continue' }).click();

    await heading(page, 'Define time slots');
    await page.getByLabel('Title', { exact: true }).fill('First-round interviews');
    await page.getByLabel('Date', { exact: true }).fill(inDays(10));
    await page.getByLabel('First slot starts at').selectOption('10:00');
    await page.getByLabel('Slot length').selectOption({ label: '45 minutes' });
    await page.getByLabel('Slots', { exact: true }).fill('3');
    await page.getByLabel('Room or video link', { exact: true }).fill('Meeting room 2, 1 Queen’s Road Central');
    await page.getByRole('checkbox').first().check();
    await expectAxeClean(page, 'wizard step 2');
    expect(await widthAtPhoneSize(page), 'wizard step 2 at 390 px').toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Continue' }).click();

    await heading(page, 'Add availability');
    await page
      .getByText(/— free/)
      .first()
      .waitFor();
    // A way back at each step: back to step 2 and on again.
    await page.getByRole('link', { name: 'Back to the previous step' }).click();
    await heading(page, 'Define time slots');
    await expect.poll(() => page.getByLabel('Slots', { exact: true }).inputValue()).toBe('3');
    await page.getByRole('button', { name: 'Continue' }).click();
    await heading(page, 'Add availability');
    await page.getByRole('button', { name: 'Continue' }).click();

    await heading(page, 'Review & confirm');
    await page.getByRole('list', { name: 'Week view' }).getByText('10:00–10:45').waitFor();
    await expectAxeClean(page, 'wizard step 4');
    expect(await widthAtPhoneSize(page), 'wizard step 4 at 390 px').toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Continue' }).click();

    await heading(page, 'Create Invitation');
    await page.getByRole('button', { name: 'Send 3 invitations' }).click();
    await heading(page, '3 invitations sent');

    const links = new Map<string, string>();
    for (const person of people)
      links.set(person.email!, linkIn(await nextMessage(person.email!, seen.get(person.email!)!), '/interview/'));

    // Casey books on a desktop browser in London: both zones are shown.
    const caseyContext = await decidedContext({ timezoneId: 'Europe/London' });
    const booking = await caseyContext.newPage();
    await booking.goto(links.get(CASEY)!);
    await heading(booking, 'Choose a time for your interview');
    await booking.getByText('Times are shown in your time zone, Europe/London.').waitFor();
    await expectAxeClean(booking, '/interview/:token');
    await booking.getByRole('radio').first().check();
    await booking.getByRole('button', { name: 'Book this time' }).click();
    await heading(booking, 'Your interview is booked');
    const booked = await nextMessage(CASEY, seen.get(CASEY)!);
    expect(booked.subject).toMatch(/Interview booked/);
    expect(booked.body).toContain('METHOD:REQUEST');

    // The second candidate books on a phone-sized screen, by keyboard.
    const phone = await decidedContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const second = await phone.newPage();
    await second.goto(links.get(people[1]!.email!)!);
    await heading(second, 'Choose a time for your interview');
    expect(await second.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await second.getByRole('radio').first().focus();
    await second.keyboard.press('Space');
    await second.getByRole('button', { name: 'Book this time' }).focus();
    await second.keyboard.press('Enter');
    await heading(second, 'Your interview is booked');
    await expectAxeClean(second, '/interview/:token booked at 390 px');
    await phone.close();

    // The manager sees the bookings and closes booking: the third's link is past its time to book.
    await page.goto(urlFor(`${SUB}.hr.localhost`, `/manager/scheduling?roleId=${casey!.roleId}&stageId=${STAGE}`));
    await heading(page, 'Interview scheduling');
    const rowOf = (name: string) => page.getByRole('row').filter({ hasText: name });
    await rowOf(casey!.name).getByText('Booked').waitFor();
    await rowOf(people[1]!.name).getByText('Booked').waitFor();
    await rowOf(people[2]!.name).getByText('Invited').waitFor();
    await expectAxeClean(page, '/manager/scheduling');
    await page.getByRole('button', { name: /^Close booking/ }).click();
    await page.getByText('1 candidate has not booked.', { exact: false }).waitFor();
    await page.getByRole('button', { name: /Yes, close booking/ }).click();
    await toast(page, 'Booking closed: 1 link has expired');
    await rowOf(people[2]!.name).getByText('Not answered by the due date').waitFor();
    const third = await decidedContext();
    const stale = await third.newPage();
    await stale.goto(links.get(people[2]!.email!)!);
    await heading(stale, 'The date to book this interview has passed');
    await expectAxeClean(stale, 'an expired link');

    // A reminder reopens it with a new link; the expired one stops working.
    await rowOf(people[2]!.name)
      .getByRole('button', { name: /Send a reminder/ })
      .click();
    await toast(page, `Reminder sent to ${people[2]!.name}`);
    const reopened = linkIn(await nextMessage(people[2]!.email!, seen.get(people[2]!.email!)!), '/interview/');
    await stale.goto(links.get(people[2]!.email!)!);
    await heading(stale, 'This interview link is not valid');
    await stale.goto(reopened);
    await heading(stale, 'Choose a time for your interview');
    await third.close();

    // Casey's interview moves to another slot.
    const moveTo = rowOf(casey!.name).getByLabel(`Move ${casey!.name} to`);
    await moveTo.selectOption({ index: 1 });
    await rowOf(casey!.name)
      .getByRole('button', { name: /Move interview/ })
      .click();
    await toast(page, `${casey!.name} has been sent the new time`);
    const moved = await nextMessage(CASEY, seen.get(CASEY)!);
    expect(moved.subject).toMatch(/Interview moved/);
    expect(moved.body).toContain('SEQUENCE:1');

    // Feedback on the candidate page.
    await rowOf(casey!.name).getByRole('link', { name: casey!.name }).click();
    await heading(page, casey!.name);
    const feedback = page.getByRole('form', { name: 'Your feedback' });
    await feedback.getByLabel('Communication').fill('4');
    await feedback.getByRole('radio', { name: 'Strong yes' }).check();
    await feedback.getByLabel('Comments').fill('Clear, well-prepared answers.');
    await feedback.getByRole('button', { name: 'Save feedback' }).click();
    await toast(page, 'Feedback saved');
    await page.getByText('Clear, well-prepared answers.').first().waitFor();
    await expectAxeClean(page, 'candidate page with feedback');
    expect(await widthAtPhoneSize(page), 'feedback at 390 px').toBeLessThanOrEqual(390);
    await manager.close();

    // Casey sees the new time on /applications (shown in their own zone).
    const own = await openPage(caseyContext, `${SUB}.localhost`, '/applications');
    await signIn(own, CASEY);
    await heading(own, /applications/i);
    const current = await api<{ interview: { startDateTime: string } | null }>(
      token,
      'GET',
      `/candidate/${casey!.id}/current/getCurrentInterview`,
    );
    const london = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(current.interview!.startDateTime));
    const shown = own.getByTestId('application-interview').first();
    await expect.poll(() => shown.textContent(), { timeout: 15_000 }).toMatch(new RegExp(`${london}.*Europe/London`));
    await expectAxeClean(own, '/applications with an interview');
    await caseyContext.close();
  }, 180_000);
});
