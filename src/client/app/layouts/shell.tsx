import type { ReactNode } from 'react';
import { SkipLink } from './skip-link';
import { SiteHeader } from './site-header';
import { SiteFooter } from './site-footer';
import { MainContent } from './main-content';
import type { NavItem } from './nav-items';
import type * as styles from './shell.css';

export interface ShellProps {
  nav: readonly NavItem[];
  width: keyof typeof styles.widths;
  children: ReactNode;
}

/** The candidate side's page frame: skip link, header, main, footer (the hiring side has WorkspaceShell). */
export function Shell({ nav, width, children }: ShellProps) {
  return (
    <>
      <SkipLink />
      <SiteHeader nav={nav} width={width} />
      <MainContent width={width}>{children}</MainContent>
      <SiteFooter width={width} />
    </>
  );
}
