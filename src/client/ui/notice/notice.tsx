import type { ReactNode } from 'react';
import * as styles from './notice.css';

/** GOV.UK inset text (a quote or an aside) and warning text (something the reader must not miss). */
export function Notice({ kind = 'inset', children }: { kind?: 'inset' | 'warning'; children: ReactNode }) {
  return <div className={styles.kinds[kind]}>{children}</div>;
}

/** GOV.UK notification banner: something about the whole page, with a title. */
export function Banner({
  title,
  kind = 'banner',
  children,
}: {
  title: string;
  kind?: 'banner' | 'success';
  children: ReactNode;
}) {
  return (
    <div className={styles.kinds[kind]} role={kind === 'success' ? 'status' : 'region'} aria-label={title}>
      <p className={styles.bannerTitles[kind]}>{title}</p>
      <div className={styles.bannerBody}>{children}</div>
    </div>
  );
}

/** GOV.UK confirmation panel: the page's h1 and what happened. */
export function ConfirmationPanel({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.panel}>
      <h1 className={styles.panelTitle}>{title}</h1>
      {children}
    </div>
  );
}
