import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, urlFor } from './support/browser';
import { hiringToken } from './support/api';
import { decidedContext, expectAxeClean, heading } from './support/journey';
import { linkIn, nextMessage, type OutboxMessage } from './support/outbox';

/*
 * Integrations (decision 0080), on acme. Document signing: a manager uploads an offer letter on the demo candidate's
 * page and sends it for signature, the candidate follows the emailed link to the local fake provider, signs, signs in
 * on the way back and lands on /docusignapproved "Your document is signed"; the manager then sees Signed. Sending a
 * request changes nothing another journey reads. Then an admin connects the HR system through the fake's authorise
 * page and disconnects it again.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'CandidDemo#2026';
const CANDIDATE = 'candidate@acme.example';

/** The demo candidate's first acme application, found as the hiring side finds it. */
async function candidateApplication(): Promise<string> {
  const token = await hiringToken('acme', 'hr@acme.example', PASSWORD);
  const response = await fetch(
    urlFor('127.0.0.1', `/api/v1/search/candidates/acme?subdomain=acme&searchTerm=${encodeURIComponent(CANDIDATE)}`),
    { headers: { authorization: `Bearer ${token}` } },
  );
  const found = ((await response.json()) as { content: { id: string; email: string | null }[] }).content.find(
    (c) => c.email === CANDIDATE,
  );
  if (!found) throw new Error(`${CANDIDATE} has no application on acme`);
  return found.id;
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The signing email among the candidate's new messages. */
async function signingEmail(seen: Set<string>): Promise<OutboxMessage> {
  for (;;) {
    const message = await nextMessage(CANDIDATE, seen);
    if (message.subject.startsWith('Please sign:')) return message;
  }
}

describe('document signing', () => {
  it('a manager sends a document, the candidate signs at the provider and both see it signed', async () => {
    const applicationId = await candidateApplication();
    const seen = new Set<string>();

    const hr = await openPage(
      await decidedContext(browser),
      'acme.hr.localhost',
      `/login?redirect=${encodeURIComponent(`/manager/candidate/${applicationId}`)}`,
    );
    await signIn(hr, 'hr@acme.example');
    const section = hr.getByRole('region', { name: 'Signatures' });
    await section.waitFor({ timeout: 15_000 });
    // The team's own offer letter, uploaded and sent in one go.
    const documentName = 'offer-letter.pdf';
    await section.getByLabel('Or a document of your own').setInputFiles({
      name: documentName,
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
    });
    await section.getByRole('button', { name: 'Upload and send for signature' }).click();
    await section.getByText('Sent', { exact: true }).first().waitFor();
    await expectAxeClean(hr, 'the candidate page with the Signatures section');

    const email = await signingEmail(seen);
    expect(email.subject).toBe(`Please sign: ${documentName}`);
    const candidate = await openPage(await decidedContext(browser), 'acme.localhost', '/');
    await candidate.goto(linkIn(email, '/api/public/signing/'));
    // The fake provider's signing page: the document's name, Sign and Decline.
    await heading(candidate, `Sign ${documentName}`);
    await expectAxeClean(candidate, 'the fake provider’s signing page');
    await candidate.getByRole('button', { name: 'Sign', exact: true }).click();

    // Back on the site: sign in, then the page asks the server, which asks the provider.
    await heading(candidate, 'Sign in');
    await signIn(candidate, CANDIDATE);
    await heading(candidate, 'Your document is signed');
    expect(new URL(candidate.url()).pathname).toBe('/docusignapproved');
    await expectAxeClean(candidate, '/docusignapproved');

    await hr.reload();
    await hr.getByRole('region', { name: 'Signatures' }).getByText('Signed', { exact: true }).first().waitFor();
  });

  it('an admin connects the HR system through its authorise page', async () => {
    const page = await openPage(
      await decidedContext(browser),
      'acme.hr.localhost',
      `/login?redirect=${encodeURIComponent('/manager/integrations')}`,
    );
    await signIn(page, 'hr@acme.example');
    await heading(page, 'Integrations');
    await page.getByLabel('Tenant name').fill('acme_e2e');
    await page.getByRole('button', { name: 'Connect HR system' }).click();
    // The fake HR system's authorise page, then back on /workday-connect.
    await heading(page, 'Connect Candid to acme_e2e?');
    await expectAxeClean(page, 'the fake HR system’s authorise page');
    await page.getByRole('button', { name: 'Allow' }).click();
    await heading(page, 'Connected to acme_e2e');
    expect(new URL(page.url()).pathname).toBe('/workday-connect');
    await expectAxeClean(page, '/workday-connect');
    await page.getByRole('link', { name: 'Back to integrations' }).click();
    await page.getByText('Connected to acme_e2e').waitFor();
    // Leave acme as it was for the other journeys: no HR system.
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('button', { name: 'Connect HR system' }).waitFor();
  });
});
