import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { backLink } from './back-link.css';

/** GOV.UK back link to the page the reader came from. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={backLink}>
      {children}
    </Link>
  );
}
