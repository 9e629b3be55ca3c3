import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, FileChooser, Locator, Page } from 'playwright-core';
import { launchBrowser, newContext, openPage, seriousViolations, urlFor } from './support/browser';
import { demoOrganizations } from './support/demo';
import { chooseRadio, pressButton, pressContinue, selectOption, tabTo, typeInto } from './support/keyboard';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function decidedContext(): Promise<BrowserContext> {
  const context = await newContext(browser);
  await context.addInitScript(() => window.localStorage.setItem('acceptCookies', 'false'));
  return context;
}

/**
 * Opens a file input's chooser with Tab and Space. The step may still be settling when Space is pressed (focus moved
 * by a late render), so it tries again, up to three times, before failing.
 */
async function chooseFileByKeyboard(page: Page, input: Locator): Promise<FileChooser> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await tabTo(page, input);
    const opened = page.waitForEvent('filechooser', { timeout: 5_000 }).catch(() => null);
    await page.keyboard.press('Space');
    const chooser = await opened;
    if (chooser) return chooser;
  }
  throw new Error('The file chooser did not open from the keyboard');
}

describe('configuration-driven forms on /ui', () => {
  for (const org of demoOrganizations()) {
    it(`${org.subdomain}: the demo application is compiled from its own configuration`, async () => {
      const context = await decidedContext();
      const page = await openPage(context, `${org.subdomain}.localhost`, '/ui/application');
      await page.getByRole('heading', { level: 1, name: `Demo application: ${org.name}` }).waitFor();
      const tasks = page.getByRole('list', { name: 'Sections of your application' });
      const steps = await tasks.getByRole('link').allTextContents();
      expect(steps.length).toBeGreaterThan(2);
      if (org.edition === 'contextual') expect(steps).toContain('Your background');
      else expect(steps).not.toContain('Your background');
      if (org.subdomain === 'meridian') expect(steps).not.toContain('Equal opportunities');
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }

  it('acme in Welsh: step titles come from its translation', async () => {
    const context = await decidedContext();
    const page = await openPage(context, 'acme.localhost', '/ui/application?language=cy');
    const tasks = page.getByRole('list', { name: 'Adrannau eich cais' });
    await tasks.getByRole('link', { name: 'Amdanoch chi' }).waitFor();
    expect(await tasks.getByRole('link').allTextContents()).toContain('Datganiad');
    await page.getByRole('link', { name: "Gwirio'ch atebion a chyflwyno" }).waitFor();
    await context.close();
  });

  it('the widget gallery shows every question type, axe clean', async () => {
    const context = await decidedContext();
    const page = await openPage(context, 'northbridge.localhost', '/ui/widgets');
    await page.getByRole('heading', { level: 1, name: 'Every question type' }).waitFor();
    await page.getByRole('combobox', { name: /Secondary school/ }).waitFor();
    expect(
      await page
        .getByRole('group', { name: /A date/ })
        .getByRole('textbox')
        .count(),
    ).toBe(3);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('acme: a step validates under a CSP without unsafe-eval, with validators the server compiled (decision 0076)', async () => {
    const context = await decidedContext();
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const page = await context.newPage();
    const modules: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/form-validators/')) modules.push(response.headers()['content-type'] ?? '');
    });
    const opened = await page.goto(urlFor('acme.localhost', '/ui/application'));
    const csp = opened?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    const tasks = page.getByRole('list', { name: 'Sections of your application' });
    await tabTo(page, tasks.getByRole('link', { name: 'About you' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'About you' }).waitFor();
    await pressContinue(page);
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await summary.getByRole('link', { name: 'Enter first name' }).waitFor();
    expect(modules).toEqual([expect.stringMatching(/^text\/javascript/)]);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    await context.close();
  });

  it('meridian: the whole application is completed with the keyboard alone, and the server agrees', async () => {
    const context = await decidedContext();
    const page = await openPage(context, 'meridian.localhost', '/ui/application');
    const tasks = page.getByRole('list', { name: 'Sections of your application' });
    await tasks.waitFor();

    // About you: Continue with nothing shows the error summary, which takes focus and links to fields.
    await tabTo(page, tasks.getByRole('link', { name: 'About you' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'About you' }).waitFor();
    await pressContinue(page);
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await summary.waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest('[data-error-summary]') !== null)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    // A question with an error gives its input the error colour's border, and its group the red bar on its left, the
    // colour of its inline message (CSS from the message and the input's aria-invalid, decision 0090).
    const [input, bar, message] = await page.evaluate(() => {
      const error = document.getElementById('field_firstName-error')!;
      return [
        getComputedStyle(document.getElementById('field_firstName')!).borderTopColor,
        getComputedStyle(error.parentElement!).borderLeftColor,
        getComputedStyle(error).color,
      ];
    });
    expect([input, bar]).toEqual([message, message]);
    await tabTo(page, summary.getByRole('link', { name: 'Enter first name' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('field_firstName');

    await page.keyboard.type('Grace');
    await typeInto(page, page.getByLabel('Last name', { exact: true }), 'Hopper');
    await typeInto(page, page.getByLabel('Email address'), 'grace@meridian.example');
    // meridian is in the Gulf (decision 0034): an international mobile, and the region's right-to-work question.
    await typeInto(page, page.getByLabel('Mobile number'), '+971 50 123 4567');
    await chooseRadio(page, page.getByRole('group', { name: /^Right to work/ }), 'Other');
    await typeInto(page, page.getByLabel('Describe your right to work'), 'Frontier worker permit');
    await pressContinue(page);

    // Education: the one university a required group starts with, typed and chosen by keyboard.
    await page.getByRole('heading', { level: 1, name: 'Education' }).waitFor();
    const university = page.getByRole('group', { name: 'University 1' });
    await university.waitFor();
    await selectOption(page, university.getByLabel('Type of study'), 'Undergraduate');
    const name = university.getByRole('combobox', { name: /University/ });
    await typeInto(page, name, 'University of Lee');
    await page.getByRole('option', { name: 'University of Leeds' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => name.inputValue()).toBe('University of Leeds');
    await selectOption(page, university.getByLabel('Start year'), '2021');
    await selectOption(page, university.getByLabel('Graduation year', { exact: false }), '2024');
    await selectOption(page, university.getByLabel('Degree', { exact: true }), 'BSc');
    await typeInto(page, university.getByRole('combobox', { name: /Subject/ }), 'Mathematics');
    await page.keyboard.press('Escape');
    await selectOption(page, university.getByLabel('Degree result'), 'GPA 3.7 to 4.0 or equivalent');
    await pressContinue(page);

    // Documents: the file chooser opens from the keyboard.
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
    const cv = page.getByLabel('CV', { exact: true });
    const chooser = await chooseFileByKeyboard(page, cv);
    await chooser.setFiles({ name: 'grace-cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 demo') });
    await page.getByText('grace-cv.pdf').first().waitFor();
    await pressContinue(page);

    await page
      .getByRole('heading', { level: 1 })
      .filter({ hasText: /Additional questions|Questions/ })
      .waitFor();
    await typeInto(page, page.getByLabel('Employee number'), 'E12345');
    await typeInto(page, page.getByLabel('Current team'), 'Grid operations');
    await pressContinue(page);

    await page.getByRole('heading', { level: 1, name: 'Declaration' }).waitFor();
    await tabTo(page, page.getByRole('checkbox', { name: /I accept the terms/ }));
    await page.keyboard.press('Space');
    await pressContinue(page);

    // Check answers, then submit: the server validates the same answers.
    await page
      .getByRole('heading', { level: 1, name: 'Check your answers before submitting your application' })
      .waitFor();
    await page.getByText('Frontier worker permit').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await pressButton(page, page.getByRole('button', { name: 'Submit application' }));
    await page.getByText('The server accepted every answer.').waitFor();
    await context.close();
  });
});
