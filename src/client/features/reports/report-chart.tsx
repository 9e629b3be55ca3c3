import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, XAxis, YAxis } from 'recharts';
import type { ReportTable } from '#schemas/reports';
import * as styles from './reports.css';

/*
 * A report table drawn as grouped horizontal bars by recharts. The chart is a picture of the table
 * beside it, which is what assistive technology reads: the chart is one labelled image, its parts
 * hidden. Suppressed figures ("<5", withheld) draw no bar.
 */

const BAR = 14;
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

const shortLabel = (label: string) => (label.length > 28 ? `${label.slice(0, 27)}…` : label);

export function ReportChart({ table, label }: { table: ReportTable; label: string }) {
  const { t } = useTranslation();
  const columns = plotted(table);
  const data = table.rows.map((row) => ({
    label: shortLabel(row.label),
    ...Object.fromEntries(columns.map((c) => [`c${c}`, typeof row.figures[c] === 'number' ? row.figures[c] : null])),
  }));
  const height = table.rows.length * (columns.length * BAR + 12) + 60;
  return (
    // Focusable: a wide chart scrolls sideways, and a keyboard must be able to scroll it too.
    <div className={styles.chart} role="img" aria-label={t('reports.chartLabel', { name: label })} tabIndex={0}>
      <div aria-hidden="true">
        <BarChart
          layout="vertical"
          width={WIDTH}
          height={height}
          data={data}
          barGap={0}
          accessibilityLayer={false}
          margin={{ top: 4, right: 24, bottom: 4, left: 0 }}
        >
          <CartesianGrid horizontal={false} strokeDasharray="3 3" />
          <XAxis type="number" allowDecimals={false} fontSize={12} />
          <YAxis type="category" dataKey="label" width={LABEL_WIDTH} fontSize={12} interval={0} />
          <Legend />
          {columns.map((c, s) => (
            <Bar
              key={c}
              dataKey={`c${c}`}
              name={table.columns[c]!.label}
              fill={SERIES[s]}
              barSize={BAR - 2}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </div>
    </div>
  );
}
