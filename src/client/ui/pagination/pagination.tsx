import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../visually-hidden.css';
import * as styles from './pagination.css';

interface PaginationProps {
  /** The page shown, from 0. */
  page: number;
  totalPages: number;
  /** The address of a page (the page number from 0). */
  hrefFor: (page: number) => string;
}

/** Pages numbered from 1 around the current one, with the first and last always shown. */
function pagesToShow(page: number, totalPages: number): Array<number | 'gap'> {
  const shown = [...new Set([0, page - 1, page, page + 1, totalPages - 1])]
    .filter((p) => p >= 0 && p < totalPages)
    .sort((a, b) => a - b);
  return shown.flatMap((p, i) => (i > 0 && p - shown[i - 1]! > 1 ? ['gap' as const, p] : [p]));
}

/** GOV.UK pagination: Previous, the page numbers and Next, as real links (the page is in the address). */
export function Pagination({ page, totalPages, hrefFor }: PaginationProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav className={styles.nav} aria-label={t('common.pagination.label')}>
      {page > 0 ? (
        <Link className={styles.link} to={hrefFor(page - 1)} rel="prev">
          {t('common.pagination.previous')}
          <span className={visuallyHidden}> {t('common.pagination.page')}</span>
        </Link>
      ) : null}
      <ul className={styles.list}>
        {pagesToShow(page, totalPages).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} className={styles.item} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p} className={styles.item}>
              {p === page ? (
                <span className={styles.current} aria-current="page">
                  <span className={visuallyHidden}>{t('common.pagination.page')} </span>
                  {p + 1}
                </span>
              ) : (
                <Link
                  className={styles.link}
                  to={hrefFor(p)}
                  aria-label={t('common.pagination.pageNumber', { number: p + 1 })}
                >
                  {p + 1}
                </Link>
              )}
            </li>
          ),
        )}
      </ul>
      {page < totalPages - 1 ? (
        <Link className={styles.link} to={hrefFor(page + 1)} rel="next">
          {t('common.pagination.next')}
          <span className={visuallyHidden}> {t('common.pagination.page')}</span>
        </Link>
      ) : null}
    </nav>
  );
}
