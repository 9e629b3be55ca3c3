import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button/button';
import * as styles from './screens.css';

/** Spec §8: a page whose code failed to load says so and offers a reload (which fetches the new build). */
export function ChunkLoadErrorScreen() {
  const { t } = useTranslation();
  return (
    <main id="main-content" className={styles.standalone}>
      <h1>{t('errors.chunkLoadTitle')}</h1>
      <p>{t('errors.chunkLoadBody')}</p>
      <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
    </main>
  );
}
