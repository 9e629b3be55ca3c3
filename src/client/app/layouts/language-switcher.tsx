import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, withLanguage } from '#engine';
import { useOrganization } from '../../state/site';
import * as styles from './shell.css';

/**
 * Links to the page in each of the organisation's languages (spec §2 `language` parameter). They
 * load the page anew, so the organisation's translation is fetched once per language.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const { search, pathname } = useLocation();
  const organization = useOrganization();
  if (organization.additionalLanguageSupport.length === 0) return null;
  const languages = [
    { code: DEFAULT_LANGUAGE, name: t('header.defaultLanguageName') },
    ...organization.additionalLanguageSupport,
  ];
  const current = i18n.resolvedLanguage ?? DEFAULT_LANGUAGE;
  return (
    <nav aria-label={t('header.language')} className={styles.languages}>
      <ul className={styles.languageList}>
        {languages.map((language) => (
          <li key={language.code}>
            {language.code === current ? (
              <span aria-current="true" lang={language.code} className={styles.languageCurrent}>
                {language.name}
              </span>
            ) : (
              <a
                href={`${pathname}${withLanguage(search, language.code)}`}
                lang={language.code}
                hrefLang={language.code}
                className={styles.languageLink}
              >
                {language.name}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
