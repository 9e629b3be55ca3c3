import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, openPage, seriousViolations, urlFor } from './support/browser';
import { hiringToken } from './support/api';
import { linkIn, nextMessage, type OutboxMessage } from './support/outbox';

/*
 * Communications (issue 16), one journey on hartley (no other e2e file moves its candidates): a
 * manager writes an email template sent on moves to a stage and an SMS template, each with a
 * placeholder from the picker, previews them with a real candidate, bulk-moves three candidates to
 * that stage (the dialog says the email will go), sees it in a candidate's contact history, and the
 * outbox holds the three emails, each in its candidate's language: one of the three resets their password and
 * signs in in Traditional Chinese first, so their email comes from the template's Chinese text. Candidates are
 * found by email.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'CandidDemo#2026';
const HR = 'hartley.hr.localhost';
const TARGET_STAGE = 11;

interface Listed {
  id: string;
  name: string;
  email: string | null;
  roleId: string;
  roleName: string;
  stageId: number | null;
  stageStatus: string | null;
}

/** Three demo candidates of one hartley role who can be moved to the target stage and may be emailed. */
async function threeCandidates(): Promise<Listed[]> {
  const token = await hiringToken('hartley', 'recruiter@hartley.example', PASSWORD);
  const search = await fetch(
    urlFor('127.0.0.1', '/api/v1/search/candidate/hartley?subdomain=hartley&resultsPerPage=100'),
    {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ filters: { stageId: 1 } }),
    },
  );
  const movable = ((await search.json()) as { content: Listed[] }).content.filter(
    (c) => c.email && !/REJECTED|ANON/.test(c.email) && c.stageStatus === 'PENDING',
  );
  const group = movable
    .map((c) => movable.filter((other) => other.roleId === c.roleId))
    .find((list) => list.length >= 3);
  if (!group) throw new Error('hartley has no role with three movable candidates at stage 1');
  return group.slice(0, 3);
}

/**
 * A demo candidate (who has no password) sets one through the emailed reset link and signs in in `language`, as
 * they would from the site in that language: the server remembers it as the language of their emails.
 */
async function signInIn(language: string, email: string, seen: Set<string>): Promise<void> {
  const api = (path: string, body: Record<string, string>, type = 'application/json') =>
    fetch(urlFor('127.0.0.1', `/api${path}?subdomain=hartley`), {
      method: 'POST',
      headers: { 'content-type': type, 'accept-language': language },
      body: type === 'application/json' ? JSON.stringify(body) : new URLSearchParams(body).toString(),
    });
  expect((await api('/public/forgot', { email })).status).toBe(200);
  const token = new URL(linkIn(await nextMessage(email, seen), '/reset-password/')).pathname.split('/').at(-1)!;
  expect((await api('/public/reset', { token, newPassword: PASSWORD })).status).toBe(200);
  const signIn = { grant_type: 'password', username: email, password: PASSWORD, client_id: 'web', scope: 'write' };
  expect((await api('/oauth/token', signIn, 'application/x-www-form-urlencoded')).status).toBe(200);
}

async function expectAxeClean(page: Page, where: string): Promise<void> {
  expect(await seriousViolations(page), where).toEqual([]);
}

/** Fills a field, puts the cursor at its end and inserts a placeholder from the picker. */
async function writeWithPlaceholder(page: Page, label: string, text: string, placeholder: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.fill(text);
  await field.press('End');
  await page.getByRole('button', { name: `Insert the ${placeholder}` }).click();
}

async function previewWith(page: Page, email: string): Promise<string> {
  await page.getByLabel('Find a candidate').fill(email);
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await page.getByRole('button', { name: 'Show preview' }).click();
  const preview = page.getByTestId('message-preview');
  await preview.waitFor();
  return (await preview.textContent()) ?? '';
}

describe('communications', () => {
  it('templates with placeholders, previews, a bulk move that sends the stage email, the contact history and the outbox', async () => {
    const people = await threeCandidates();
    const [first, , chinese] = people as [Listed, Listed, Listed];
    const seen = new Set<string>();
    await signInIn('zh-Hant', chinese.email!, seen);
    const context = await newContext(browser);
    await context.addInitScript(() => window.localStorage.setItem('acceptCookies', 'false'));
    const page = await openPage(context, HR, '/login?redirect=%2Fmanager%2Fcommunications%2Fnew');
    await page.getByLabel('Email address').fill('recruiter@hartley.example');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create a template' }).waitFor({ timeout: 15_000 });

    // The email, sent on moves to the target stage.
    await page.getByLabel('Name', { exact: true }).fill('E2E next steps');
    await page.getByLabel('Send automatically when candidates move to').selectOption(String(TARGET_STAGE));
    await writeWithPlaceholder(page, 'Subject (English)', 'Next steps: ', 'role');
    await writeWithPlaceholder(page, 'Message (English)', '<p>Dear ', 'candidate’s name');
    await writeWithPlaceholder(page, 'Subject (繁體中文)', '下一步：', 'role');
    await writeWithPlaceholder(page, 'Message (繁體中文)', '<p>親愛的 ', 'candidate’s name');
    const shown = await previewWith(page, first.email!);
    expect(shown).toContain(`Next steps: ${first.roleName}`);
    expect(shown).toContain(`Dear ${first.name}`);
    await expectAxeClean(page, 'template editor with a preview');
    await page.getByRole('button', { name: 'Create template' }).click();
    await page.getByRole('heading', { level: 1, name: 'E2E next steps' }).waitFor();

    // The SMS, with its live count.
    await page.goto(urlFor(HR, '/manager/communications/new'));
    await page.getByRole('heading', { level: 1, name: 'Create a template' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('E2E reminder');
    await page.getByLabel('Sent by').selectOption('SMS');
    await writeWithPlaceholder(page, 'Text message (English)', 'Hello ', 'candidate’s name');
    await page.getByText('27 characters: sent as 1 SMS').waitFor();
    expect(await previewWith(page, first.email!)).toContain(`Hello ${first.name}`);
    await page.getByRole('button', { name: 'Create template' }).click();
    await page.getByRole('heading', { level: 1, name: 'E2E reminder' }).waitFor();

    // The three, by id, in their role's list: select the page and move them; the dialog names the email.
    const search = JSON.stringify({ roleId: first.roleId, filters: { ids: people.map((p) => p.id) }, stageId: 1 });
    await page.goto(urlFor(HR, `/manager/search?search=${encodeURIComponent(search)}`));
    for (const person of people) await page.getByText(person.email!, { exact: true }).first().waitFor();
    await page.getByRole('checkbox', { name: 'Select all candidates on this page' }).check();
    await page.getByLabel('Move to stage').selectOption(String(TARGET_STAGE));
    await page.getByRole('button', { name: 'Move selected' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('This move sends the message “E2E next steps” to the candidates moved.').waitFor();
    await expectAxeClean(page, 'bulk move dialog');
    await dialog.getByRole('button', { name: 'Move 3 candidates' }).click();
    await page.getByText(/3 candidates moved/).waitFor();

    // Each in its candidate's language: the third signed in in Traditional Chinese, the others never chose one.
    const emails = await Promise.all(people.map((person) => nextMessage(person.email!, seen)));
    const [english, , inChinese] = emails as [OutboxMessage, OutboxMessage, OutboxMessage];
    for (const [i, email] of emails.entries())
      expect(email.subject, people[i]!.email!).toMatch(email === inChinese ? /^下一步：/ : /^Next steps: /);
    expect(english.subject).toBe(`Next steps: ${first.roleName}`);
    expect(english.body).toContain(`Dear ${first.name}`);
    expect(inChinese.body).toContain(`親愛的 ${chinese.name}`);
    expect(inChinese.body).not.toContain('Dear ');

    // The candidate page's contact history.
    await page.goto(urlFor(HR, `/manager/candidate/${first.id}`));
    const messages = page.getByRole('region', { name: 'Messages sent' });
    await messages.getByRole('button', { name: 'Show messages sent to the candidate' }).click();
    await messages.getByText(`Email: Next steps: ${first.roleName}`).waitFor();
    await messages
      .getByText(/^Sent .* by /)
      .first()
      .waitFor();
    await expectAxeClean(page, 'candidate page with its messages');
    await context.close();
  });
});
