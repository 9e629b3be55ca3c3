import { useContext, useEffect, type ReactNode } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { I18nContext } from 'react-i18next';
import type { Configuration } from '#schemas/configuration';
import type { PublicOrganization } from '#schemas/organization';
import { chooseLanguage, DEFAULT_LANGUAGE, loadDateLocale, uiStrings } from '#engine';
import { fetchPublicOrganization } from '../api/organization';
import { fetchTranslation } from '../api/translation';
import { chosenLanguage, languageLayerAtom } from '../state/language';
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
  loadTranslation?: (subdomain: string, language: string) => Promise<Configuration | undefined>;
}

/**
 * Loads the organisation named by the host before anything else renders: every screen depends
 * on its branding, language and settings.
 */
export function SiteGate({
  children,
  load = fetchPublicOrganization,
  loadTranslation = fetchTranslation,
}: SiteGateProps) {
  const site = useAtomValue(siteAtom);
  const [state, setState] = useAtom(organizationStateAtom);
  const setLanguageLayer = useSetAtom(languageLayerAtom);
  // The provider's instance: stable, unlike useTranslation()'s, which changes with the language.
  const { i18n } = useContext(I18nContext);

  useEffect(() => {
    let current = true;
    load(site.subdomain)
      .then(async (organization) => {
        const language = chooseLanguage(
          window.location.search,
          organization.additionalLanguageSupport,
          chosenLanguage.read(),
        );
        chosenLanguage.keep(language);
        // A language without a translation (or whose translation fails to load) shows the default one.
        const [layer] =
          language === DEFAULT_LANGUAGE
            ? [undefined]
            : await Promise.all([
                loadTranslation(site.subdomain, language).catch(() => undefined),
                loadDateLocale(language),
              ]);
        if (layer) i18n.addResourceBundle(language, 'translation', uiStrings(layer), true, true);
        await i18n.changeLanguage(layer ? language : DEFAULT_LANGUAGE);
        if (!current) return;
        setLanguageLayer(layer);
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
  }, [site, load, loadTranslation, i18n, setState, setLanguageLayer]);

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
