import { lazy, Suspense, useEffect, useState } from 'react';
import { useAtom } from 'jotai';
import { useLocation } from 'react-router-dom';
import { useOrganization } from '../../state/site';
import { cookieSettingsOpenAtom } from '../../state/ui';
import { analyticsAllowed, readConsent, shouldShowBanner, writeConsent } from './consent';
import { clearAnalyticsCookies, loadTagManager } from './analytics';
import { CookieBanner } from './cookie-banner';

// The dialog (and the dialog library under it) loads when someone opens it, not with every first page.
const ManageCookiesDialog = lazy(() =>
  import('./manage-cookies-dialog').then((m) => ({ default: m.ManageCookiesDialog })),
);

interface CookieConsentProps {
  /** Reloading applies the choice everywhere at once (spec §4); replaceable in tests. */
  reload?: () => void;
}

/**
 * Cookie consent for the whole site: asks on the first visit, and on every load either starts
 * Tag Manager (choice 'true') or clears analytics cookies (any other choice).
 */
export function CookieConsent({ reload = () => window.location.reload() }: CookieConsentProps) {
  const organization = useOrganization();
  const { search } = useLocation();
  // Read once: a choice always reloads the page, so it never changes while mounted.
  const [choice] = useState(() => readConsent(localStorage));
  const [managing, setManaging] = useAtom(cookieSettingsOpenAtom);
  const gtmId = organization.settings.gtmId;

  useEffect(() => {
    if (!analyticsAllowed(choice)) clearAnalyticsCookies();
    else if (gtmId) loadTagManager(gtmId);
  }, [choice, gtmId]);

  const choose = (analytics: boolean) => {
    writeConsent(localStorage, analytics);
    reload();
  };

  return (
    <>
      {shouldShowBanner(choice, search) && (
        <CookieBanner
          organisationName={organization.name}
          onAcceptAll={() => choose(true)}
          onRejectAll={() => choose(false)}
          onManage={() => setManaging(true)}
        />
      )}
      {managing && (
        <Suspense fallback={null}>
          <ManageCookiesDialog open onOpenChange={setManaging} analytics={analyticsAllowed(choice)} onSave={choose} />
        </Suspense>
      )}
    </>
  );
}
