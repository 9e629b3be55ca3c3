import { useTranslation } from 'react-i18next';
import type { ReportTable } from '#schemas/reports';
import * as styles from './reports.css';

/*
 * A report table drawn as grouped horizontal bars (plain SVG: the charting library asked for is
 * not installed, decision 0048). The chart is a picture of the table beside it, which is what
 * assistive technology reads: the SVG is one image with a short label. Suppressed figures draw
 * no bar.
 */

const BAR = 14;
const GAP = 6;
const LABEL_WIDTH = 200;
const WIDTH = 560;
/** Colour-blind-safe series colours (Okabe–Ito), each 3:1 or more against white. */
const SERIES = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#56b4e9', '#e69f00', '#000000', '#8a6d00'];

/** The table's plotted columns: its first column alone for mixed units, else every column (at most 8). */
function plotted(table: ReportTable): number[] {
  const units = new Set(table.columns.map((column) => column.unit));
  const all = table.columns.map((_column, i) => i);
  return (units.size > 1 ? [0] : all).slice(0, SERIES.length);
}

export function ReportChart({ table, label }: { table: ReportTable; label: string }) {
  const { t } = useTranslation();
  const columns = plotted(table);
  const values = table.rows.flatMap((row) => columns.map((c) => row.figures[c]));
  const max = Math.max(1, ...values.filter((value): value is number => typeof value === 'number'));
  const groupHeight = columns.length * BAR + GAP * 2;
  const height = table.rows.length * groupHeight + GAP;
  const scale = (value: number) => (value / max) * (WIDTH - LABEL_WIDTH - 40);
  return (
    <div className={styles.chart}>
      <svg role="img" aria-label={t('reports.chartLabel', { name: label })} width={WIDTH} height={height}>
        {table.rows.map((row, r) => (
          <g key={row.key} transform={`translate(0, ${r * groupHeight + GAP})`}>
            <text x={LABEL_WIDTH - 8} y={(columns.length * BAR) / 2 + 4} textAnchor="end" fontSize="12">
              {row.label.length > 28 ? `${row.label.slice(0, 27)}…` : row.label}
            </text>
            {columns.map((c, s) => {
              const value = row.figures[c];
              return typeof value === 'number' ? (
                <rect
                  key={c}
                  x={LABEL_WIDTH}
                  y={s * BAR}
                  width={Math.max(1, scale(value))}
                  height={BAR - 2}
                  fill={SERIES[s]}
                />
              ) : null;
            })}
          </g>
        ))}
      </svg>
      <ul className={styles.legend} aria-hidden="true">
        {columns.map((c, s) => (
          <li key={c}>
            <span className={styles.swatch} style={{ backgroundColor: SERIES[s] }} /> {table.columns[c]!.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
