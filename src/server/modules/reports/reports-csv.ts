import { FOUR_FIFTHS } from '#engine';
import type { Report, ReportDimension, ReportTable } from '#schemas/reports';
import { csvRow, type CsvCell } from '../candidate-items/csv';

/*
 * A report as CSV (decision 0048): each table under a title line, a header row, its rows and its
 * totals, then a blank line. The figures are the report's own, so suppressed counts read "<5" and
 * withheld figures "withheld", exactly as on screen.
 */

/** The English titles of the tables and dimensions (the screen has them in en.json under reports.). */
const TABLE_TITLES: Readonly<Record<ReportTable['id'], string>> = {
  byStage: 'by stage reached',
  conversion: 'conversion from stage to stage',
  fourFifths: 'four-fifths ratio (flagged under 0.8)',
  funnel: 'Drop-off funnel',
  timeInStage: 'Time in stage',
  bySource: 'Time to hire by source',
  byMonth: 'Applications by source and month',
  byStageLeft: 'Rejections and withdrawals by the stage left',
  performanceIndex: 'Performance Index of those who reached each stage',
  averageMark: 'Average mark by university',
};

const DIMENSION_TITLES: Readonly<Record<ReportDimension, string>> = {
  gender: 'Gender',
  ethnicity: 'Ethnicity',
  sexuality: 'Sexual orientation',
  religion: 'Religion or belief',
  disability: 'Disability',
  veteran: 'Veteran',
  schoolType: 'School type',
  schoolBand: 'School performance band',
  universityGroup: 'University group',
  university: 'University',
  source: 'Source',
  stage: 'Stage',
  flag: 'Contextual flag',
  performanceIndexBand: 'Performance Index band',
};

const PER_DIMENSION = new Set(['byStage', 'conversion', 'fourFifths']);

function tableTitle(table: ReportTable): string {
  const title = TABLE_TITLES[table.id];
  return PER_DIMENSION.has(table.id) ? `${DIMENSION_TITLES[table.dimension]} ${title}` : title;
}

function figureCell(figure: ReportTable['rows'][number]['figures'][number], unit: string): CsvCell {
  if (typeof figure !== 'number') return figure;
  if (unit === 'fraction') return `${Math.round(figure * 1000) / 10}%`;
  if (unit === 'ratio') return figure < FOUR_FIFTHS ? `${figure.toFixed(2)} (under ${FOUR_FIFTHS})` : figure.toFixed(2);
  return figure;
}

export function reportCsv(report: Report): string {
  const lines = [csvRow([`Report: ${report.report}`]), csvRow(['Applications', report.applications])];
  if (report.selection.from || report.selection.to)
    lines.push(csvRow(['Applied from', report.selection.from, 'to', report.selection.to]));
  for (const table of report.tables) {
    lines.push('\r\n', csvRow([tableTitle(table)]));
    lines.push(csvRow([DIMENSION_TITLES[table.dimension], ...table.columns.map((c) => c.label)]));
    for (const row of table.rows)
      lines.push(csvRow([row.label, ...row.figures.map((figure, i) => figureCell(figure, table.columns[i]!.unit))]));
    if (table.totals)
      lines.push(csvRow(['Total', ...table.totals.map((figure, i) => figureCell(figure, table.columns[i]!.unit))]));
  }
  // The byte order mark makes Excel read the file as UTF-8.
  return `\uFEFF${lines.join('')}`;
}

export function reportFileName(report: Report, now: Date): string {
  return `${report.report}-report-${now.toISOString().slice(0, 10)}.csv`;
}
