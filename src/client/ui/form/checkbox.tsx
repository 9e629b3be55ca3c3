import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../visually-hidden.css';
import * as styles from './form.css';

interface CheckboxProps {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  disabled?: boolean;
}

/** One yes/no check box with its own label (consent, a setting), with a GOV.UK error above it. */
export function Checkbox({ id, label, checked, onChange, error, disabled }: CheckboxProps) {
  const { t } = useTranslation();
  return (
    <div className={error ? `${styles.formGroup} ${styles.formGroupError}` : styles.formGroup}>
      {error && (
        <span id={`${id}-error`} className={styles.errorMessage}>
          <span className={visuallyHidden}>{t('form.errorPrefix')}</span> {error}
        </span>
      )}
      <div className={styles.choice}>
        <input
          id={id}
          className={styles.choiceInput}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label className={styles.choiceLabel} htmlFor={id}>
          {label}
        </label>
      </div>
    </div>
  );
}
