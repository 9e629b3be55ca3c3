import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, openPage, seriousViolations } from './support/browser';

/*
 * The report suite (issue 17 part A, decision 0048), read-only on connect's demo pipeline (no
 * other journey writes applications there): connect's hiring-manager admin opens the diversity
 * report for a role, then its efficiency report, downloads the CSV, and the print view shows the
 * same figures.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'CandidDemo#2026';

const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });

async function expectAxeClean(page: Page, where: string): Promise<void> {
  expect(await seriousViolations(page), where).toEqual([]);
}

describe('reports', () => {
  it('contextual, diversity and efficiency for a role, CSV download, and the print view with the same figures', async () => {
    const context = await newContext(browser, { acceptDownloads: true });
    await context.addInitScript(() => window.localStorage.setItem('acceptCookies', 'false'));
    const page = await openPage(context, 'connect.hr.localhost', '/manager/reports');
    await heading(page, 'Sign in');
    await page.getByLabel('Email address').fill('hr@connect.example');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // The first report (contextual) for the first role: flags and Performance Index by stage.
    await heading(page, 'Contextual report');
    await page.getByRole('group', { name: 'Roles' }).getByRole('checkbox').first().check();
    await page.getByRole('button', { name: 'Show report' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('roles') ?? '').toMatch(/^[0-9a-f-]{36}$/);
    const flags = page.getByRole('table', { name: 'Contextual flag by stage reached' });
    // Its rows may arrive after the table itself: wait for them.
    await expect.poll(() => flags.getByRole('row').count()).toBeGreaterThan(1);
    await expectAxeClean(page, 'contextual report');

    // Diversity for the same role.
    await page.getByLabel('Report', { exact: true }).selectOption('diversity');
    await page.waitForTimeout(1_000); // the click lock of the previous Show report (spec §5)
    await page.getByRole('button', { name: 'Show report' }).click();
    await heading(page, 'Diversity report');
    const gender = page.getByRole('table', { name: 'Gender by stage reached' });
    await expect.poll(() => gender.getByRole('row').count()).toBeGreaterThan(1);
    await expectAxeClean(page, 'diversity report');

    // Efficiency for the same role.
    await page.getByLabel('Report', { exact: true }).selectOption('efficiency');
    await page.waitForTimeout(1_000); // the click lock of the previous Show report (spec §5)
    await page.getByRole('button', { name: 'Show report' }).click();
    await heading(page, 'Efficiency report');
    const funnel = page.getByRole('table', { name: 'Drop-off funnel' });
    await funnel.waitFor();
    const figures = await funnel.innerText();
    expect(figures).toMatch(/Applied\s+\d+/);
    await expectAxeClean(page, 'efficiency report');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain('Drop-off funnel');
    expect(csv).toMatch(/Applied,\d+/);

    await page.getByRole('link', { name: 'Print view' }).click();
    await page.getByRole('link', { name: 'Back to the report' }).waitFor();
    expect(new URL(page.url()).searchParams.get('print')).toBe('1');
    const printed = page.getByRole('table', { name: 'Drop-off funnel' });
    await printed.waitFor();
    expect(await printed.innerText()).toBe(figures);
    expect(await page.getByRole('button', { name: 'Show report' }).count()).toBe(0);
    await expectAxeClean(page, 'print view');
    await context.close();
  });
});
