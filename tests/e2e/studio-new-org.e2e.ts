import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';
import { decidedContext, expectAxeClean, heading } from './support/journey';
import { linkIn, nextMessage } from './support/outbox';

/*
 * Issue 15, done when: a new client organisation is created, branded, given a form with a custom question, a second
 * language and a role entirely through the UI, and a candidate applies on its new subdomain with no restart.
 * Its own organisation (quayside), so nothing here reaches another journey's data.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ADMIN_PASSWORD = 'CandidDemo#2026';
const QUESTION = 'Which of our kitchens would you like to visit?';
const QUESTION_FR = 'Laquelle de nos cuisines aimeriez-vous visiter ?';
const ROLE = 'Quayside Graduate Trainee';
const HEADER = '#0b3d2e';
/**
 * A short application (the form layer's steps, edited in its JSON): about you, its questions, the declaration; the
 * sections left out are hidden, as the engine's check asks.
 */
const SHORT_FORM = {
  subsections: Object.fromEntries(
    ['secondaryEducation', 'sixthFormEducation', 'universityEducation', 'equalOpportunities', 'documents'].map((id) => [
      id,
      false,
    ]),
  ),
  views: {
    application: [
      { id: 'aboutYou', sections: ['personalInformation', 'rightToWork'] },
      { id: 'questions', sections: ['additionalQuestions'] },
      { id: 'declaration', sections: ['termsAndConditions'] },
    ],
  },
};

async function signInAsAdmin(page: Page): Promise<void> {
  await heading(page, 'Sign in');
  await page.getByLabel('Email address').fill('admin@candid.example');
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function createOrganization(context: BrowserContext): Promise<void> {
  const page = await openPage(context, 'acme.hr.localhost', '/clients/new');
  await signInAsAdmin(page);
  await heading(page, 'Create an organisation');
  await page.getByLabel('Organisation name').fill('Quayside Foods');
  await page.getByLabel('Subdomain').fill('quayside');
  await page.getByRole('checkbox', { name: /Français/ }).check();
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await heading(page, /Quayside Foods/);
}

/** The studio on the new organisation's own HR host: theme, the short form with a custom question, a role. */
async function configure(context: BrowserContext): Promise<void> {
  const page = await openPage(context, 'quayside.hr.localhost', '/manager/studio');
  await signInAsAdmin(page);
  await heading(page, 'Configuration studio');
  await page.getByRole('heading', { name: 'Preview' }).waitFor();

  await page.getByLabel('Form configuration (JSON)').fill(JSON.stringify(SHORT_FORM));
  await page.getByRole('button', { name: 'Add a custom question' }).click();
  const question = page.getByRole('group', { name: /^Question \d+: question1/ });
  await question.getByLabel('Label', { exact: true }).fill(QUESTION);
  // The second language: the preview offers it.
  const preview = page.getByRole('region', { name: 'Preview' });
  await preview.getByRole('radio', { name: 'Français' }).check();
  await preview.getByRole('heading', { name: 'À propos de vous' }).waitFor();

  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByLabel('Header colour').fill(HEADER);
  await page.getByLabel('What changed').fill('Quayside brand and a short form');
  await expectAxeClean(page, 'studio theme');
  await page.getByRole('button', { name: 'Publish a new version' }).click();
  await page.getByText('Version 2 published').first().waitFor({ timeout: 15_000 });

  await page.getByRole('button', { name: 'Roles' }).click();
  await page.getByText('Create a role from a template or a copy').click();
  await page.getByLabel('Name of the new role').fill(ROLE);
  await page.getByRole('button', { name: 'Create role' }).click();
  await page.getByText(`${ROLE} created`).first().waitFor({ timeout: 15_000 });
  await expectAxeClean(page, 'studio roles');

  // Stages: the second one renamed and moved up by its button, saved.
  await page.getByRole('button', { name: 'Stages' }).click();
  const second = page.getByRole('group', { name: /^Stage 2: / });
  await second.getByLabel('Name of the stage').fill('Phone screen');
  await page.getByRole('button', { name: 'Move Phone screen up' }).click();
  await page.getByRole('group', { name: 'Stage 1: Phone screen' }).waitFor();
  await page.getByRole('button', { name: 'Save the stages' }).click();
  await page.getByText('Stages saved').first().waitFor({ timeout: 15_000 });
  await expectAxeClean(page, 'studio stages');

  // Translations: the custom question in French, uploaded as an edited file.
  await page.getByRole('button', { name: 'Translations' }).click();
  await page.getByText(/texts? not translated/).waitFor({ timeout: 15_000 });
  const upload = { text: { 'field.question1.label': QUESTION_FR } };
  await page.getByLabel('Upload an edited translation file').setInputFiles({
    name: 'quayside.fr.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(upload)),
  });
  await page.getByText('Translation file reloaded').first().waitFor({ timeout: 15_000 });
  await expectAxeClean(page, 'studio translations');
}

/** A new candidate on quayside.localhost: signs up from the role, verifies, applies and submits. */
async function apply(context: BrowserContext): Promise<void> {
  const email = `e2e-quayside-${Date.now()}@example.test`;
  const page = await openPage(context, 'quayside.localhost', '/roles');
  await heading(page, 'Open roles');
  const header = await page
    .locator('header')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(header).toBe('rgb(11, 61, 46)');
  await page.getByRole('link', { name: ROLE, exact: true }).click();
  await heading(page, ROLE);
  await page.getByRole('link', { name: 'Create an account to apply' }).click();
  await heading(page, 'Create an account');
  await page.getByLabel('First name').fill('Ola');
  await page.getByLabel('Last name').fill('Tester');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Sturdy-Otter#42');
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await heading(page, 'Check your email');
  await page.goto(linkIn(await nextMessage(email, new Set()), '/verify/'));
  await heading(page, ROLE);
  await page.getByRole('button', { name: 'Start application' }).click();

  await heading(page, 'About you');
  await page.getByLabel('UK mobile number').fill('07700 900123');
  await page.getByLabel('Nationality').fill('United Kingdom');
  await page.getByRole('option', { name: 'United Kingdom', exact: true }).click();
  await page
    .getByRole('group', { name: /Right to work in the UK/ })
    .getByRole('radio', { name: 'British or Irish citizen', exact: true })
    .check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel(QUESTION).fill('The harbour kitchen');
  await expectAxeClean(page, 'the custom question');
  await page.getByRole('button', { name: 'Continue' }).click();
  await heading(page, 'Declaration');
  await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await heading(page, 'Check your answers before submitting your application');
  await page.getByText('The harbour kitchen').waitFor();
  await page.getByRole('button', { name: 'Submit application' }).click();
  await heading(page, 'Application submitted');
  await expectAxeClean(page, 'submitted');
}

describe('a new organisation through the UI', () => {
  it('created, branded, given a short form with a custom question, French and a role; a candidate applies', async () => {
    const context = await decidedContext(browser);
    await createOrganization(context);
    await configure(context);
    await apply(context);
    await context.close();
  });
});
