import { CONTEXTUAL_FLAGS } from '#schemas/contextual';
import type { ReportTable } from '#schemas/reports';
import { FLAG_NAMES } from '../contextual/panel';
import { groupFigure } from './suppression';
import { byStageTable, type ReachedCount, type ReportStage } from './tables';

/*
 * The contextual report (spec §3 Report types; decision 0062): contextual flags and the
 * Performance Index by stage reached, for the selected applications. Flags overlap (an
 * application may have several, or none), so that table has primary suppression only; the PI
 * bands split the applications (each in one band, or without a PI) and have secondary
 * suppression too; the PI's median and mean show only over 5 or more applications.
 */

/** The PI bands' lower limits after the first: under 80, 80 to under 100, 100 to under 120, 120 or more. */
export const PI_BAND_LIMITS = [80, 100, 120] as const;

/** A band's key: the index of its range, as text ('0' … '3'). */
export function piBandKey(index: number): string {
  return String(PI_BAND_LIMITS.filter((limit) => index >= limit).length);
}

const PI_BAND_LABELS: Readonly<Record<string, string>> = {
  '0': 'Under 80 (well below their school’s average)',
  '1': '80 to under 100',
  '2': '100 to under 120',
  '3': '120 or more (well above their school’s average)',
};
const NO_FLAG = 'No contextual flag';
const NO_PI = 'No Performance Index';

/** Applications with a PI that reached a stage, and the median and mean of their PIs. */
export interface PiAtStage {
  readonly stage_id: number;
  readonly n: number;
  readonly median: number | null;
  readonly mean: number | null;
}

const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/**
 * The contextual report's tables. `counts` has the dimensions `all` (every application), `flag`
 * (each flag an application has; null for none) and `performanceIndexBand` (piBandKey; null
 * without a PI).
 */
export function contextualTables(
  stages: readonly ReportStage[],
  counts: readonly ReachedCount[],
  piAtStages: readonly PiAtStage[],
): ReportTable[] {
  const flags = byStageTable(stages, counts, 'flag', {
    partition: false,
    rows: [...CONTEXTUAL_FLAGS, null],
    label: (flag) => (flag === null ? NO_FLAG : (FLAG_NAMES[flag as keyof typeof FLAG_NAMES] ?? flag)),
  });
  const bands = byStageTable(stages, counts, 'performanceIndexBand', {
    partition: true,
    rows: [...Object.keys(PI_BAND_LABELS), null],
    label: (band) => (band === null ? NO_PI : (PI_BAND_LABELS[band] ?? band)),
  });
  const atStage = new Map(piAtStages.map((row) => [row.stage_id, row]));
  const performance: ReportTable = {
    id: 'performanceIndex',
    dimension: 'stage',
    columns: [
      { key: 'median', label: 'Median PI', unit: 'index' },
      { key: 'mean', label: 'Mean PI', unit: 'index' },
    ],
    rows: stages.map((stage) => {
      const row = atStage.get(stage.id);
      return {
        key: String(stage.id),
        label: stage.name,
        figures: [
          groupFigure(row?.n ?? 0, oneDecimal(row?.median ?? null)),
          groupFigure(row?.n ?? 0, oneDecimal(row?.mean ?? null)),
        ],
      };
    }),
  };
  return [flags, bands, performance];
}
