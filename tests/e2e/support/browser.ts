import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import axe from 'axe-core';
import { inject } from 'vitest';

/** Tests that open many pages (each checked by axe) get longer than one page's limit. */
export const LOOP_TIMEOUT_MS = 240_000;

/**
 * Debian's headless Chromium (chromium-headless-shell: the same Blink and V8 as the desktop browser, without its
 * windows and toolbars, as Playwright drives headless by default). Against the full browser in headless mode it took
 * the suite from 351 to 215 s on two cores: most of the suite's time was the browser's own (decision 0093).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

/** Debian's headless Chromium, with the flags that keep it off the closed network. */
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

/** The rules axe runs: WCAG 2.1 A and AA, and its best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

type AxeWindow = Window & { axe?: typeof axe };

/**
 * Runs axe over the whole page and returns the serious and critical violations, described for a readable failure.
 * axe-core's own API: its source is evaluated once per document, and axe.run reads the page where it is. (The
 * @axe-core/playwright builder evaluated the source twice per call and finished every run in a new blank page, two to
 * four times the cost over the hundred-odd checks of a run.) The product's pages have no frames.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => Boolean((window as AxeWindow).axe)))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    (tags) =>
      (window as AxeWindow)
        // Only violations are read: axe skips collecting the nodes that pass, a large share of its time.
        .axe!.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        .then((results) =>
          results.violations.map(({ id, impact, help, nodes }) => ({
            id,
            impact,
            help,
            targets: nodes.map((node) => node.target.join(' ')),
          })),
        ),
    AXE_TAGS,
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.targets.join(', ')}`);
}
