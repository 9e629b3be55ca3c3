import { useTranslation } from 'react-i18next';
import { Button, ButtonGroup } from '../../ui/button/button';
import * as styles from './consent.css';

interface CookieBannerProps {
  organisationName: string;
  onAcceptAll: () => void;
  onRejectAll: () => void;
  onManage: () => void;
}

/** The first-visit question about cookies, with the three choices given equal weight. */
export function CookieBanner({ organisationName, onAcceptAll, onRejectAll, onManage }: CookieBannerProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.banner} role="region" aria-label={t('consent.bannerLabel')}>
      <div className={styles.inner}>
        <h2 className={styles.title}>{t('consent.bannerTitle', { name: organisationName })}</h2>
        <p>{t('consent.bannerEssential')}</p>
        <p>{t('consent.bannerAnalytics')}</p>
        <ButtonGroup>
          <Button onClick={onRejectAll}>{t('consent.rejectAll')}</Button>
          <Button onClick={onAcceptAll}>{t('consent.acceptAll')}</Button>
          <Button variant="secondary" onClick={onManage}>
            {t('consent.manage')}
          </Button>
        </ButtonGroup>
      </div>
    </div>
  );
}
