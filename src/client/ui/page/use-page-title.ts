import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { pageTitle } from '#engine';
import { product, siteAtom, useOrganization } from '../../state/site';

/** Between a title's parts: "Education – Graduate Data Analyst – Acme Consulting Apply". */
const TITLE_SEPARATOR = ' – ';

/** The parts a page named itself (usePageTitle), most specific first; none: its <h1> names it. */
let ownParts: readonly string[] | undefined;
let refresh: (() => void) | undefined;

/**
 * Every page's own title (WCAG 2.4.2, spec §1's suffix kept): "Error: " while the page shows an error summary, then
 * the page's parts (usePageTitle) or else its <h1> (not on the home page), then the site's title. One rule for every
 * page, kept up to date as the page changes (a heading that arrives with its data, an error summary that comes and
 * goes). Used once, by the root layout.
 */
export function useDocumentTitle(): void {
  const organization = useOrganization();
  const { side } = useAtomValue(siteAtom);
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const site = pageTitle(organization, side, product);
  const errorPrefix = t('form.errorPrefix');
  useEffect(() => {
    const update = () => {
      const main = document.querySelector('main');
      const heading = main?.querySelector('h1')?.textContent?.trim();
      // The home page is the site itself: its title is the site's alone.
      const parts = ownParts ?? (heading && heading !== site && pathname !== '/' ? [heading] : []);
      const title = [...parts, site].join(TITLE_SEPARATOR);
      const shown = main?.querySelector('[data-error-summary]') ? `${errorPrefix} ${title}` : title;
      if (document.title !== shown) document.title = shown;
    };
    refresh = update;
    update();
    const observer = new MutationObserver(update);
    // The whole document: the page as it changes, and the <title> should anything else set it (the site set-up).
    observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      if (refresh === update) refresh = undefined;
    };
  }, [pathname, site, errorPrefix]);
}

/** The page names itself with these parts, most specific first, instead of by its <h1> (useDocumentTitle). */
export function usePageTitle(parts: ReadonlyArray<string | undefined>): void {
  const key = parts.filter((part): part is string => Boolean(part)).join('\u0000');
  useEffect(() => {
    ownParts = key ? key.split('\u0000') : [];
    refresh?.();
    return () => {
      ownParts = undefined;
      refresh?.();
    };
  }, [key]);
}
