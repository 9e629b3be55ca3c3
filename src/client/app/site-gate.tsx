import { useEffect, type ReactNode } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { PublicOrganization } from '../../../schemas/organization';
import { chooseLanguage } from '../../../engine/rules/language';
import { fetchPublicOrganization } from '../api/organization';
import { errorMessage, errorStatus } from '../api/errors';
import { organizationStateAtom, siteAtom } from '../state/site';
import { DelayedSpinner } from '../ui/spinner/delayed-spinner';
import { applySite } from './apply-site';
import { FatalErrorScreen } from './screens/fatal-error-screen';
import { OrganisationNotFound } from './screens/organisation-not-found';
import * as styles from './screens/screens.css';

interface SiteGateProps {
  children: ReactNode;
  load?: (subdomain: string) => Promise<PublicOrganization>;
}

/**
 * Loads the organisation named by the host before anything else renders: every screen depends
 * on its branding, language and settings.
 */
export function SiteGate({ children, load = fetchPublicOrganization }: SiteGateProps) {
  const site = useAtomValue(siteAtom);
  const [state, setState] = useAtom(organizationStateAtom);
  const { i18n } = useTranslation();

  useEffect(() => {
    let current = true;
    load(site.subdomain)
      .then(async (organization) => {
        await i18n.changeLanguage(chooseLanguage(window.location.search, organization.additionalLanguageSupport));
        if (!current) return;
        applySite(organization, site.side, i18n);
        setState({ status: 'ready', organization });
      })
      .catch((error: unknown) => {
        if (!current) return;
        setState(
          errorStatus(error) === 404
            ? { status: 'not-found', subdomain: site.subdomain }
            : { status: 'failed', message: errorMessage(error) },
        );
      });
    return () => {
      current = false;
    };
  }, [site, load, i18n, setState]);

  switch (state.status) {
    case 'loading':
      return (
        <main className={styles.standalone}>
          <DelayedSpinner />
        </main>
      );
    case 'not-found':
      return <OrganisationNotFound subdomain={state.subdomain} />;
    case 'failed':
      return <FatalErrorScreen detail={state.message} />;
    case 'ready':
      return children;
  }
}
