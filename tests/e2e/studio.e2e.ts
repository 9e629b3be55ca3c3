import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, openPage, seriousViolations } from './support/browser';

/*
 * The configuration studio (issue 15, decisions 0042 and 0043): hartley's admin adds a custom question, sees the
 * engine's problem at the question's label (and in the error summary, whose link takes them there), fixes it, sees it
 * in the live preview (the check-answers page and the candidate panel too), publishes; the candidate side's
 * application form then asks it; unticking the hiring side's Reports takes Reports out of the navigation. Hartley: no
 * other e2e file uses it, so the change cannot reach another journey running beside this one.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'CandidDemo#2026';
const QUESTION = 'Which practice group interests you most?';

async function expectAxeClean(page: Page, where: string): Promise<void> {
  expect(await seriousViolations(page), where).toEqual([]);
}

describe('configuration studio', () => {
  it('adds a custom question, shows its problem at its field, publishes it; the candidate form asks it', async () => {
    const context = await newContext(browser);
    await context.addInitScript(() => window.localStorage.setItem('acceptCookies', 'false'));
    const page = await openPage(context, 'hartley.hr.localhost', '/manager/studio');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor({ timeout: 15_000 });
    await page.getByLabel('Email address').fill('hr@hartley.example');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Configuration studio' }).waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { name: 'Preview' }).waitFor();
    await expectAxeClean(page, 'studio');

    // A new question has no label yet: the engine's problem shows at the label, and in the summary.
    await page.getByRole('button', { name: 'Add a custom question' }).click();
    const question = page.getByRole('group', { name: /^Question \d+: question1/ });
    const label = question.getByLabel('Label', { exact: true });
    await expect.poll(() => label.getAttribute('aria-invalid')).toBe('true');
    const summary = page.locator('[data-error-summary]');
    await summary.getByRole('link').first().waitFor();
    await expectAxeClean(page, 'studio with a problem');
    await page.getByRole('button', { name: 'Publish a new version' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-error-summary'))).toBe(true);
    await summary.getByRole('link', { name: /\/formConfiguration\/custom\/\d+\/label/ }).click();
    await expect.poll(() => label.evaluate((el) => el === document.activeElement)).toBe(true);

    // Fixed: the problem goes, the question is optional, and the preview asks it on its step.
    await label.fill(QUESTION);
    await expect.poll(() => label.getAttribute('aria-invalid')).toBeNull();
    await question.getByRole('checkbox', { name: 'Required' }).uncheck();
    expect(await summary.getByRole('link').count()).toBe(0);
    const preview = page.getByRole('region', { name: 'Preview' });
    // Step by step to the question's. Each edit is a new form whose validators the server compiles (decision 0076):
    // a step's questions show, with its Continue button, once they are here.
    for (let n = 1; n <= 10; n++) {
      await preview.getByText(new RegExp(`^Step ${n} of \\d+$`)).waitFor();
      await preview.getByRole('button', { name: 'Continue' }).waitFor();
      if (await preview.getByLabel(QUESTION).count()) break;
      await preview.getByRole('button', { name: 'Next step' }).click();
    }
    await preview.getByLabel(QUESTION).waitFor();

    await page.getByLabel('What changed').fill('A practice group question');
    await page.getByRole('button', { name: 'Publish a new version' }).click();
    await page.getByText('Version 2 published').first().waitFor({ timeout: 15_000 });
    // The check-answers page and the hiring side's panel, previewed with the demo candidate's answers.
    await preview.getByLabel('The check-answers page').check();
    await preview.getByRole('heading', { name: 'Check your answers before submitting your application' }).waitFor();
    await preview.getByText(QUESTION, { exact: true }).waitFor();
    await expectAxeClean(page, 'studio check-answers preview');
    await preview.getByLabel("The hiring side's candidate panel").check();
    await preview.getByRole('heading', { name: 'Alex Morgan' }).waitFor();
    await expect.poll(() => preview.locator('dt').count()).toBeGreaterThan(0);
    await expectAxeClean(page, 'studio candidate panel preview');

    await page.getByRole('button', { name: 'History' }).click();
    await page.getByRole('cell', { name: 'A practice group question' }).waitFor();
    await expectAxeClean(page, 'studio history');

    // The hiring side's reports turned off with a check box (decision 0078): Reports leaves the navigation.
    await page.getByRole('button', { name: 'Forms' }).click();
    expect(await page.getByRole('link', { name: 'Reports', exact: true }).count()).toBeGreaterThan(0);
    const features = page.getByRole('group', { name: 'Hiring-side features shown' });
    await features.getByRole('checkbox', { name: 'Reports', exact: true }).uncheck();
    await expectAxeClean(page, 'studio menus and hiring-side features');
    await page.getByLabel('What changed').fill('No reports');
    await page.getByRole('button', { name: 'Publish a new version' }).click();
    await page.getByText('Version 3 published').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByRole('link', { name: 'Reports', exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Search', exact: true }).count()).toBeGreaterThan(0);

    // At 390 px the studio fits the screen: nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Forms' }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The candidate side: the organisation's application form, compiled from what was published.
    const candidate = await openPage(context, 'hartley.localhost', '/ui/application');
    await candidate.getByRole('link', { name: 'Additional questions' }).first().click({ timeout: 15_000 });
    await candidate.getByLabel(QUESTION).waitFor({ timeout: 15_000 });
    await expectAxeClean(candidate, 'candidate form with the published question');
  });
});
