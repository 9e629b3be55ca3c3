import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../visually-hidden.css';
import * as styles from './form.css';

interface FieldProps {
  label: string;
  hint?: string;
  error?: string;
  id?: string;
  'aria-describedby'?: string;
}

/** The control's id and what describes it (hint, error, anything extra), for label and aria-describedby. */
function useFieldIds({ id, hint, error, 'aria-describedby': extra }: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId, extra].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, describedBy };
}

/** Label, optional hint and error message above a control (GOV.UK pattern). */
function FieldFrame({
  label,
  hint,
  error,
  ids,
  children,
}: FieldProps & { ids: ReturnType<typeof useFieldIds>; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={error ? `${styles.formGroup} ${styles.formGroupError}` : styles.formGroup}>
      <label className={styles.label} htmlFor={ids.controlId}>
        {label}
      </label>
      {hint && (
        <span id={ids.hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={ids.errorId} className={styles.errorMessage}>
          <span className={visuallyHidden}>{t('form.errorPrefix')}</span> {error}
        </span>
      )}
      {children}
    </div>
  );
}

type TextInputProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-describedby'>;

/** Label, optional hint and error message wired to the input with aria-describedby (GOV.UK pattern). */
export function TextInput({ label, hint, error, id, className, 'aria-describedby': extra, ...props }: TextInputProps) {
  const ids = useFieldIds({ label, hint, error, id, 'aria-describedby': extra });
  return (
    <FieldFrame label={label} hint={hint} error={error} ids={ids}>
      <input
        id={ids.controlId}
        className={[styles.input, error ? styles.inputError : '', className ?? ''].filter(Boolean).join(' ')}
        aria-describedby={ids.describedBy}
        aria-invalid={error ? true : undefined}
        {...props}
      />
    </FieldFrame>
  );
}

type TextAreaProps = FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'aria-describedby'>;

/** A multi-line answer framed like TextInput; `className` replaces the default textarea style. */
export function TextArea({ label, hint, error, id, className, 'aria-describedby': extra, ...props }: TextAreaProps) {
  const ids = useFieldIds({ label, hint, error, id, 'aria-describedby': extra });
  return (
    <FieldFrame label={label} hint={hint} error={error} ids={ids}>
      <textarea
        id={ids.controlId}
        className={className ?? styles.textarea}
        aria-describedby={ids.describedBy}
        aria-invalid={error ? true : undefined}
        {...props}
      />
    </FieldFrame>
  );
}
