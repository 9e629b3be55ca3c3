import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/dialog/dialog';
import { Switch } from '../../ui/switch/switch';
import { Button } from '../../ui/button/button';
import * as styles from './consent.css';

interface ManageCookiesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Starting state of the analytics switch: the current choice. */
  analytics: boolean;
  onSave: (analytics: boolean) => void;
}

export function ManageCookiesDialog({ open, onOpenChange, analytics, onSave }: ManageCookiesDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('consent.dialogTitle')}
      description={t('consent.dialogDescription')}
    >
      {/* Mounted only while open, so each opening starts from the saved choice. */}
      {open && <CookiePreferences initialAnalytics={analytics} onSave={onSave} />}
    </Dialog>
  );
}

function CookiePreferences({
  initialAnalytics,
  onSave,
}: {
  initialAnalytics: boolean;
  onSave: (analytics: boolean) => void;
}) {
  const { t } = useTranslation();
  const [analytics, setAnalytics] = useState(initialAnalytics);
  const analyticsTitleId = useId();
  const analyticsBodyId = useId();
  return (
    <>
      <section className={styles.section} aria-labelledby={`${analyticsTitleId}-necessary`}>
        <h3 id={`${analyticsTitleId}-necessary`} className={styles.sectionTitle}>
          {t('consent.necessaryTitle')}
        </h3>
        <p>{t('consent.necessaryBody')}</p>
        <p className={styles.alwaysOn}>{t('consent.necessaryState')}</p>
      </section>
      <section className={styles.section} aria-labelledby={analyticsTitleId}>
        <h3 id={analyticsTitleId} className={styles.sectionTitle}>
          {t('consent.analyticsTitle')}
        </h3>
        <p id={analyticsBodyId}>{t('consent.analyticsBody')}</p>
        <Switch
          checked={analytics}
          onChange={setAnalytics}
          labelledBy={analyticsTitleId}
          describedBy={analyticsBodyId}
        />
      </section>
      <div className={styles.actions}>
        <Button onClick={() => onSave(analytics)}>{t('consent.save')}</Button>
      </div>
    </>
  );
}
