import { Link } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useOrganization } from '../../state/site';
import { cookieSettingsOpenAtom } from '../../state/ui';
import * as styles from './shell.css';

export function SiteFooter({ width }: { width: keyof typeof styles.widths }) {
  const { t } = useTranslation();
  const organization = useOrganization();
  const openCookieSettings = useSetAtom(cookieSettingsOpenAtom);
  return (
    <footer className={styles.footer}>
      <div className={styles.widths[width]}>
        <nav aria-label={t('footer.label')}>
          <ul className={styles.footerList}>
            <li>
              <Link to="/terms">{t('footer.terms')}</Link>
            </li>
            <li>
              <Link to="/policy">{t('footer.privacy')}</Link>
            </li>
            <li>
              <button type="button" className={styles.footerButton} onClick={() => openCookieSettings(true)}>
                {t('footer.cookies')}
              </button>
            </li>
          </ul>
        </nav>
        <p>{t('footer.copyright', { name: organization.name })}</p>
      </div>
    </footer>
  );
}
