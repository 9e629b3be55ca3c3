import { useState, type ReactNode } from 'react';
import * as styles from './studio.css';

/**
 * A folded part of the editor: its controls are made when it is first opened (the catalogue has over a hundred
 * questions, a pipeline dozens of substages and metrics), or at once when one of them shows a problem, so the error
 * summary can open it and move focus there.
 */
export function Folded({ title, keep, children }: { title: string; keep: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  return (
    <details className={styles.panel} onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary className={styles.summary}>{title}</summary>
      {(opened || keep) && children}
    </details>
  );
}
