import { vi } from 'vitest';

/**
 * Intl as Chromium ships it: no Welsh data, so a Welsh date or list silently comes out in US English
 * ("December 24, 2026"; "PDF, DOC, or DOCX"). Node has every language, which hid the fault.
 */
export function withBrowserIntl(): void {
  const BrowserDateTimeFormat = Intl.DateTimeFormat;
  const BrowserListFormat = Intl.ListFormat;
  const known = (locales: unknown) => (String(locales).startsWith('cy') ? 'en-US' : (locales as string));
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(
    (locales, options) => new BrowserDateTimeFormat(known(locales), options),
  );
  vi.spyOn(Intl, 'ListFormat').mockImplementation((locales, options) => new BrowserListFormat(known(locales), options));
}
