import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { isCandidate } from '#engine';
import { userAtom } from '../../state/auth';
import { languageLayerAtom } from '../../state/language';
import { useOrganization } from '../../state/site';
import { ButtonLink } from '../../ui/button/button-link';
import { lead } from '../../ui/typography.css';

/** The apply side's home page: the organisation's welcome, its roles, and the candidate's own pages. */
export function HomePage() {
  const { t } = useTranslation();
  const organization = useOrganization();
  const languageLayer = useAtomValue(languageLayerAtom);
  const { user } = useAtomValue(userAtom);
  // The welcome text is configuration (text.welcome), in the page's language when translated.
  const welcome =
    languageLayer?.text?.welcome ??
    organization.formConfiguration.text?.welcome ??
    organization.defaultConfiguration.text?.welcome;
  return (
    <>
      <h1>{t('pages.home.title', { name: organization.name })}</h1>
      <p className={lead}>{welcome ?? t('pages.home.lead')}</p>
      <ButtonLink to="/roles">{t('home.browseRoles')}</ButtonLink>
      {user && isCandidate(user.userType) ? (
        <>
          <h2>{t('home.yourPagesTitle')}</h2>
          <ul>
            <li>
              <Link to="/applications">{t('pages.applications.title')}</Link>
            </li>
            <li>
              <Link to="/profile">{t('pages.profile.title')}</Link>
            </li>
          </ul>
        </>
      ) : null}
      {user ? null : (
        <>
          <h2>{t('home.accountTitle')}</h2>
          <p>{t('home.accountBody')}</p>
          <ul>
            <li>
              <Link to="/login">{t('home.signIn')}</Link>
            </li>
            {organization.settings.subdomainRestricted ? null : (
              <li>
                <Link to="/signup">{t('home.createAccount')}</Link>
              </li>
            )}
          </ul>
        </>
      )}
    </>
  );
}
