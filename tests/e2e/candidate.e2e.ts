import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, newContext, openPage, seriousViolations, urlFor } from './support/browser';
import { chooseRadio, pressButton, selectOption, tabTo, typeInto } from './support/keyboard';
import { codeIn, linkIn, nextMessage } from './support/outbox';

/*
 * The candidate journey (issue 5): a new candidate on a demo employer host signs up, verifies,
 * applies to a role, fills every step (two universities, a CV), stops half-way, signs in again
 * in a fresh browser and resumes at the same step, checks answers, submits and sees the
 * application on /applications. Once by keyboard alone on a desktop, once with a pointer on a
 * 390-px-wide phone, once on the contextual edition (a one-time code at sign-in, CRS section).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'Sturdy-Otter#42';
const PHONE = { width: 390, height: 844 };
const CV = { name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') };

/** Keyboard alone, or a pointer (mouse or touch): the same journey either way. */
interface Driver {
  fill: (target: Locator, text: string) => Promise<void>;
  select: (target: Locator, label: string) => Promise<void>;
  radio: (group: Locator, label: string) => Promise<void>;
  tick: (box: Locator) => Promise<void>;
  press: (target: Locator) => Promise<void>;
  typeahead: (box: Locator, text: string, suggestion: string) => Promise<void>;
  upload: (input: Locator, file: typeof CV) => Promise<void>;
}

function keyboardDriver(page: Page): Driver {
  return {
    fill: (target, text) => typeInto(page, target, text),
    select: (target, label) => selectOption(page, target, label),
    radio: (group, label) => chooseRadio(page, group, label),
    tick: async (box) => {
      await tabTo(page, box);
      await page.keyboard.press('Space');
    },
    press: (target) => pressButton(page, target, 80),
    typeahead: async (box, text, suggestion) => {
      await typeInto(page, box, text);
      // The open list's own options (a drop-down's options have the role too).
      const options = page.getByRole('listbox').getByRole('option');
      await options.filter({ hasText: suggestion }).first().waitFor();
      const index = (await options.allTextContents()).indexOf(suggestion);
      for (let i = 0; i <= index; i += 1) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect.poll(() => box.inputValue()).toBe(suggestion);
    },
    upload: async (input, file) => {
      // Just after a page appears the app may still move focus once (to <main> after a navigation,
      // to the step heading after Continue): if Space did not reach the input, tab to it again.
      for (let attempt = 1; ; attempt += 1) {
        await tabTo(page, input);
        try {
          const [chooser] = await Promise.all([
            page.waitForEvent('filechooser', { timeout: 5_000 }),
            page.keyboard.press('Space'),
          ]);
          await chooser.setFiles(file);
          return;
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
    },
  };
}

function pointerDriver(page: Page): Driver {
  return {
    fill: (target, text) => target.fill(text),
    select: async (target, label) => {
      if ((await target.getAttribute('role')) !== 'combobox')
        return target.selectOption({ label }).then(() => undefined);
      await target.fill(label);
      await page.getByRole('option', { name: label, exact: true }).click();
    },
    radio: (group, label) => group.getByRole('radio', { name: label, exact: true }).check(),
    tick: (box) => box.check(),
    press: (target) => target.click(),
    typeahead: async (box, text, suggestion) => {
      await box.fill(text);
      await page.getByRole('option', { name: suggestion, exact: true }).click();
    },
    upload: (input, file) => input.setInputFiles(file),
  };
}

interface Journey {
  host: string;
  subdomain: string;
  role: string;
  viewport?: { width: number; height: number };
  keyboard: boolean;
  /** The contextual edition: a CRS information step, a one-time code at every sign-in. */
  contextual?: boolean;
  /** The pages axe checks (all when absent): the other journeys go through the desktop journey's pages again. */
  axePages?: readonly string[];
}

async function expectAxeClean(page: Page, where: string): Promise<void> {
  expect(await seriousViolations(page), where).toEqual([]);
}

/** axe on one of the journey's pages, when the journey checks that page. */
async function expectAxeCleanOn(page: Page, journey: Journey, name: string): Promise<void> {
  if (!journey.axePages || journey.axePages.includes(name)) await expectAxeClean(page, `${journey.subdomain}: ${name}`);
}

const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });

async function freshContext(journey: Journey): Promise<BrowserContext> {
  const context = await newContext(browser, journey.viewport ? { viewport: journey.viewport } : {});
  await context.addInitScript(() => window.localStorage.setItem('acceptCookies', 'false'));
  return context;
}

/** Signs in on /login (with the emailed code when the organisation asks for one). */
async function signIn(page: Page, drive: Driver, email: string, seen: Set<string>): Promise<void> {
  await heading(page, 'Sign in');
  await drive.fill(page.getByLabel('Email address'), email);
  await drive.fill(page.getByLabel('Password', { exact: true }), PASSWORD);
  await drive.press(page.getByRole('button', { name: 'Sign in' }));
  const code = page.getByRole('heading', { level: 1, name: 'Enter your sign-in code' });
  const landed = page.getByRole('heading', { level: 1 }).filter({ hasNotText: /Sign in|sign-in code/ });
  await Promise.race([code.waitFor({ timeout: 15_000 }), landed.waitFor({ timeout: 15_000 })]);
  if (await code.isVisible()) {
    await drive.fill(page.getByLabel('Sign-in code'), codeIn(await nextMessage(email, seen)));
    await drive.press(page.getByRole('button', { name: 'Continue' }));
  }
}

const stepHeading = (page: Page, name: string) => heading(page, name);

/** The answers that differ by the organisation's region (decision 0034): acme is UK, northbridge Australian. */
interface RegionAnswers {
  mobile: [string, string];
  permit: [RegExp, string];
  schoolWhere: [string, string];
  schoolType: string;
  after16: [string, string];
  college: RegExp;
  qualification: [string, string];
  finishedCollege: string;
  /** The label, then the first and second university's answer. */
  degreeClass: [string, string, string];
  meals: RegExp;
  ethnicity: string;
}
const ANSWERS: Record<'UK' | 'OZ', RegionAnswers> = {
  UK: {
    mobile: ['UK mobile number', '07700 900123'],
    permit: [/Right to work in the UK/, 'British or Irish citizen'],
    schoolWhere: ['Where was the school?', 'England'],
    schoolType: 'State-run or state-funded school (non-selective)',
    after16: ['Where did you study after 16?', 'Sixth form at the same school'],
    college: /Sixth form or college/,
    qualification: ['Main qualification', 'A level'],
    finishedCollege: 'Year you finished sixth form or college',
    degreeClass: ['Degree classification', 'First-class honours', 'Distinction'],
    meals: /free school meals/,
    ethnicity: 'Indian',
  },
  OZ: {
    mobile: ['Mobile number', '0412 345 678'],
    permit: [/Right to work in Australia/, 'Australian citizen'],
    schoolWhere: ['In which state or territory was the school?', 'New South Wales'],
    schoolType: 'Government school (non-selective)',
    after16: ['Where did you study in Years 11 and 12?', 'Years 11 and 12 at the same school'],
    college: /School or college for Years 11 and 12/,
    qualification: ['Senior secondary certificate', 'ATAR: HSC (New South Wales)'],
    finishedCollege: 'Year you finished Year 12',
    degreeClass: ['Honours class or grade', 'First Class Honours', 'Distinction'],
    meals: /Health Care Card/,
    ethnicity: 'Southern or Central Asian',
  },
};

async function fillAboutYou(page: Page, drive: Driver, journey: Journey): Promise<void> {
  await stepHeading(page, 'About you');
  // The account's names and address are already there.
  expect(await page.getByLabel('First name').inputValue()).toBe('Eve');
  const answers = ANSWERS[journey.contextual ? 'OZ' : 'UK'];
  await drive.fill(page.getByLabel(answers.mobile[0]), answers.mobile[1]);
  await drive.select(page.getByLabel('Nationality'), 'United Kingdom');
  await drive.radio(page.getByRole('group', { name: answers.permit[0] }), answers.permit[1]);
  await expectAxeCleanOn(page, journey, 'about you');
  await drive.press(page.getByRole('button', { name: 'Continue' }));
}

async function fillUniversity(
  page: Page,
  drive: Driver,
  number: number,
  name: [string, string],
  years: [string, string],
  subject: string,
  answers: RegionAnswers,
): Promise<void> {
  const item = page.getByRole('group', { name: `University ${number}` });
  await item.waitFor();
  await drive.select(item.getByLabel('Type of study'), number === 1 ? 'Undergraduate' : 'Postgraduate');
  await drive.typeahead(item.getByRole('combobox', { name: /University/ }), name[0], name[1]);
  await drive.select(item.getByLabel('Start year'), years[0]);
  await drive.select(item.getByLabel('Graduation year', { exact: false }), years[1]);
  await drive.select(item.getByLabel('Degree', { exact: true }), number === 1 ? 'BSc' : 'MSc');
  await drive.typeahead(item.getByRole('combobox', { name: /Subject/ }), subject.slice(0, 5), subject);
  await drive.select(item.getByLabel(answers.degreeClass[0], { exact: false }), answers.degreeClass[number]!);
}

async function fillEducation(page: Page, drive: Driver, journey: Journey): Promise<void> {
  await stepHeading(page, 'Education');
  const answers = ANSWERS[journey.contextual ? 'OZ' : 'UK'];
  await drive.typeahead(page.getByRole('combobox', { name: /Secondary school/ }), 'Camden', 'Camden School for Girls');
  await drive.select(page.getByLabel(answers.schoolWhere[0]), answers.schoolWhere[1]);
  await drive.select(page.getByLabel('Type of school'), answers.schoolType);
  await drive.select(page.getByLabel('Year you finished secondary school'), '2019');
  await drive.select(page.getByLabel(answers.after16[0]), answers.after16[1]);
  await drive.typeahead(page.getByRole('combobox', { name: answers.college }), 'Camden', 'Camden School for Girls');
  await drive.select(page.getByLabel(answers.qualification[0]), answers.qualification[1]);
  await drive.select(page.getByLabel(answers.finishedCollege), '2021');
  await fillUniversity(
    page,
    drive,
    1,
    ['University of Lee', 'University of Leeds'],
    ['2021', '2024'],
    'Mathematics',
    answers,
  );
  await drive.press(page.getByRole('button', { name: 'Add another university' }));
  await fillUniversity(
    page,
    drive,
    2,
    ['University of Edin', 'University of Edinburgh'],
    ['2024', '2025'],
    'Economics',
    answers,
  );
  await expectAxeCleanOn(page, journey, 'education with two universities');
  await drive.press(page.getByRole('button', { name: 'Continue' }));
}

async function fillBackground(page: Page, drive: Driver, journey: Journey): Promise<void> {
  await stepHeading(page, 'Your background');
  await page.getByRole('heading', { level: 2, name: 'CRS information' }).waitFor();
  for (const question of [
    ANSWERS.OZ.meals,
    /first in your family/,
    /caring responsibilities/,
    /refugee or asylum seeker/,
  ]) {
    await drive.radio(page.getByRole('group', { name: question }), 'No');
  }
  await drive.select(page.getByLabel(/paid work during school/), 'No');
  await drive.select(page.getByLabel(/paid work during university/), 'Yes, up to 10 hours a week');
  await expectAxeCleanOn(page, journey, 'CRS information');
  await drive.press(page.getByRole('button', { name: 'Continue' }));
}

async function fillDiversity(page: Page, drive: Driver, journey: Journey): Promise<void> {
  await stepHeading(page, 'Equal opportunities');
  await drive.radio(page.getByRole('group', { name: /^Gender/ }), 'Woman');
  await drive.select(page.getByLabel('Pronouns'), 'She/her');
  await drive.select(page.getByLabel('Sexual orientation'), 'Prefer not to say');
  await drive.select(page.getByLabel('Ethnic background'), ANSWERS[journey.contextual ? 'OZ' : 'UK'].ethnicity);
  await drive.select(page.getByLabel('Religion or belief'), 'No religion');
  await drive.radio(page.getByRole('group', { name: /disability/ }), 'No');
  await drive.radio(page.getByRole('group', { name: /armed forces/ }), 'No');
  await drive.press(page.getByRole('button', { name: 'Continue' }));
}

async function fillDocumentsToEnd(page: Page, drive: Driver, journey: Journey): Promise<void> {
  await stepHeading(page, 'Documents');
  await drive.upload(page.getByLabel('CV', { exact: true }), CV);
  await page.getByText('cv.pdf uploaded').waitFor();
  await expectAxeCleanOn(page, journey, 'documents');
  await drive.press(page.getByRole('button', { name: 'Continue' }));

  await page
    .getByRole('heading', { level: 1 })
    .filter({ hasText: /About Acme|Additional questions/ })
    .waitFor();
  if (journey.contextual) {
    await drive.radio(page.getByRole('group', { name: /Which programme/ }), 'Technology');
  } else {
    await drive.fill(
      page.getByLabel('Why do you want to join Acme Consulting?'),
      'I enjoy untangling hard problems with other people.',
    );
    await drive.select(page.getByLabel('Which office would you prefer?'), 'Manchester');
    await drive.radio(page.getByRole('group', { name: /How did you hear about us/ }), 'Social media');
  }
  await drive.press(page.getByRole('button', { name: 'Continue' }));

  await stepHeading(page, 'Declaration');
  await drive.tick(page.getByRole('checkbox', { name: /I accept the terms/ }));
  await drive.press(page.getByRole('button', { name: 'Continue' }));
}

async function runJourney(journey: Journey): Promise<void> {
  const email = `e2e-${journey.subdomain}-${journey.keyboard ? 'kb' : 'pt'}-${Date.now()}@example.test`;
  const seen = new Set<string>();

  // Roles, the role, and sign-up from it.
  const first = await freshContext(journey);
  let page = await openPage(first, journey.host, '/roles');
  let drive = journey.keyboard ? keyboardDriver(page) : pointerDriver(page);
  await heading(page, 'Open roles');
  await expectAxeCleanOn(page, journey, '/roles');
  await drive.press(page.getByRole('link', { name: journey.role, exact: true }));
  await heading(page, journey.role);
  const roleId = new URL(page.url()).pathname.split('/').pop()!;
  await expectAxeCleanOn(page, journey, 'role page');
  const signUp = page.getByRole('link', { name: 'Create an account to apply' });
  if (journey.viewport) {
    // On a phone the way to apply stays in view while the candidate reads the role.
    await page.mouse.wheel(0, 3000);
    await expect
      .poll(() =>
        signUp.evaluate(
          (el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom <= innerHeight,
        ),
      )
      .toBe(true);
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(0);
  }
  await drive.press(signUp);
  await heading(page, 'Create an account');
  await drive.fill(page.getByLabel('First name'), 'Eve');
  await drive.fill(page.getByLabel('Last name'), 'Tester');
  await drive.fill(page.getByLabel('Email address'), email);
  await drive.fill(page.getByLabel('Password', { exact: true }), PASSWORD);
  await drive.tick(page.getByLabel('I accept the terms and conditions'));
  await drive.press(page.getByRole('button', { name: 'Create account' }));
  await heading(page, 'Check your email');

  // The verification link signs the new candidate in and comes back to the role.
  await page.goto(linkIn(await nextMessage(email, seen), '/verify/'));
  await heading(page, journey.role);
  expect(new URL(page.url()).pathname).toBe(`/apply/${roleId}`);
  await drive.press(page.getByRole('button', { name: 'Start application' }));

  // The steps, with the step in the address; stop half-way.
  await fillAboutYou(page, drive, journey);
  await page.waitForURL((url) => url.searchParams.get('step') === 'education');
  await fillEducation(page, drive, journey);
  if (journey.contextual) await fillBackground(page, drive, journey);
  await fillDiversity(page, drive, journey);
  await stepHeading(page, 'Documents');
  await first.close();

  // Another browser: sign in, the applications page, continue at the same step.
  const second = await freshContext(journey);
  page = await openPage(second, journey.host, '/login');
  drive = journey.keyboard ? keyboardDriver(page) : pointerDriver(page);
  await signIn(page, drive, email, seen);
  await heading(page, 'Your applications');
  await expectAxeCleanOn(page, journey, '/applications with a draft');
  await drive.press(page.getByRole('link', { name: `Continue application for ${journey.role}` }));
  await stepHeading(page, 'Documents');
  await page.waitForURL((url) => url.searchParams.get('step') === 'documents');
  await fillDocumentsToEnd(page, drive, journey);

  // Check answers: every earlier answer kept, both universities; then submit.
  await heading(page, 'Check your answers before submitting your application');
  for (const text of [
    'University of Leeds',
    'University of Edinburgh',
    'Camden School for Girls',
    ANSWERS[journey.contextual ? 'OZ' : 'UK'].mobile[1],
    'cv.pdf',
  ])
    await page.getByText(text).first().waitFor();
  await page.getByRole('heading', { name: 'University 2' }).waitFor();
  await expectAxeCleanOn(page, journey, 'check answers');
  await drive.press(page.getByRole('button', { name: 'Submit application' }));
  await heading(page, 'Application submitted');
  await expectAxeCleanOn(page, journey, 'submitted');
  expect((await nextMessage(email, seen)).subject).toBe(`Application received: ${journey.role}`);

  await drive.press(page.getByRole('link', { name: 'Go to your applications' }));
  await heading(page, 'Your applications');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: journey.role }) });
  await card.getByText('Submitted', { exact: true }).waitFor();
  await expectAxeCleanOn(page, journey, '/applications submitted');
  await second.close();
}

describe('the candidate journey', () => {
  it(
    'acme, keyboard alone, desktop',
    () =>
      runJourney({ host: 'acme.localhost', subdomain: 'acme', role: 'Graduate Consultant, Strategy', keyboard: true }),
    240_000,
  );

  it(
    'acme, pointer, 390 px wide',
    () =>
      runJourney({
        host: 'acme.localhost',
        subdomain: 'acme',
        role: 'Graduate Data Analyst',
        keyboard: false,
        viewport: PHONE,
        axePages: ['role page', 'check answers'],
      }),
    240_000,
  );

  it(
    'northbridge (contextual edition): a code at sign-in and the CRS information section',
    () =>
      runJourney({
        host: 'northbridge.localhost',
        subdomain: 'northbridge',
        role: 'Graduate Program, Banking',
        keyboard: false,
        contextual: true,
        // Its own theme and questions: the pages that differ from acme's.
        axePages: ['about you', 'CRS information', 'role page', 'check answers'],
      }),
    240_000,
  );

  it('a CV uploaded and left without Continue is there on return; Replace keeps one file (issue 21)', async () => {
    const role = 'Finance Graduate Scheme';
    const signInAsDemoCandidate = async (page: Page) => {
      await heading(page, 'Sign in');
      await page.getByLabel('Email address').fill('candidate@acme.example');
      await page.getByLabel('Password', { exact: true }).fill('CandidDemo#2026');
      await page.getByRole('button', { name: 'Sign in' }).click();
    };
    const first = await newContext(browser);
    let page = await openPage(first, 'acme.localhost', '/login');
    await signInAsDemoCandidate(page);
    await heading(page, /applications/i);
    await page.goto(urlFor('acme.localhost', `/roles?q=${encodeURIComponent(role)}`));
    await page.getByRole('link', { name: role, exact: true }).click();
    await heading(page, role);
    await page.getByRole('button', { name: 'Start application' }).click();
    await stepHeading(page, 'About you');
    await page.goto(page.url().replace(/\?.*$/, '?step=documents'));
    await stepHeading(page, 'Documents');
    await page.getByLabel('CV', { exact: true }).setInputFiles(CV);
    await page.getByText('cv.pdf uploaded').waitFor();
    // Leave without Continue: another browser, through Your applications.
    await first.close();
    const second = await newContext(browser);
    page = await openPage(second, 'acme.localhost', '/login');
    await signInAsDemoCandidate(page);
    await page.getByRole('link', { name: `Continue application for ${role}` }).click();
    await stepHeading(page, 'About you');
    await page.goto(page.url().replace(/\?.*$/, '?step=documents'));
    await stepHeading(page, 'Documents');
    await page.getByRole('button', { name: 'Replace cv.pdf' }).waitFor();
    await expectAxeClean(page, 'documents with a stored CV');
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Replace cv.pdf' }).click(),
    ]);
    await chooser.setFiles({ ...CV, name: 'cv-2.pdf' });
    await page.getByRole('button', { name: 'Remove cv-2.pdf' }).waitFor();
    expect(await page.getByRole('button', { name: /cv\.pdf$/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Documents' }).waitFor();
    expect(await page.getByText('Upload your CV').count()).toBe(0);
    await second.close();
  }, 120_000);

  it('closed roles show as closed, and cannot be applied for', async () => {
    const context = await newContext(browser);
    const page = await openPage(context, 'acme.localhost', '/roles?page=2');
    await page.getByRole('link', { name: 'Graduate Consultant, Autumn 2026 intake' }).click();
    await heading(page, 'Graduate Consultant, Autumn 2026 intake');
    await page.getByText(/This role closed to applications on/).waitFor();
    expect(await page.getByRole('button', { name: 'Start application' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /Sign in to apply/ }).count()).toBe(0);
    await expectAxeClean(page, 'closed role');
    await page.goto(urlFor('acme.localhost', '/roles?work=Remote'));
    await page.getByText(/roles? found/).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(
      expect.arrayContaining(['Spring Insight Week', 'Sustainability Analyst']),
    );
    await context.close();
  });
});
