import type { ReactNode } from 'react';
import { SkipLink } from './skip-link';
import { SiteHeader } from './site-header';
import { SiteFooter } from './site-footer';
import { MainContent } from './main-content';
import type { NavItem } from './nav-items';
import type * as styles from './shell.css';

export interface ShellProps {
  nav: readonly NavItem[];
  side: 'candidate' | 'hr';
  width: keyof typeof styles.widths;
  children: ReactNode;
}

/** The page frame every layout shares: skip link, header, main, footer. */
export function Shell({ nav, side, width, children }: ShellProps) {
  return (
    <>
      <SkipLink />
      <SiteHeader nav={nav} navLabel={side === 'hr' ? 'hrNavLabel' : 'navLabel'} width={width} />
      <MainContent width={width}>{children}</MainContent>
      <SiteFooter width={width} />
    </>
  );
}
