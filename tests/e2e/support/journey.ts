import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newContext, seriousViolations } from './browser';

/* What a journey does on every page: a browser whose cookie choice is made, a page's h1 awaited, axe asked. */

/** A context whose visitor has already answered the cookie banner (no analytics), so it covers nothing. */
export async function decidedContext(browser: Browser): Promise<BrowserContext> {
  const context = await newContext(browser);
  await context.addInitScript(() => window.localStorage.setItem('acceptCookies', 'false'));
  return context;
}

export const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });

export async function expectAxeClean(page: Page, where: string): Promise<void> {
  expect(await seriousViolations(page), where).toEqual([]);
}
