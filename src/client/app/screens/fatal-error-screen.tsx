import { useTranslation } from 'react-i18next';
import * as styles from './screens.css';

/**
 * The render-crash screen (spec §8). It uses a plain link home, not the router: a full page
 * load is the surest way out of whatever state broke.
 */
export function FatalErrorScreen({ detail }: { detail?: string }) {
  const { t } = useTranslation();
  return (
    <main id="main-content" className={styles.standalone}>
      <h1>{t('errors.fatalTitle')}</h1>
      <p>{t('errors.fatalBody')}</p>
      {detail && <p className={styles.detail}>{detail}</p>}
      <p>
        <a href="/">{t('common.goHome')}</a>
      </p>
    </main>
  );
}
