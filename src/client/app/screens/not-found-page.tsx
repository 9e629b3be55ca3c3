import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** Any path the router does not know. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('errors.notFoundTitle')}</h1>
      <p>{t('errors.notFoundBody')}</p>
      <p>{t('errors.notFoundHelp')}</p>
      <ul>
        <li>
          <Link to="/roles">{t('errors.browseRoles')}</Link>
        </li>
        <li>
          <Link to="/">{t('common.goHome')}</Link>
        </li>
      </ul>
    </>
  );
}
