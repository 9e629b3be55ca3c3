import type { ReactNode } from 'react';
import * as styles from './shell.css';

export const MAIN_CONTENT_ID = 'main-content';

/** The <main> landmark: target of the skip link and of focus after navigation (tabIndex -1). */
export function MainContent({ width, children }: { width: keyof typeof styles.widths; children: ReactNode }) {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={`${styles.main} ${styles.widths[width]}`}>
      {children}
    </main>
  );
}
