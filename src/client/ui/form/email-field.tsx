import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidEmail } from '#engine';
import { TextInput } from './text-input';
import * as styles from './auth-form.css';

interface EmailFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'value' | 'onChange'> {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** An email input that says, as the user types, when the address has the right form (spec §5). */
export function EmailField({ id, label, hint, value, onChange, error, ...props }: EmailFieldProps) {
  const { t } = useTranslation();
  const valid = value.trim().length > 0 && isValidEmail(value.trim().toLowerCase());
  return (
    <>
      <TextInput
        id={id}
        label={label}
        hint={hint}
        error={error}
        type="email"
        autoComplete="email"
        spellCheck={false}
        autoCapitalize="none"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...props}
      />
      {valid && !error && (
        <span className={`${styles.inlineStatus} ${styles.statusOk}`} aria-live="polite">
          ✓ {t('auth.email.valid')}
        </span>
      )}
    </>
  );
}
