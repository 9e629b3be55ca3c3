import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { buildApp } from '#server/app';
import { openDatabase } from '#server/db/client';
import { migrate } from '#server/db/migrate';
import { seedDemoData } from '#server/seed/seed';
import { ms, summarise, type Figure } from './support';

const KEYSTROKES = 100;

/**
 * Typing into the 300-question step of /ui/large-form in Chromium, on the production build served
 * by the real server: per key press, the time from the input event to the end of React's render
 * and commit (measured in the page around the event).
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
    const page = await context.newPage();
    const start = Date.now();
    await page.goto(`http://acme.localhost:${port}/ui/large-form`);
    const field = page.locator('#field_qtext75');
    await field.waitFor();
    const load = Date.now() - start;
    const controls = await page.locator('main input, main select, main textarea').count();
    await page.evaluate(() => {
      const w = window as unknown as { handled: number[] };
      w.handled = [];
      let began = 0;
      window.addEventListener('input', () => (began = performance.now()), { capture: true });
      window.addEventListener('input', () => w.handled.push(performance.now() - began));
    });
    await field.focus();
    for (let i = 0; i < KEYSTROKES; i += 1) await page.keyboard.type(String.fromCharCode(97 + (i % 26)));
    const handled = await page.evaluate(() => (window as unknown as { handled: number[] }).handled);
    const typed = (await field.inputValue()).length;
    const timing = summarise(handled.slice(5));
    return [
      { name: `/ui/large-form: page load to the ${controls}-control step rendered`, value: `${load} ms` },
      {
        name: `keystroke in the ${controls}-control step, React render + commit p50 / p95 (${typed} key presses, production build, Chromium)`,
        value: `${ms(timing.p50)} / ${ms(timing.p95)} (max ${ms(timing.max)})`,
        target: '< 16 ms',
        met: timing.p95 < 16,
      },
    ];
  } finally {
    await browser.close();
    await app.close();
    await db.destroy();
  }
}
