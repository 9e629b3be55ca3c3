import { Link, NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrganization } from '../../state/site';
import { LanguageSwitcher } from './language-switcher';
import { SignOutItem } from './sign-out-button';
import type { NavItem } from './nav-items';
import * as styles from './shell.css';

interface SiteHeaderProps {
  nav: readonly NavItem[];
  width: keyof typeof styles.widths;
}

/** The branded banner: organisation logo on its header colour, then the navigation. */
export function SiteHeader({ nav, width }: SiteHeaderProps) {
  const { t } = useTranslation();
  const organization = useOrganization();
  return (
    <header className={styles.header}>
      <div className={`${styles.widths[width]} ${styles.headerInner}`}>
        <LanguageSwitcher />
        <Link to="/" className={styles.logoLink} aria-label={t('header.homeLink', { name: organization.name })}>
          <img className={styles.logo} src={organization.logoUrl} alt={organization.name} />
        </Link>
        {nav.length > 0 && (
          <nav aria-label={t('header.navLabel')}>
            <ul className={styles.navList}>
              {nav.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={styles.navLink}>
                    {t(`header.${item.label}`)}
                  </NavLink>
                </li>
              ))}
              <SignOutItem />
            </ul>
          </nav>
        )}
      </div>
    </header>
  );
}
