/**
 * Measures the form renderer in Chromium on a production build: `npx tsx tests/client/engine-ui/perf/run.ts`.
 * Builds harness.html with Vite (React production mode), serves it with `vite preview`, types into
 * a 300-question step with real key presses, and reports per keystroke (1) the time React takes
 * to handle the input event (render and commit, measured around the event in the page) and (2)
 * the Event Timing API's input-to-next-paint duration. Also checks a few keyboard behaviours.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { build, preview } from 'vite';
import { chromium, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'engine-ui-perf-'));
const port = Number(process.env.PERF_PORT ?? 3991);
const keystrokes = Number(process.env.KEYSTROKES ?? 100);

// PROFILE=<file>: also record a CPU profile of the key presses (built unminified, to read it).
const profile = process.env.PROFILE;
const config = {
  root,
  configFile: false as const,
  logLevel: 'error' as const,
  plugins: [react(), vanillaExtractPlugin()],
  build: { outDir, emptyOutDir: true, minify: !profile, chunkSizeWarningLimit: 2000 },
};

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
  return { median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1]! };
}
const fmt = (s: { median: number; p95: number; max: number }) => `median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, max ${s.max.toFixed(1)} ms`;

async function serious(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function main() {
  await build(config);
  const server = await preview({ ...config, preview: { port, strictPort: true, host: '127.0.0.1' } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error.message));
    await page.goto(`http://127.0.0.1:${port}/?view=big`);
    await page.waitForSelector('#field_qtext75');
    const firstRender = await page.evaluate(() => performance.now());
    const fields = await page.locator('input, select, textarea').count();
    await page.evaluate(() => {
      const w = window as unknown as { handled: number[]; paints: { name: string; duration: number; processing: number }[] };
      w.handled = [];
      w.paints = [];
      let start = 0;
      window.addEventListener('input', () => (start = performance.now()), { capture: true });
      window.addEventListener('input', () => w.handled.push(performance.now() - start));
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as PerformanceEventTiming[]) {
          w.paints.push({ name: e.name, duration: e.duration, processing: e.processingEnd - e.processingStart });
        }
      }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
    });
    await page.click('#field_qtext75');
    const cdp = profile ? await context.newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    for (let i = 0; i < keystrokes; i += 1) {
      await page.keyboard.type(String.fromCharCode(97 + (i % 26)));
    }
    if (cdp && profile) {
      const { profile: recorded } = await cdp.send('Profiler.stop');
      writeFileSync(profile, JSON.stringify(recorded));
    }
    await page.waitForTimeout(500);
    const { handled, paints } = await page.evaluate(() => {
      const w = window as unknown as { handled: number[]; paints: { name: string; duration: number; processing: number }[] };
      return { handled: w.handled, paints: w.paints };
    });
    const value = await page.inputValue('#field_qtext75');
    console.log(`Chromium (production build), ${fields} controls on the step, ${keystrokes} key presses (value length ${value.length}):`);
    console.log(`  page load to the step rendered (parse, compile, first render): ${firstRender.toFixed(0)} ms`);
    console.log(`  input event handled by React (render + commit): ${fmt(stats(handled))}`);
    const slow = paints.filter((p) => ['keydown', 'keypress', 'input', 'keyup'].includes(p.name));
    console.log(`  Event Timing entries of 16 ms or more (input to next paint): ${slow.length}${slow.length ? `, longest ${Math.max(...slow.map((p) => p.duration))} ms` : ''}`);

    // The same measure on a page with one plain input: what this browser reports for any keystroke.
    const blank = await context.newPage();
    await blank.setContent('<input id="plain">');
    await blank.evaluate(() => {
      const w = window as unknown as { slow: number[] };
      w.slow = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.slow.push(e.duration);
      }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
    });
    await blank.click('#plain');
    for (let i = 0; i < keystrokes; i += 1) await blank.keyboard.type('a');
    await blank.waitForTimeout(500);
    const baseline = await blank.evaluate(() => (window as unknown as { slow: number[] }).slow);
    console.log(`  baseline (a page with one plain input): ${baseline.length} Event Timing entries of 16 ms or more${baseline.length ? `, longest ${Math.max(...baseline)} ms` : ''}`);
    const durations = slow.map((p) => p.duration);
    const histogram = [16, 24, 32, 40, 48].map((d) => `${d} ms: ${durations.filter((x) => x === d).length}`).join(', ');
    console.log(`  step page entries by duration: ${histogram}`);

    // Keyboard behaviours that jsdom cannot show: Space on the checked yes/no option clears it.
    await page.goto(`http://127.0.0.1:${port}/?view=step&step=declaration`);
    const yes = page.locator('#field_acceptRare');
    await yes.focus();
    await page.keyboard.press('Space');
    const afterFirst = await yes.isChecked();
    await page.keyboard.press('Space');
    const afterSecond = await yes.isChecked();
    await page.keyboard.press('ArrowRight');
    const noChecked = await page.locator('#field_acceptRare-2').isChecked();
    console.log(`  yes/no by keyboard: Space checks Yes (${afterFirst}), Space again clears it (${!afterSecond}), arrow moves to No (${noChecked})`);

    // A step completed with the keyboard only: Tab between questions, type, arrows in radios, Enter.
    await page.goto(`http://127.0.0.1:${port}/?view=step&step=aboutYou`);
    await page.waitForSelector('#field_firstName');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter'); // Enter in the first box: Continue with nothing.
    const keyboardOnly: string[] = [];
    keyboardOnly.push(`focus after the failed Continue: ${await page.evaluate(() => (document.activeElement?.hasAttribute('data-error-summary') ? 'the error summary' : document.activeElement?.outerHTML.slice(0, 60)))}`);
    await page.keyboard.press('Tab');
    keyboardOnly.push(`Tab reaches the link: ${await page.evaluate(() => document.activeElement?.textContent)}`);
    await page.keyboard.press('Enter');
    keyboardOnly.push(`Enter on that link focuses: #${await page.evaluate(() => document.activeElement?.id)}`);
    await page.keyboard.type('Ada');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Lovelace');
    await page.keyboard.press('Tab');
    await page.keyboard.type('ada@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('07700 900982');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('United Kingdom');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.waitForTimeout(1100); // Continue ignores clicks for 1 s after the last one.
    await page.keyboard.press('Enter');
    await page.waitForTimeout(200);
    const left = await page.locator('[role=alert] a').allTextContents();
    if (left.length) keyboardOnly.push(`errors left: ${left.join('; ')}`);
    const continued = await page.evaluate(() => (window as unknown as { continued?: unknown }).continued);
    keyboardOnly.push(`Continue by Enter saved: ${JSON.stringify(continued)}`);
    console.log(`  keyboard only:\n    ${keyboardOnly.join('\n    ')}`);

    // axe in a real browser (colour contrast included).
    await page.goto(`http://127.0.0.1:${port}/?view=step&step=education`);
    await page.click('button[type=submit]');
    console.log(`  axe, education step after a failed Continue: ${JSON.stringify(await serious(page))}`);
    await page.goto(`http://127.0.0.1:${port}/?view=flow`);
    console.log(`  axe, task list: ${JSON.stringify(await serious(page))}`);
    await page.getByRole('link', { name: 'Check your answers and submit' }).click();
    await page.getByRole('button', { name: 'Submit application' }).click();
    console.log(`  axe, check answers with the error summary: ${JSON.stringify(await serious(page))}`);
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
