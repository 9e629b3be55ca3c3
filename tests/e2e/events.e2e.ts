import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, openPage, seriousViolations, urlFor } from './support/browser';
import { hiringToken } from './support/api';
import { linkIn, nextMessage } from './support/outbox';

/*
 * Events (issue 14), one journey: a manager creates an event with 2 places; three candidates take
 * them: the manager adds a pipeline candidate from the candidate page (the POST
 * /candidate/:id/events/:x), the demo candidate signs in and registers, and a new candidate creates
 * an account on the way and is wait-listed; the demo candidate cancels and the third is promoted (by
 * email); on a 390-px phone the third checks in through the QR page; staff mark the first No show;
 * the attendance shows on the candidate page and filters the search.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'CandidDemo#2026';
const TITLE = 'E2E insight evening';
const THIRD = `e2e-event-${Date.now()}@example.test`;

async function decidedContext(options: Parameters<typeof newContext>[1] = {}): Promise<BrowserContext> {
  const context = await newContext(browser, options);
  await context.addInitScript(() => window.localStorage.setItem('acceptCookies', 'false'));
  return context;
}

const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });

async function expectAxeClean(page: Page, where: string): Promise<void> {
  expect(await seriousViolations(page), where).toEqual([]);
}

async function signIn(page: Page, email: string): Promise<void> {
  await heading(page, 'Sign in');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

interface Listed {
  id: string;
  name: string;
  email: string | null;
  stageId: number | null;
  substageId: string | null;
}

/** A demo pipeline candidate of acme (not the demo candidate who signs in), and another on the same stage tab. */
async function pipelineCandidates(): Promise<{ first: Listed; other: Listed }> {
  const token = await hiringToken('acme', 'recruiter@acme.example', PASSWORD);
  const search = await fetch(urlFor('127.0.0.1', '/api/v1/search/candidate/acme?subdomain=acme'), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({}),
  });
  const listed = ((await search.json()) as { content: Listed[] }).content.filter(
    (c) => c.email && c.email !== 'candidate@acme.example',
  );
  const first = listed[0]!;
  const other = listed.find(
    (c) => c.email !== first.email && c.stageId === first.stageId && c.substageId === first.substageId,
  );
  if (!other) throw new Error('acme has no two demo candidates on one stage tab');
  return { first, other };
}

describe('events', () => {
  it('create with 2 places, register three (one waits), cancel and promote, QR check-in on a phone, mark No show, see it on the candidate page and in search', async () => {
    const { first, other } = await pipelineCandidates();
    const seen = new Set<string>();

    // The manager creates the event on the HR site.
    const hr = await decidedContext();
    const manager = await openPage(hr, 'acme.hr.localhost', '/manager/events/new');
    await signIn(manager, 'recruiter@acme.example');
    await heading(manager, 'Create an event');
    await manager.getByLabel('Title').fill(TITLE);
    await manager.getByLabel('Starts').fill('2099-03-02T18:00');
    await manager.getByLabel('Ends').fill('2099-03-02T20:00');
    await manager.getByLabel('Place', { exact: true }).fill('1 Canada Square, London');
    await manager.getByLabel('Number of places').fill('2');
    await expectAxeClean(manager, '/manager/events/new');
    await manager.getByRole('button', { name: 'Create event' }).click();
    await heading(manager, TITLE);
    const eventId = new URL(manager.url()).pathname.split('/').pop()!;
    await manager.getByRole('heading', { name: 'QR code for check-in' }).waitFor();
    await expectAxeClean(manager, '/manager/events/:id');

    // First place: the manager adds a pipeline candidate from the candidate page.
    await manager.goto(urlFor('acme.hr.localhost', `/manager/candidate/${first.id}`));
    await manager.getByLabel('Add to an event').selectOption(eventId);
    await manager.getByRole('button', { name: 'Add to event' }).click();
    await manager.getByRole('region', { name: 'Notifications' }).getByText('Added to the event').waitFor();

    // Second place: the demo candidate registers on the apply site, answering the event's question.
    const apply = await decidedContext();
    const candidate = await openPage(apply, 'acme.localhost', `/event/${eventId}`);
    await heading(candidate, TITLE);
    await candidate.getByText('1 place left', { exact: false }).first().waitFor();
    await candidate.getByRole('link', { name: 'Sign in to register' }).click();
    await signIn(candidate, 'candidate@acme.example');
    await heading(candidate, TITLE);
    await candidate.getByLabel('How did you hear about this event?').selectOption({ label: 'Social media' });
    await expectAxeClean(candidate, '/event/:id registration');
    await candidate.getByRole('button', { name: 'Register' }).click();
    await candidate.getByRole('heading', { name: 'You have a place' }).waitFor({ timeout: 15_000 });

    // Third: a new candidate creates an account from the event page; the event is full, so the waiting list.
    const newcomer = await decidedContext();
    const joining = await openPage(newcomer, 'acme.localhost', `/event/${eventId}`);
    await heading(joining, TITLE);
    await joining.getByRole('link', { name: 'Create an account to register' }).click();
    await heading(joining, 'Create an account');
    await joining.getByLabel('First name').fill('Wren');
    await joining.getByLabel('Last name').fill('Waiting');
    await joining.getByLabel('Email address').fill(THIRD);
    await joining.getByLabel('Password', { exact: true }).fill('Sturdy-Otter#42');
    await joining.getByLabel('I accept the terms and conditions').check();
    await joining.getByRole('button', { name: 'Create account' }).click();
    await heading(joining, 'Check your email');
    await joining.goto(linkIn(await nextMessage(THIRD, seen), '/verify/'));
    await heading(joining, TITLE);
    await joining.getByText('This event is full.', { exact: false }).waitFor();
    await joining.getByLabel('How did you hear about this event?').selectOption({ label: 'Social media' });
    await joining.getByRole('button', { name: 'Join the waiting list' }).click();
    await joining.getByRole('heading', { name: 'You are on the waiting list' }).waitFor({ timeout: 15_000 });
    expect((await nextMessage(THIRD, seen)).subject).toBe(`You are on the waiting list: ${TITLE}`);

    // The candidate cancels; the third is promoted.
    await candidate.getByRole('button', { name: 'Cancel my place' }).click();
    await candidate.getByText('You cancelled your place', { exact: false }).waitFor({ timeout: 15_000 });
    expect((await nextMessage(THIRD, seen)).subject).toBe(`A place is now yours: ${TITLE}`);
    await joining.reload();
    await joining.getByRole('heading', { name: 'You have a place' }).waitFor({ timeout: 15_000 });
    const staff = await openPage(hr, 'acme.hr.localhost', `/event/${eventId}/check-in`);
    await heading(staff, `Check-in: ${TITLE}`);
    await staff.getByText('2 of 2 places taken').waitFor();
    const thirdRow = staff.getByRole('row').filter({ hasText: THIRD });
    await thirdRow.getByRole('button', { name: /as attended/ }).waitFor();

    // On a phone at the door, the third checks in through the QR page.
    const phone = await decidedContext({ viewport: { width: 390, height: 844 } });
    const door = await openPage(phone, 'acme.localhost', `/event/${eventId}/qr-check-in`);
    await heading(door, `Check in: ${TITLE}`);
    await door.getByLabel('Email address').fill(THIRD);
    await expectAxeClean(door, '/event/:id/qr-check-in');
    await door.getByRole('button', { name: 'Check in' }).click();
    await heading(door, 'You are checked in');
    const overflow = await door.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // Staff see it (the list refreshes itself) and mark the other No show.
    await thirdRow.getByText('Attended', { exact: true }).first().waitFor({ timeout: 15_000 });
    const firstRow = staff.getByRole('row').filter({ hasText: first.email! });
    await firstRow.getByRole('button', { name: /as no show/ }).click();
    await firstRow.getByRole('button', { name: /as no show/, pressed: true }).waitFor();
    await expectAxeClean(staff, '/event/:id/check-in');

    // The candidate page shows it, and the search finds them by attendance.
    await staff.goto(urlFor('acme.hr.localhost', `/manager/candidate/${first.id}`));
    await staff.getByRole('heading', { name: 'Events' }).waitFor();
    await staff.getByText(TITLE).first().waitFor();
    await expect
      .poll(() => staff.locator('section', { hasText: TITLE }).getByText('No show').count())
      .toBeGreaterThan(0);
    // The list opens on the first candidate's stage tab.
    const search = JSON.stringify({
      filters: { eventIds: [eventId], attendance: ['No show'] },
      stageId: first.stageId,
      substageId: first.substageId,
    });
    await staff.goto(urlFor('acme.hr.localhost', `/manager/search?search=${encodeURIComponent(search)}`));
    await staff.getByText(first.email!, { exact: true }).first().waitFor({ timeout: 15_000 });
    // The list may show the stage tab before the filtered answer arrives: wait for the filter to take effect.
    // Emails, not names: two demo candidates may share a name.
    await expect.poll(() => staff.getByText(other.email!, { exact: true }).count(), { timeout: 15_000 }).toBe(0);
    await expectAxeClean(staff, '/manager/search attendance filter');

    await Promise.all([hr.close(), apply.close(), newcomer.close(), phone.close()]);
  }, 180_000);
});
