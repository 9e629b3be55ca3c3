import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { inject } from 'vitest';

/** Tests that open many pages (each checked by axe) get longer than one page's limit. */
export const LOOP_TIMEOUT_MS = 240_000;

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags that keep it off the closed network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
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
}

/** http://<host>:<port><path> for a host such as 'acme.localhost' or 'acme.hr.localhost'. */
export function urlFor(host: string, path = '/'): string {
  return `http://${host}:${inject('port')}${path}`;
}

export async function newContext(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  // Third-party tags cannot load here (no internet); answer them locally so pages do not wait.
  await context.route(/googletagmanager\.com|google-analytics\.com/, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: '/* tag manager stub */' }),
  );
  return context;
}

export async function openPage(context: BrowserContext, host: string, path = '/'): Promise<Page> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(urlFor(host, path));
  return page;
}

/** Runs axe and returns the serious and critical violations, described for a readable failure. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // Only violations are read: axe skips collecting the nodes that pass, a large share of its time.
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
