import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from './support';

/* Issue 21, WCAG 2.4.2: every page has its own title, "Error: " first while it shows errors, spec §1's suffix kept. */

describe('page titles', () => {
  it('names a page by its heading, before the site title', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { level: 1 });
    const heading = screen.getByRole('heading', { level: 1 }).textContent;
    await waitFor(() => expect(document.title).toBe(`${heading} – Acme Consulting Apply`));
  });

  it('says "Error:" first while the page shows an error summary, and stops when it goes', async () => {
    renderApp('/forgot-password');
    const heading = (await screen.findByRole('heading', { level: 1 })).textContent;
    fireEvent.click(screen.getByRole('button', { name: /send|continue|reset/i }));
    await screen.findByRole('heading', { name: 'There is a problem' });
    await waitFor(() => expect(document.title).toBe(`Error: ${heading} – Acme Consulting Apply`));
  });

  it('follows the HR side title on the hiring host', async () => {
    renderApp('/no/such/page', { side: 'hr' });
    const heading = (await screen.findByRole('heading', { level: 1 })).textContent;
    await waitFor(() => expect(document.title).toMatch(new RegExp(`^${heading} – .*Acme Consulting HR$`)));
  });
});
