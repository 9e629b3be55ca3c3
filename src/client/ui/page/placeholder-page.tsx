import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type en from '../../i18n/locales/en.json';
import { lead } from '../typography.css';

type Pages = (typeof en)['pages'];
/** The pages with a one-line summary (the others, such as /terms, show their own content). */
type PageKey = { [Page in keyof Pages]: Pages[Page] extends { lead: string } ? Page : never }[keyof Pages];

interface PlaceholderPageProps {
  page: PageKey;
  /** Interpolation values: some titles name the organisation. */
  values?: { name: string };
  children?: ReactNode;
}

/** The heading and one-line summary of a screen whose content a later issue builds. */
export function PlaceholderPage({ page, values, children }: PlaceholderPageProps) {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t(`pages.${page}.title` as const, { name: values?.name ?? '' })}</h1>
      <p className={lead}>{t(`pages.${page}.lead` as const, { name: values?.name ?? '' })}</p>
      {children}
    </>
  );
}
