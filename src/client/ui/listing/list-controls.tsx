import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../button/button';
import { TextInput } from '../form/text-input';
import * as styles from './list-controls.css';

interface StatusTabsProps<S extends string> {
  /** The navigation's accessible name. */
  label: string;
  statuses: readonly S[];
  current: S;
  hrefOf: (status: S) => string;
  labelOf: (status: S) => string;
}

/** Links between a managed list's statuses (active / archived); the current one is marked for assistive technology. */
export function StatusTabs<S extends string>({ label, statuses, current, hrefOf, labelOf }: StatusTabsProps<S>) {
  return (
    <nav aria-label={label}>
      <ul className={styles.statusTabs}>
        {statuses.map((status) => (
          <li key={status}>
            <Link
              className={status === current ? styles.tab.current : styles.tab.idle}
              to={hrefOf(status)}
              aria-current={status === current ? 'page' : undefined}
            >
              {labelOf(status)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

interface ListSearchProps {
  id: string;
  /** The search landmark's accessible name. */
  formLabel: string;
  label: string;
  buttonLabel: string;
  /** The term in the address, shown until the user types. */
  initial: string;
  onSearch: (term: string) => void;
}

/** A list's search box: a search landmark with a field and a button; the trimmed term goes to `onSearch`. */
export function ListSearch({ id, formLabel, label, buttonLabel, initial, onSearch }: ListSearchProps) {
  const [term, setTerm] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(term.trim());
  };
  return (
    <form role="search" aria-label={formLabel} onSubmit={submit} className={styles.searchBar} noValidate>
      <TextInput
        id={id}
        label={label}
        type="search"
        maxLength={100}
        value={term}
        onChange={(event) => setTerm(event.target.value)}
      />
      <Button type="submit">{buttonLabel}</Button>
    </form>
  );
}
