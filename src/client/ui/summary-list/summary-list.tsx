import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { visuallyHidden } from '../visually-hidden.css';
import * as styles from './summary-list.css';

export interface SummaryRow {
  key: string;
  label: string;
  value: ReactNode;
  /** A link to change the value: its text, and what it changes for screen readers. */
  action?: { to: string; text: string; hiddenText: string };
}

/** GOV.UK summary list: facts about something, each with an optional Change link. */
export function SummaryList({ rows }: { rows: readonly SummaryRow[] }) {
  return (
    <dl className={styles.list}>
      {rows.map((row) => (
        <div key={row.key} className={styles.row}>
          <dt className={styles.key}>{row.label}</dt>
          <dd className={styles.value}>{row.value}</dd>
          {row.action ? (
            <dd className={styles.action}>
              <Link to={row.action.to}>
                {row.action.text} <span className={visuallyHidden}>{row.action.hiddenText}</span>
              </Link>
            </dd>
          ) : null}
        </div>
      ))}
    </dl>
  );
}
