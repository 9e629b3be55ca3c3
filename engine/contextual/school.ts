import type { ReferenceMeasure, SchoolContext } from '#schemas/contextual';
import { round } from './grades';
import { nameKey, postcodeKey, type ContextualReference } from './reference';

/*
 * School and area measures (decision 0050): a named school's published performance, where it
 * ranks among the reference schools (its percentile and band), and the home postcode's
 * participation and deprivation measures.
 */

/** The measure a school is ranked by, first found in this order: post-16 results, then GCSE. */
export const RANKING_MEASURES = [
  'KS5_APS_PER_ENTRY',
  'HIGHERS_TARIFF_PER_ENTRY',
  'MEDIAN_ATAR',
  'IB_AVERAGE_POINTS',
  'ATTAINMENT_8',
] as const;

/** The bottom band: schools below this percentile (the bottom fifth) set LOW_PERFORMING_SCHOOL. */
export const BOTTOM_BAND_PERCENTILE = 20;

/**
 * The share (0..100, one decimal) of the other reference schools with the measure whose value is
 * lower than `value`: 0 for the lowest school, 100 for the highest. Null when no other school has it.
 */
export function percentileAmong(sortedValues: readonly number[], value: number): number | null {
  const others = sortedValues.length - 1;
  if (others < 1) return null;
  const lower = sortedValues.filter((v) => v < value).length;
  return round((Math.min(lower, others) / others) * 100, 1);
}

/** 1 (bottom fifth) .. 5 (top fifth). */
export const bandOf = (percentile: number): number => Math.min(5, Math.floor(percentile / 20) + 1);

/** A named school's measures, percentile and band; measures empty and percentile null when it is not known. */
export function schoolContext(reference: ContextualReference, field: string, name: string): SchoolContext {
  const measures = reference.schools.get(nameKey(name)) ?? [];
  const ranking = RANKING_MEASURES.map((m) => measures.find((x) => x.measure === m)).find((m) => m !== undefined);
  const percentile = ranking
    ? percentileAmong(reference.measureValues.get(ranking.measure) ?? [], ranking.value)
    : null;
  return { field, name, measures, percentile, band: percentile === null ? null : bandOf(percentile) };
}

/** Area measures that mark a low-participation or high-deprivation area, with the highest value that does. */
const AREA_THRESHOLDS: Readonly<Record<string, number>> = {
  POLAR4_QUINTILE: 1,
  IMD_DECILE: 2,
  SEIFA_IRSD_DECILE: 2,
};

/**
 * The measures of a home postcode: the whole postcode's if the table has it, else its UK
 * district's (the outward code: all but the last three characters). Null when neither is known.
 */
export function areaMeasures(reference: ContextualReference, postcode: string): ReferenceMeasure[] | null {
  const key = postcodeKey(postcode);
  if (!key) return null;
  const whole = reference.areas.get(key);
  if (whole) return whole;
  return key.length > 4 ? (reference.areas.get(key.slice(0, -3)) ?? null) : null;
}

export const isLowArea = (measure: ReferenceMeasure): boolean =>
  measure.measure in AREA_THRESHOLDS && measure.value <= AREA_THRESHOLDS[measure.measure]!;
