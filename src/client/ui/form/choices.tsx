import { useId, type ChangeEvent, type ReactNode } from 'react';
import * as styles from './form.css';

interface ChoiceOption {
  value: string;
  label: string;
}

interface ChoiceGroupProps {
  legend: string;
  hint?: string;
  options: readonly ChoiceOption[];
  name: string;
}

interface RadiosProps extends ChoiceGroupProps {
  value: string | null;
  onChange: (value: string) => void;
}

/** One answer from a short list: a fieldset whose legend asks the question. */
export function Radios({ legend, hint, options, name, value, onChange }: RadiosProps) {
  return (
    <ChoiceFieldset legend={legend} hint={hint}>
      {options.map((option) => (
        <Choice
          key={option.value}
          type="radio"
          name={name}
          option={option}
          checked={value === option.value}
          onChange={() => onChange(option.value)}
        />
      ))}
    </ChoiceFieldset>
  );
}

interface CheckboxesProps extends ChoiceGroupProps {
  values: readonly string[];
  onChange: (values: string[]) => void;
}

/** Any number of answers from a list. */
export function Checkboxes({ legend, hint, options, name, values, onChange }: CheckboxesProps) {
  const toggle = (value: string) => (event: ChangeEvent<HTMLInputElement>) =>
    onChange(event.target.checked ? [...values, value] : values.filter((v) => v !== value));
  return (
    <ChoiceFieldset legend={legend} hint={hint}>
      {options.map((option) => (
        <Choice
          key={option.value}
          type="checkbox"
          name={name}
          option={option}
          checked={values.includes(option.value)}
          onChange={toggle(option.value)}
        />
      ))}
    </ChoiceFieldset>
  );
}

function ChoiceFieldset({ legend, hint, children }: { legend: string; hint?: string; children: ReactNode }) {
  const hintId = useId();
  return (
    <div className={styles.formGroup}>
      <fieldset className={styles.fieldset} aria-describedby={hint ? hintId : undefined}>
        <legend className={styles.legend}>{legend}</legend>
        {hint && (
          <span id={hintId} className={styles.hint}>
            {hint}
          </span>
        )}
        {children}
      </fieldset>
    </div>
  );
}

interface ChoiceProps {
  type: 'radio' | 'checkbox';
  name: string;
  option: ChoiceOption;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

function Choice({ type, name, option, checked, onChange }: ChoiceProps) {
  const id = useId();
  return (
    <div className={styles.choice}>
      <input
        id={id}
        className={styles.choiceInput}
        type={type}
        name={name}
        value={option.value}
        checked={checked}
        onChange={onChange}
      />
      <label className={styles.choiceLabel} htmlFor={id}>
        {option.label}
      </label>
    </div>
  );
}
