import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { buildApp } from '#server/app';
import { openDatabase } from '#server/db/client';
import { migrate } from '#server/db/migrate';
import { seedDemoData } from '#server/seed/seed';
import { ms, summarise, type Figure, type Timing } from './support';

const KEYSTROKES = 100;
const CONTINUES = 20;
const RENDERS = 20;
/** One frame at 60 Hz: the target for a keystroke and the frame after it. */
const FRAME = 16.7;

/** `FORMS_PROFILE=<folder>`: also writes Chromium CPU profiles of one Continue and one render there (.cpuprofile). */
const PROFILE_DIR = process.env.FORMS_PROFILE;

type Window_ = Window & { benchResult?: Promise<number> };

/**
 * In the page: a promise of the time from an event (its timeStamp, when the browser received the input) to the first
 * frame painted once `ready()` holds: the frame's requestAnimationFrame, then a task after it (the paint happens in
 * between). `ready` is checked after every DOM change and focus move from the event on.
 */
function armInPage(page: Page, kind: 'continue' | 'keystroke' | 'render', expected = 0): Promise<void> {
  return page.evaluate(
    ({ kind, expected }) => {
      const w = window as Window_;
      const form = () => document.querySelector('main form');
      // Each question's inline error is in the form from the start, empty until Continue fails (decision 0090).
      const inlineErrors = () =>
        Array.prototype.filter.call(document.querySelectorAll('main form p[id$="-error"]'), (p: Element) =>
          Boolean(p.textContent),
        ).length;
      const ready = (): boolean => {
        if (kind === 'keystroke') return true;
        if (kind === 'render') {
          // Every question's control, and the Continue button after them.
          const f = form();
          return (
            Boolean(f?.querySelector('button[type="submit"]')) &&
            f!.querySelectorAll('input, select, textarea').length === expected
          );
        }
        // The summary with its links, focused, and each question's inline error beside it.
        const summary = document.querySelector('[data-error-summary]');
        if (!summary || document.activeElement !== summary) return false;
        const links = summary.querySelectorAll('li').length;
        return links > 0 && inlineErrors() === links;
      };
      const event = kind === 'keystroke' ? 'keydown' : 'click';
      w.benchResult = new Promise<number>((resolve, reject) => {
        let start = -1;
        let done = false;
        const observer = new MutationObserver(() => check());
        const timer = setTimeout(() => {
          observer.disconnect();
          const summary = document.querySelector('[data-error-summary]');
          const state = `${start < 0 ? 'no event' : 'event seen'}, summary ${summary ? 'shown' : 'absent'}${
            summary && document.activeElement === summary ? ' and focused' : ''
          }, ${inlineErrors()} inline errors, ${
            form()?.querySelectorAll('input, select, textarea').length ?? 0
          } controls`;
          reject(new Error(`${kind}: not ready after 20 s (${state})`));
        }, 20_000);
        const check = () => {
          if (done || start < 0 || !ready()) return;
          done = true;
          observer.disconnect();
          document.removeEventListener('focusin', check, true);
          clearTimeout(timer);
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
        };
        window.addEventListener(
          event,
          (e) => {
            start = e.timeStamp;
            // A key's frame is the one after its input has been handled (keydown and input may be separate tasks).
            if (kind === 'keystroke') window.addEventListener('input', () => check(), { capture: true, once: true });
          },
          { capture: true, once: true },
        );
        if (kind !== 'keystroke') {
          observer.observe(document.body, { childList: true, subtree: true });
          document.addEventListener('focusin', check, true);
        }
      });
    },
    { kind, expected },
  );
}

const result = (page: Page) => page.evaluate(() => (window as Window_).benchResult!);

/** Records a CPU profile of `work` to PROFILE_DIR/<name>.cpuprofile, when profiling was asked for. */
async function profiled<T>(page: Page, name: string, work: () => Promise<T>): Promise<T> {
  if (!PROFILE_DIR) return work();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const value = await work();
  const { profile } = await cdp.send('Profiler.stop');
  mkdirSync(PROFILE_DIR, { recursive: true });
  writeFileSync(join(PROFILE_DIR, `${name}.cpuprofile`), JSON.stringify(profile));
  await cdp.detach();
  return value;
}

const p50p95 = (t: Timing) => `${ms(t.p50)} / ${ms(t.p95)} (max ${ms(t.max)})`;

/**
 * The 300-question step of /ui/large-form in Chromium, on the production build served by the real server (issue 18):
 * - Continue on the empty step, from the click to the first frame painted with the error summary (focused) and every
 *   inline error, each run on a freshly loaded page;
 * - typing: per key press, keydown to the next frame painted, and (as before) the input event to the end of React's
 *   render and commit;
 * - the step rendered through the engine and StepForm (/ui/large-form/render, the showcase chunk): from the click
 *   that renders it to the first frame with every question.
 */
export async function benchKeystroke(): Promise<Figure[]> {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  const db = await openDatabase({ kind: 'memory' });
  await migrate(db);
  await seedDemoData(db);
  const app = await buildApp({ db, logLevel: false, clientDir: 'dist/client' });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const port = new URL(address).port;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const context = await browser.newContext();
    await context.addInitScript(() => window.localStorage.setItem('acceptCookies', 'false'));
    // tsx names functions with an `__name` helper, which the functions handed to page.evaluate would call in the page.
    await context.addInitScript('globalThis.__name = (f) => f;');
    const page = await context.newPage();
    const url = `http://acme.localhost:${port}/ui/large-form`;
    const start = Date.now();
    await page.goto(url);
    const field = page.locator('#field_qtext75');
    await field.waitFor();
    const load = Date.now() - start;
    const controls = await page.locator('main input, main select, main textarea').count();

    // Typing.
    await page.evaluate(() => {
      const w = window as unknown as { handled: number[] };
      w.handled = [];
      let began = 0;
      window.addEventListener('input', () => (began = performance.now()), { capture: true });
      window.addEventListener('input', () => w.handled.push(performance.now() - began));
    });
    await field.focus();
    const frames: number[] = [];
    for (let i = 0; i < KEYSTROKES; i += 1) {
      await armInPage(page, 'keystroke');
      await page.keyboard.type(String.fromCharCode(97 + (i % 26)));
      frames.push(await result(page));
    }
    const handled = await page.evaluate(() => (window as unknown as { handled: number[] }).handled);
    const typed = (await field.inputValue()).length;
    const commit = summarise(handled.slice(5));
    const keyFrame = summarise(frames.slice(5));

    // Continue on the empty step, a fresh page each time.
    const continues: number[] = [];
    let summaryLinks = 0;
    for (let i = 0; i <= CONTINUES; i += 1) {
      await page.goto(url);
      await field.waitFor();
      await page.waitForTimeout(1000); // the page settles: validators loaded, no work left from the load
      await armInPage(page, 'continue');
      const run = () =>
        page
          .locator('main form button[type="submit"]')
          .click()
          .then(() => result(page));
      const taken = i === 1 ? await profiled(page, 'continue', run) : await run();
      if (i > 0) continues.push(taken); // the first warms the code up
      summaryLinks = await page.locator('[data-error-summary] li').count();
    }
    const continued = summarise(continues);

    // The step rendered through the engine and StepForm.
    await page.goto(`${url}/render`);
    const show = page.getByRole('button', { name: 'Render the step' });
    const remove = page.getByRole('button', { name: 'Remove the step' });
    await show.click();
    await page.locator('main form button[type="submit"]').waitFor(); // first time: the validators load
    const renders: number[] = [];
    for (let i = 0; i <= RENDERS; i += 1) {
      await remove.click();
      await page.locator('main form').waitFor({ state: 'detached' });
      await page.waitForTimeout(100);
      await armInPage(page, 'render', controls);
      const run = () => show.click().then(() => result(page));
      const taken = i === 1 ? await profiled(page, 'render', run) : await run();
      if (i > 0) renders.push(taken);
    }
    const rendered = summarise(renders);

    return [
      { name: `/ui/large-form: page load to the ${controls}-control step rendered`, value: `${load} ms` },
      {
        name: `keystroke in the ${controls}-control step, React render + commit p50 / p95 (${typed} key presses, production build, Chromium)`,
        value: p50p95(commit),
        target: '< 16 ms',
        met: commit.p95 < 16,
      },
      {
        name: `keystroke in the ${controls}-control step, keydown → next frame painted p50 / p95 (${keyFrame.runs} key presses)`,
        value: p50p95(keyFrame),
        target: `p95 < ${FRAME} ms`,
        met: keyFrame.p95 < FRAME,
      },
      {
        name: `Continue on the empty ${controls}-control step, click → error summary (${summaryLinks} links, focused) and inline errors painted p50 / p95 (${continued.runs} fresh pages)`,
        value: p50p95(continued),
        target: 'p50 < 50 ms',
        met: continued.p50 < 50,
      },
      {
        name: `render the generated ${controls}-control step through the engine and StepForm, click → first frame with every control p50 / p95 (${rendered.runs} renders)`,
        value: p50p95(rendered),
        target: 'p50 < 70 ms',
        met: rendered.p50 < 70,
      },
    ];
  } finally {
    await browser.close();
    await app.close();
    await db.destroy();
  }
}
