import { useTranslation } from 'react-i18next';
import { FOUR_FIFTHS } from '#engine';
import type { ReportTable } from '#schemas/reports';
import * as styles from './reports.css';

type Unit = ReportTable['columns'][number]['unit'];
type Figure = ReportTable['rows'][number]['figures'][number];

/** A figure as text: "<5" and "withheld" as such, fractions as percentages, ratios to two places. */
function useFigureText(): (figure: Figure, unit: Unit) => string {
  const { t, i18n } = useTranslation();
  return (figure, unit) => {
    if (figure === '<5') return t('reports.small');
    if (figure === 'withheld') return t('reports.withheld');
    if (unit === 'fraction')
      return new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 }).format(figure);
    if (unit === 'ratio') return figure.toFixed(2);
    return new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(figure);
  };
}

/** A report table with its caption, column and row headers, totals, and four-fifths flags. */
export function ReportDataTable({ table, caption }: { table: ReportTable; caption: string }) {
  const { t } = useTranslation();
  const text = useFigureText();
  const isFlagged = (figure: Figure, unit: Unit) =>
    unit === 'ratio' && typeof figure === 'number' && figure < FOUR_FIFTHS;
  return (
    // A region the keyboard can scroll when the table is wider than the page (many stages).
    <div className={styles.tableWrap} role="region" aria-label={caption} tabIndex={0}>
      <table className={styles.table}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th className={styles.cell} scope="col">
              {t(`reports.dimension.${table.dimension}`)}
            </th>
            {table.columns.map((column) => (
              <th key={column.key} className={styles.numeric} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.key}>
              <th className={styles.cell} scope="row">
                {row.label}
              </th>
              {row.figures.map((figure, i) => {
                const unit = table.columns[i]!.unit;
                const flagged = isFlagged(figure, unit);
                return (
                  <td key={table.columns[i]!.key} className={flagged ? styles.flagged : styles.numeric}>
                    {text(figure, unit)}
                    {flagged ? <> {t('reports.underFourFifths')}</> : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        {table.totals ? (
          <tfoot>
            <tr>
              <th className={styles.cell} scope="row">
                {t('reports.total')}
              </th>
              {table.totals.map((figure, i) => (
                <td key={table.columns[i]!.key} className={styles.numeric}>
                  {text(figure, table.columns[i]!.unit)}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
