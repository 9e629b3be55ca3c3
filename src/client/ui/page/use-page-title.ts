import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { pageTitle } from '#engine';
import { product, siteAtom, useOrganization } from '../../state/site';

/** Between a title's parts: "Education – Graduate Data Analyst – Acme Consulting Apply". */
const TITLE_SEPARATOR = ' – ';

/**
 * The page's own title (WCAG 2.4.2): its parts, most specific first, then the site's (spec §1), which it goes back to
 * when the page goes. A step form puts "Error:" first while it shows errors (StepForm).
 */
export function usePageTitle(parts: ReadonlyArray<string | undefined>): void {
  const organization = useOrganization();
  const { side } = useAtomValue(siteAtom);
  const site = pageTitle(organization, side, product);
  const title = [...parts.filter((part) => part), site].join(TITLE_SEPARATOR);
  useEffect(() => {
    document.title = title;
    return () => {
      document.title = site;
    };
  }, [title, site]);
}
