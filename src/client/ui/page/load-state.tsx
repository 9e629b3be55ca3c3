import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button/button';
import { DelayedSpinner } from '../spinner/delayed-spinner';
import type { Load } from './use-load';

interface LoadStateProps<T> {
  state: Load<T>;
  /** The page's heading while it cannot show its data. */
  title: string;
  /** The message for a failed load. */
  message: (error: unknown) => string;
  onRetry?: () => void;
  /** The level of the failure heading: 1 when it stands for the page (default), 2 inside a page with its own h1. */
  heading?: 1 | 2;
  children: (data: T) => ReactNode;
}

/** A page's loading (a delayed spinner), error (its heading, why, and Try again) and loaded states. */
export function LoadState<T>({ state, title, message, onRetry, heading = 1, children }: LoadStateProps<T>) {
  const { t } = useTranslation();
  if (state.status === 'loading') return <DelayedSpinner />;
  if (state.status === 'failed') {
    return (
      <>
        {heading === 1 ? <h1>{title}</h1> : <h2>{title}</h2>}
        <p role="alert">{message(state.error)}</p>
        {onRetry ? (
          <Button variant="secondary" onClick={onRetry}>
            {t('common.tryAgain')}
          </Button>
        ) : null}
      </>
    );
  }
  return <>{children(state.data)}</>;
}
