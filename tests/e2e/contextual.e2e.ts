import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, openPage, seriousViolations } from './support/browser';
import { codeIn, nextMessage } from './support/outbox';

/*
 * Contextual recruitment (issue 17 part B), read-only on the contextual demo organisation
 * (northbridge): a manager filters by a flag and a Performance Index range, opens a candidate
 * and reads why the flag is set. Nothing is changed, so other files' demo data stays as it was.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const HR = 'hr@northbridge.example';

const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });

describe('contextual recruitment', () => {
  it('filter by free school meals and a PI range, open a candidate, read why the flag is set; axe clean', async () => {
    const context = await newContext(browser);
    await context.addInitScript(() => window.localStorage.setItem('acceptCookies', 'false'));
    const page = await openPage(context, 'northbridge.hr.localhost', '/manager/search');
    await heading(page, 'Sign in');
    await page.getByLabel('Email address').fill(HR);
    await page.getByLabel('Password', { exact: true }).fill('CandidDemo#2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await heading(page, 'Enter your sign-in code');
    await page.getByLabel('Sign-in code').fill(codeIn(await nextMessage(HR, new Set())));
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByText('Contextual data', { exact: true }).click();
    await page.getByRole('checkbox', { name: 'Free school meals' }).check();
    await page.getByLabel('PI from').fill('100');
    await page.getByLabel('PI to').fill('400');
    const filtered = page.waitForResponse(
      (r) => r.url().includes('/search/candidate') && (r.request().postData() ?? '').includes('FREE_SCHOOL_MEALS'),
    );
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await filtered;
    await expect.poll(() => new URL(page.url()).searchParams.get('search') ?? '').toContain('FREE_SCHOOL_MEALS');
    // The list opens at a stage; go to the first stage with a match.
    const withMatches = page.getByRole('navigation', { name: 'Stages' }).getByRole('link', { name: /\([1-9]\d*\)$/ });
    await withMatches.first().waitFor({ timeout: 15_000 });
    await withMatches.first().click();
    const candidate = page.locator('table a[href*="/manager/candidate/"]').first();
    await candidate.waitFor({ timeout: 15_000 });
    expect(await seriousViolations(page), '/manager/search with contextual filters').toEqual([]);

    await candidate.click();
    const section = page.getByRole('region', { name: 'Contextual data' });
    await section
      .getByText('Answered “Yes” to the question about free school meals (or family income support).')
      .waitFor({ timeout: 15_000 });
    await expect.poll(() => section.getByText(/% (above|below)\)$/).count()).toBe(1);
    expect(await seriousViolations(page), '/manager/candidate/:id contextual').toEqual([]);
    await context.close();
  });
});
