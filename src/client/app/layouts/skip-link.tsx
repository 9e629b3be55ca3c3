import { useTranslation } from 'react-i18next';
import { MAIN_CONTENT_ID } from './main-content';
import * as styles from './shell.css';

/** First stop for keyboard users: jumps past the header to the page content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={styles.skipLink}>
      {t('common.skipToMain')}
    </a>
  );
}
