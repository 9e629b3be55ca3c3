import type { ReportDimension, ReportTable } from '#schemas/reports';
import { suppressColumn } from './suppression';

/*
 * Report tables from counts (decision 0048): the counts of a dimension by stage reached, laid out
 * as a table and suppressed column by column (decision 0049). Pure, so the server builds its
 * reports with it and the property tests build the same tables from random applications.
 */

export type ReportColumn = ReportTable['columns'][number];
export type ReportRow = ReportTable['rows'][number];

/** Applications of one value of a dimension (a flag, a gender…; `all` for every application) that reached a stage. */
export interface ReachedCount {
  readonly dimension: string;
  readonly value: string | null;
  readonly stage_id: number;
  readonly n: number;
}

/** A stage a by-stage table has a column for. */
export interface ReportStage {
  readonly id: number;
  readonly name: string;
}

export interface CountGrid {
  readonly rows: readonly ReportRow[];
  readonly columns: readonly ReportColumn[];
  /** The count of a row (its key) in a column (its key). */
  readonly count: (row: string, column: string) => number;
  /** The column's population total. */
  readonly total: (column: string) => number;
  /** Each application in exactly one row (so a reader can subtract). */
  readonly partition: boolean;
}

/** A count table, suppressed column by column. */
export function countTable(id: ReportTable['id'], dimension: ReportDimension, grid: CountGrid): ReportTable {
  const shown = grid.columns.map((column) =>
    suppressColumn(
      { total: grid.total(column.key), cells: grid.rows.map((row) => grid.count(row.key, column.key)) },
      grid.partition,
    ),
  );
  return {
    id,
    dimension,
    columns: [...grid.columns],
    rows: grid.rows.map((row, r) => ({ ...row, figures: shown.map((column) => column.cells[r]!) })),
    totals: shown.map((column) => column.total),
  };
}

/** The row key of a value: the missing value ('' ) is a row of its own. */
export const rowKey = (value: string | null): string => value ?? '';

/** Row keys of a dimension in a stable order: by count (largest first), then label; the missing value last. */
export function rowsByCount(
  counts: ReadonlyMap<string | null, number>,
  label: (value: string | null) => string,
): ReportRow[] {
  return [...counts.entries()]
    .sort(([a, n], [b, m]) => Number(a === null) - Number(b === null) || m - n || label(a).localeCompare(label(b)))
    .map(([value]) => ({ key: rowKey(value), label: label(value), figures: [] }));
}

/** The counts of one dimension of a by-stage query, indexed. */
export function reachedIndex(rows: readonly ReachedCount[], dimension: string) {
  const counts = new Map<string, number>();
  const byValue = new Map<string | null, number>();
  for (const row of rows) {
    if (row.dimension !== dimension) continue;
    counts.set(`${rowKey(row.value)}|${row.stage_id}`, row.n);
    byValue.set(row.value, (byValue.get(row.value) ?? 0) + row.n);
  }
  return { count: (value: string, stage: string) => counts.get(`${value}|${stage}`) ?? 0, byValue };
}

const stageColumns = (stages: readonly ReportStage[]): ReportColumn[] =>
  stages.map((stage) => ({ key: String(stage.id), label: stage.name, unit: 'count' }));

/**
 * A dimension by stage reached (counts). `rows`: the table's rows in order (a fixed list of values),
 * or, when left out, every value found, by count. `partition`: each application has one value.
 */
export function byStageTable(
  stages: readonly ReportStage[],
  counts: readonly ReachedCount[],
  dimension: ReportDimension,
  options: {
    partition: boolean;
    label: (value: string | null) => string;
    rows?: ReadonlyArray<string | null>;
  },
): ReportTable {
  const index = reachedIndex(counts, dimension);
  const all = reachedIndex(counts, 'all');
  return countTable('byStage', dimension, {
    rows: options.rows
      ? options.rows.map((value) => ({ key: rowKey(value), label: options.label(value), figures: [] }))
      : rowsByCount(index.byValue, options.label),
    columns: stageColumns(stages),
    count: index.count,
    total: (stage) => all.count('all', stage),
    partition: options.partition,
  });
}
