import { useEffect, useId, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import * as styles from './auth-form.css';

export interface SummaryError {
  /** id of the input the link moves focus to. */
  fieldId?: string;
  message: string;
}

interface ErrorSummaryProps {
  /** Defaults to "There is a problem". */
  title?: string;
  errors: readonly SummaryError[];
  /** The summary takes focus whenever this changes (each failed submit). */
  focusKey?: unknown;
}

/**
 * GOV.UK error summary: "There is a problem" with a link to each field at fault. It takes focus
 * on each failed submit so keyboard and screen-reader users land on it (role="alert" announces it).
 */
export function ErrorSummary({ title, errors, focusKey }: ErrorSummaryProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [focusKey]);
  if (errors.length === 0) return null;
  const onClick = (fieldId: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    const field = document.getElementById(fieldId);
    if (!field) return;
    event.preventDefault();
    field.focus();
    document.querySelector(`label[for="${fieldId}"]`)?.scrollIntoView?.({ block: 'start' });
  };
  return (
    <div ref={ref} className={styles.errorSummary} role="alert" aria-labelledby={titleId} tabIndex={-1}>
      <h2 id={titleId} className={styles.errorSummaryTitle}>
        {title ?? t('auth.thereIsAProblem')}
      </h2>
      <ul className={styles.errorSummaryList}>
        {errors.map((error) => (
          <li key={`${error.fieldId ?? ''}:${error.message}`}>
            {error.fieldId ? (
              <a href={`#${error.fieldId}`} className={styles.errorSummaryLink} onClick={onClick(error.fieldId)}>
                {error.message}
              </a>
            ) : (
              <span className={styles.errorSummaryLink}>{error.message}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
