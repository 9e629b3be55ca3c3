import { useId, useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrganization } from '../../state/site';
import { LanguageSwitcher } from './language-switcher';
import { MAIN_CONTENT_ID } from './main-content';
import { SignOutItem } from './sign-out-button';
import { SiteFooter } from './site-footer';
import { SkipLink } from './skip-link';
import type { NavItem } from './nav-items';
import * as styles from './workspace.css';

/**
 * The hiring side's frame (decision 0066): a narrow branded bar, the navigation down the side (a Menu
 * button opens it on narrow screens) and the page at the window's full width beside it. The candidate side
 * keeps its GOV.UK Shell.
 */
export function WorkspaceShell({ nav, children }: { nav: readonly NavItem[]; children: ReactNode }) {
  const { t } = useTranslation();
  const organization = useOrganization();
  const [menuOpen, setMenuOpen] = useState(false);
  const listId = useId();
  return (
    <>
      <SkipLink />
      <div className={styles.workspace}>
        <header className={styles.bar}>
          <Link to="/" className={styles.logoLink} aria-label={t('header.homeLink', { name: organization.name })}>
            <img className={styles.logo} src={organization.logoUrl} alt={organization.name} />
          </Link>
          <div className={styles.barEnd}>
            <LanguageSwitcher />
            {nav.length > 0 ? (
              <button
                type="button"
                className={styles.menuButton}
                aria-expanded={menuOpen}
                aria-controls={listId}
                onClick={() => setMenuOpen((open) => !open)}
              >
                {t('header.menu')}
              </button>
            ) : null}
          </div>
        </header>
        {nav.length > 0 ? (
          <nav aria-label={t('header.hrNavLabel')} className={styles.sideNav}>
            <ul id={listId} className={menuOpen ? styles.navList : `${styles.navList} ${styles.navListClosed}`}>
              {nav.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={styles.sideLink} onClick={() => setMenuOpen(false)}>
                    {t(`header.${item.label}`)}
                  </NavLink>
                </li>
              ))}
              <SignOutItem />
            </ul>
          </nav>
        ) : null}
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.main}>
          {children}
        </main>
        <div className={styles.footer}>
          <SiteFooter width="full" />
        </div>
      </div>
    </>
  );
}
