import { useId, useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordProblems, type PasswordRule } from '#engine';
import { visuallyHidden } from '../visually-hidden.css';
import { TextInput } from './text-input';
import * as styles from './auth-form.css';

const RULE_ORDER: readonly PasswordRule[] = ['length', 'lowercase', 'uppercase', 'digit', 'special'];

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'value' | 'onChange'> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  /** Show the rules of spec §5, each ticked as the user types (new passwords). */
  showRules?: boolean;
}

/**
 * A password input with a show/hide button and, for new passwords, the rules of spec §5 listed
 * under it and ticked as they are met (the same engine rules the server applies).
 */
export function PasswordField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  showRules = false,
  ...props
}: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const rulesId = useId();
  const problems = new Set(passwordProblems(value));
  return (
    <>
      <TextInput
        id={id}
        label={label}
        hint={hint}
        error={error}
        type={visible ? 'text' : 'password'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        spellCheck={false}
        autoCapitalize="none"
        aria-describedby={showRules ? rulesId : undefined}
        {...props}
      />
      <button
        type="button"
        className={styles.showButton}
        aria-controls={id}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? t('auth.hidePassword') : t('auth.showPassword')}
      </button>
      {showRules && (
        <div id={rulesId}>
          <p>{t('auth.password.rulesIntro')}</p>
          <ul className={styles.rules}>
            {RULE_ORDER.map((rule) => {
              const met = value.length > 0 && !problems.has(rule);
              return (
                <li
                  key={rule}
                  className={`${styles.rule} ${met ? styles.ruleMet : styles.ruleNotMet}`}
                  data-rule={rule}
                  data-met={met}
                >
                  <span className={styles.ruleMark} aria-hidden="true">
                    {met ? '✓' : '–'}
                  </span>
                  <span>
                    {t(`auth.password.rules.${rule}`)}
                    <span className={visuallyHidden}>
                      {' '}
                      ({met ? t('auth.password.ruleMet') : t('auth.password.ruleNotMet')})
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </>
  );
}
