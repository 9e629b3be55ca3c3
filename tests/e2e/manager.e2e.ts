import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, openPage, seriousViolations } from './support/browser';

/*
 * The hiring pipeline (issue 6): a manager on the demo HR host filters a role by stage and
 * university group, selects three candidates, bulk-moves them to 'At interview', scores one, adds
 * a note, moves and undoes, exports CSV; the candidate's own /applications then shows the new
 * stage. The demo pipeline (seeded at start) puts the demo candidate, Casey Candidate, at stage 1
 * of acme's first role with a Russell Group university.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'CandidDemo#2026';
const ROLE = 'Spring Insight Week';
const CASEY = 'Casey Candidate';

async function decidedContext(): Promise<BrowserContext> {
  const context = await newContext(browser, { acceptDownloads: true });
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

/** A message with this text anywhere on the page (a toast or a message beside the form). */
const notice = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor({ timeout: 15_000 });

/** A toast with this text, in the notifications live region. */
const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('region', { name: 'Notifications' }).getByText(text).first().waitFor({ timeout: 15_000 });

describe('hiring pipeline', () => {
  it('filter by stage and university group, bulk move three, score, note, move and undo, export CSV; the candidate sees the new stage', async () => {
    const context = await decidedContext();
    const page = await openPage(context, 'acme.hr.localhost', '/manager/roles');
    await signIn(page, 'hr@acme.example');

    // The role list, with applications per stage.
    await heading(page, /roles/i);
    await expectAxeClean(page, '/manager/roles');
    await page
      .getByRole('link', { name: new RegExp(`^Candidates.*${ROLE}`) })
      .first()
      .click();
    await heading(page, new RegExp(ROLE));

    // Stage 'Applied', then Russell Group graduates only.
    const stageTabs = page.getByRole('navigation', { name: 'Stages' });
    await stageTabs.getByRole('link', { name: /^Applied/ }).click();
    await page.getByText('Education', { exact: true }).click();
    await page.getByRole('checkbox', { name: 'Russell Group', exact: true }).check();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('search') ?? '').toContain('RUSSELL');
    const rows = page.getByRole('row').filter({ has: page.getByRole('checkbox') });
    await page.getByRole('checkbox', { name: `Select ${CASEY}` }).waitFor();
    await expectAxeClean(page, '/manager/search filtered');

    // Three candidates, Casey among them, to 'At interview' after a confirmation that counts them.
    await page.getByRole('checkbox', { name: `Select ${CASEY}` }).check();
    const others = rows.filter({ hasNotText: CASEY });
    const picked: string[] = [CASEY];
    for (let i = 0; picked.length < 3; i += 1) {
      const box = others.nth(i).getByRole('checkbox');
      const label = (await box.getAttribute('aria-label')) ?? '';
      if (!label.startsWith('Select ') || label.startsWith('Select all')) continue;
      const name = label.slice('Select '.length);
      await box.check();
      picked.push(name);
    }
    await page.getByLabel('Move to stage').selectOption({ label: 'At interview' });
    await page.getByRole('button', { name: 'Move selected' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Move 3 candidates to At interview?' }).waitFor();
    await expectAxeClean(page, 'bulk move confirmation');
    await dialog.getByRole('button', { name: 'Move 3 candidates' }).click();
    await toast(page, '3 candidates moved to At interview');
    for (const name of picked)
      await expect.poll(() => page.getByRole('checkbox', { name: `Select ${name}` }).count()).toBe(0);

    // Casey's page, reached from the 'At interview' tab.
    await stageTabs.getByRole('link', { name: /^At interview/ }).click();
    await page.getByRole('link', { name: CASEY }).click();
    await heading(page, CASEY);
    await expectAxeClean(page, '/manager/candidate/:id');

    // A score for the interview stage.
    await page.getByLabel('Stage to score').selectOption({ label: 'At interview' });
    await page.getByLabel('Communication', { exact: true }).fill('4');
    await page.getByRole('button', { name: 'Save scores' }).click();
    await notice(page, /Scores for At interview saved/);

    // A note.
    await page.getByLabel('Add a note').fill('Strong case-study answers; invite to the assessment centre.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await notice(page, 'Note added');
    await page.getByText('Strong case-study answers; invite to the assessment centre.').waitFor();

    // A move on, then undone: back at interview.
    const moveSection = page.getByRole('region', { name: 'Move' });
    await moveSection.getByLabel('Stage', { exact: true }).selectOption({ label: 'At assessment centre' });
    await moveSection.getByRole('button', { name: 'Move candidate' }).click();
    await notice(page, /Moved to At assessment centre/);
    await moveSection.getByRole('button', { name: 'Undo last move' }).click();
    await notice(page, /Move undone: back in At interview/);
    await page.getByRole('region', { name: 'History' }).getByText('(undone)').waitFor();

    // Back to the same list, then a CSV of the page.
    await page.getByRole('link', { name: 'Back to candidates' }).click();
    await heading(page, new RegExp(ROLE));
    await page.getByRole('checkbox', { name: `Select ${CASEY}` }).check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    await toast(page, 'export successful (downloading csv file)');
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split(/\r?\n/)[0]).toMatch(/name/i);
    expect(csv).toContain(CASEY.split(' ')[0]);
    await context.close();

    // The candidate sees the new stage as their status.
    const candidate = await decidedContext();
    const own = await openPage(candidate, 'acme.localhost', '/applications');
    await signIn(own, 'candidate@acme.example');
    await heading(own, /applications/i);
    const card = own.getByRole('listitem').filter({ has: own.getByRole('heading', { name: ROLE }) });
    await card.getByText('Interview', { exact: true }).waitFor();
    await expectAxeClean(own, '/applications after the move');
    await candidate.close();
  }, 120_000);
});
