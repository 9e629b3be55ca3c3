import type { ReactNode } from 'react';
import * as styles from './tag.css';

export type TagColour = keyof typeof styles.colours;

/** A short status label (GOV.UK tag). */
export function Tag({ colour = 'blue', children }: { colour?: TagColour; children: ReactNode }) {
  return <strong className={styles.colours[colour]}>{children}</strong>;
}
