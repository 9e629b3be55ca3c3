import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';
import { decidedContext, expectAxeClean, heading } from './support/journey';

/*
 * Client organisations (issue 15 part A): the platform admin creates an organisation through /clients, and its
 * new subdomain serves its careers page at once, with no restart and no file edited.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'CandidDemo#2026';

describe('client organisations', () => {
  it('the platform admin creates an organisation in the UI; its subdomain serves its careers page at once', async () => {
    const context = await decidedContext(browser);
    const page = await openPage(context, 'acme.hr.localhost', '/clients');
    await heading(page, 'Sign in');
    await page.getByLabel('Email address').fill('admin@candid.example');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await heading(page, 'Clients');
    await page.getByRole('link', { name: 'Acme Consulting', exact: true }).waitFor();
    await expectAxeClean(page, '/clients');

    await page.getByRole('link', { name: 'Create an organisation' }).click();
    await heading(page, 'Create an organisation');
    // A subdomain the product keeps for itself is refused at its field.
    await page.getByLabel('Organisation name').fill('Harbour Logistics');
    await page.getByLabel('Subdomain').fill('hr');
    await page.getByRole('button', { name: 'Create organisation' }).click();
    await page
      .getByRole('alert')
      .getByText(/kept for the product/)
      .waitFor();
    await expectAxeClean(page, '/clients/new with an error');

    await page.getByLabel('Subdomain').fill('harbour');
    await page.getByLabel('Region').selectOption('OZ');
    await page.getByRole('checkbox', { name: /Français/ }).check();
    await page.getByLabel('Session timeout in minutes (optional)').fill('30');
    // A button ignores clicks for 1 s after a click (spec §5); a person takes longer than that to mend a field.
    await page.waitForTimeout(1_000);
    await page.getByRole('button', { name: 'Create organisation' }).click();
    await heading(page, /Harbour Logistics/);
    await page
      .getByRole('link', { name: /harbour\.localhost/ })
      .first()
      .waitFor();
    await expectAxeClean(page, '/clients/:id');
    // At 390 px the page scrolls down only: its tables scroll inside their own box.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Its careers site, on its own host, straight away.
    const site = await openPage(context, 'harbour.localhost', '/');
    await heading(site, 'Careers at Harbour Logistics');
    await expect.poll(() => site.title()).toBe('Harbour Logistics Apply');
    await expectAxeClean(site, 'harbour.localhost/');
    await context.close();
  });
});
