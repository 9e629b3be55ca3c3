import { useId } from 'react';
import * as styles from './form.css';

interface SelectOption {
  value: string | number;
  label: string;
}

interface SelectFieldProps {
  label: string;
  value: string | number;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  /** The wrapper's class (its slot in a toolbar); the select itself has the design system's style. */
  className?: string;
  selectClassName?: string;
}

/** A labelled select: the label names it for assistive technology and a click on it focuses it. */
export function SelectField({ label, value, options, onChange, className, selectClassName }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={selectClassName ?? styles.select}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
