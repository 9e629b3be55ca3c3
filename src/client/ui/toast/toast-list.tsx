import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import * as styles from './toast.css';

export type ToastKind = keyof typeof styles.kinds;

export interface ToastMessage {
  id: number;
  kind: ToastKind;
  message: string;
  timeoutMs: number;
}

interface ToastListProps {
  toasts: readonly ToastMessage[];
  onDismiss: (id: number) => void;
}

/**
 * Where toasts appear. The live region is always in the page, so screen readers notice what is
 * added to it; errors also carry role="alert" to be announced at once.
 */
export function ToastList({ toasts, onDismiss }: ToastListProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.region} role="region" aria-label={t('toast.regionLabel')}>
      <div className={styles.list} aria-live="polite" aria-relevant="additions text">
        {toasts.map((toast) => (
          <Toast key={toast.id} toast={toast} onDismiss={onDismiss} />
        ))}
      </div>
    </div>
  );
}

function Toast({ toast, onDismiss }: { toast: ToastMessage; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  const { id, timeoutMs } = toast;
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(id), timeoutMs);
    return () => clearTimeout(timer);
  }, [id, timeoutMs, onDismiss]);
  return (
    <div className={styles.kinds[toast.kind]} role={toast.kind === 'error' ? 'alert' : undefined}>
      <p className={styles.message}>{toast.message}</p>
      {/* The label extends the visible word ("label in name"), so voice control still finds it. */}
      <button
        type="button"
        className={styles.dismiss}
        aria-label={t('toast.dismissLabel')}
        onClick={() => onDismiss(id)}
      >
        {t('toast.dismiss')}
      </button>
    </div>
  );
}
