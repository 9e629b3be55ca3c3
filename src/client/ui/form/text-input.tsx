import { useId, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../visually-hidden.css';
import * as styles from './form.css';

interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: string;
  error?: string;
  id?: string;
}

/** Label, optional hint and error message wired to the input with aria-describedby (GOV.UK pattern). */
export function TextInput({
  label,
  hint,
  error,
  id,
  className,
  'aria-describedby': extraDescribedBy,
  ...props
}: TextInputProps) {
  const { t } = useTranslation();
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId, extraDescribedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? `${styles.formGroup} ${styles.formGroupError}` : styles.formGroup}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className={styles.errorMessage}>
          <span className={visuallyHidden}>{t('form.errorPrefix')}</span> {error}
        </span>
      )}
      <input
        id={inputId}
        className={[styles.input, error ? styles.inputError : '', className ?? ''].filter(Boolean).join(' ')}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        {...props}
      />
    </div>
  );
}
