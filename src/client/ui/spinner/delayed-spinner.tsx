import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SPINNER_DELAY_MS } from '#engine';
import { visuallyHidden } from '../visually-hidden.css';
import * as styles from './spinner.css';

interface DelayedSpinnerProps {
  /** Quick loads finish before this and never flash a spinner (spec §9: 300 ms). */
  delayMs?: number;
}

/** A loading indicator that stays invisible for the first `delayMs`, then announces "Loading…". */
export function DelayedSpinner({ delayMs = SPINNER_DELAY_MS }: DelayedSpinnerProps) {
  const [visible, setVisible] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return null;
  return <Spinner />;
}

export function Spinner() {
  const { t } = useTranslation();
  return (
    <div role="status" className={styles.container}>
      <span className={styles.wheel} aria-hidden="true" />
      <span className={visuallyHidden}>{t('common.loading')}</span>
    </div>
  );
}
