import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import * as styles from './screens.css';

/** The host names an organisation the API does not know (404 from the public organisation call). */
export function OrganisationNotFound({ subdomain }: { subdomain: string }) {
  const { t } = useTranslation();
  const title = t('errors.organisationNotFoundTitle');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <main id="main-content" className={styles.standalone}>
      <h1>{title}</h1>
      <p>{t('errors.organisationNotFoundBody', { subdomain })}</p>
    </main>
  );
}
