import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, urlFor } from './support/browser';
import { hiringToken } from './support/api';
import { decidedContext, expectAxeClean, heading } from './support/journey';
import { selectOption, tabTo } from './support/keyboard';

/*
 * The hiring workspace (issue 18, decisions 0066 and 0067) on acme's "Industrial Placement Year, Technology": no
 * other e2e file moves its candidates (manager.e2e.ts works on Spring Insight Week). At 1280 × 800 at least 15
 * rows show whole, each with name, stage, status, score and the role's answers; a manager screens ten candidates
 * by keyboard alone; at 390 px the page does not scroll sideways.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'CandidDemo#2026';
const ROLE = 'Industrial Placement Year, Technology';

/** The role's id, read through the API as the manager. */
async function roleId(): Promise<string> {
  const token = await hiringToken('acme', 'recruiter@acme.example', PASSWORD);
  const roles = await fetch(urlFor('127.0.0.1', '/api/v1/roles?subdomain=acme&status=ACTIVE&resultsPerPage=100'), {
    headers: { authorization: `Bearer ${token}` },
  });
  const list = ((await roles.json()) as { content: Array<{ id: string; name: string }> }).content;
  const role = list.find((r) => r.name === ROLE);
  if (!role) throw new Error(`acme has no active role ${ROLE}`);
  return role.id;
}

/** The role's applicants at its first stage (all substages), with its answer columns. */
const listPath = (id: string) =>
  `/manager/search?list=candidatesx&search=${encodeURIComponent(JSON.stringify({ roleId: id, stageId: 1 }))}`;

async function signIn(page: Page): Promise<void> {
  await heading(page, 'Sign in');
  await page.getByLabel('Email address').fill('recruiter@acme.example');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

describe('the hiring workspace', () => {
  it('15 rows in view at 1280 × 800; ten candidates screened by keyboard alone; no sideways scroll at 390 px', async () => {
    const id = await roleId();
    const context = await decidedContext(browser);
    const page = await openPage(context, 'acme.hr.localhost', `/login?redirect=${encodeURIComponent(listPath(id))}`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page);
    await heading(page, new RegExp(ROLE));
    const rows = page.locator('tbody tr[data-row-id]');
    await rows.nth(14).waitFor();

    // Every one of the first 15 rows whole in the window, its name, stage, status, score and the role's first answers
    // in sight beside the open filter panel (the role's listFields begin with the first and last name).
    const headers = await page.locator('thead th').allTextContents();
    const column = (label: string) => headers.findIndex((h) => h.startsWith(label));
    const wanted = ['Name', 'Stage', 'Status', 'Score', 'First name', 'Last name'].map((label) => {
      const index = column(label);
      expect(index, `${label} in ${headers.join(' | ')}`).toBeGreaterThan(0);
      return index;
    });
    const boxes = await rows.evaluateAll(
      (trs, cells) =>
        trs.slice(0, 15).map((tr) => {
          const region = tr.closest('[role="region"]')!.getBoundingClientRect();
          const row = tr.getBoundingClientRect();
          const shown = cells.every((i) => {
            const cell = (tr as HTMLTableRowElement).cells[i]!.getBoundingClientRect();
            return cell.left >= region.left && cell.right <= Math.min(region.right, window.innerWidth);
          });
          return { top: row.top, bottom: row.bottom, shown, text: (tr as HTMLElement).innerText };
        }),
      wanted,
    );
    for (const box of boxes) {
      expect(box.top, box.text).toBeGreaterThanOrEqual(0);
      expect(box.bottom, box.text).toBeLessThanOrEqual(800);
      expect(box.shown, box.text).toBe(true);
    }
    await expectAxeClean(page, '/manager/search, dense');

    // The shortcuts, from ?.
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    await expectAxeClean(page, 'shortcut help');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });

    // Ten candidates: j moves down, x selects; k and the arrows move too.
    const names: string[] = [];
    await page.keyboard.press('j');
    for (let i = 0; i < 10; i += 1) {
      names.push(await focusedText(page));
      await page.keyboard.press('x');
      await page.keyboard.press(i % 2 === 0 ? 'j' : 'ArrowDown');
    }
    expect(new Set(names).size).toBe(10);
    await page.getByText('10 candidates selected.').waitFor();
    await page.keyboard.press('k');
    await page.keyboard.press('ArrowUp');
    expect(await focusedText(page)).toBe(names[8]);

    // Enter opens the candidate; Back to candidates returns to the same row with the ten still selected.
    await page.keyboard.press('Enter');
    await heading(page, names[8]!);
    await tabTo(page, page.getByRole('link', { name: 'Back to candidates' }), 60);
    await page.keyboard.press('Enter');
    await heading(page, new RegExp(ROLE));
    await expect.poll(() => focusedText(page)).toBe(names[8]);
    await page.getByText('10 candidates selected.').waitFor();
    await expectAxeClean(page, '/manager/search with ten selected');

    // m: to the move; the ten move on after a confirmation.
    await page.keyboard.press('m');
    await selectOption(page, page.getByLabel('Move to stage'), 'For review');
    await tabTo(page, page.getByRole('button', { name: 'Move selected' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Move 10 candidates to For review?' });
    await dialog.waitFor();
    await tabTo(page, dialog.getByRole('button', { name: 'Move 10 candidates' }));
    await page.keyboard.press('Enter');
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByText('10 candidates moved to For review')
      .waitFor({ timeout: 15_000 });
    for (const name of names) await expect.poll(() => page.getByRole('link', { name, exact: true }).count()).toBe(0);

    // A phone: the page scrolls down only (the table in its own box), the navigation behind Menu.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await page.getByRole('navigation', { name: 'Hiring' }).getByRole('link', { name: 'Roles' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAxeClean(page, '/manager/search at 390 px, menu open');
    await context.close();
  }, 60_000);
});
