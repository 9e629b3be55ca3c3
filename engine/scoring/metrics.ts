import type { MetricType } from '#schemas/vocabularies';

/** Score metrics and their range defaults (spec §3 Score, §5 Score range); the metric types are a vocabulary. */
export interface Metric {
  label: string;
  metricType: MetricType;
  min?: number;
  max?: number;
}

/** min defaults to 0 for number and percent; max to 5 for number and 100 for percent. */
export function metricRange(metric: Metric): { min: number; max: number } | undefined {
  if (metric.metricType === 'NUMBER') return { min: metric.min ?? 0, max: metric.max ?? 5 };
  if (metric.metricType === 'PERCENT') return { min: metric.min ?? 0, max: metric.max ?? 100 };
  return undefined;
}

export function isValidMetricValue(metric: Metric, value: unknown): boolean {
  const range = metricRange(metric);
  if (range) return typeof value === 'number' && Number.isFinite(value) && value >= range.min && value <= range.max;
  switch (metric.metricType) {
    case 'BOOLEAN':
      return typeof value === 'boolean';
    case 'TEXT':
      return typeof value === 'string' && value.length <= 4096;
    case 'DATE':
      return typeof value === 'number' && Number.isInteger(value) && value >= 0;
    default:
      return false;
  }
}

/** Assessment score range per subject (spec §5): max 100, except 50 (id 202), 8 (id 203) and 25 (UAI-type). */
export function assessmentRange(
  subjectId: number,
  options: { uaiType?: boolean; minimumOne?: boolean } = {},
): { min: number; max: number } {
  const min = options.minimumOne ? 1 : 0;
  if (options.uaiType) return { min, max: 25 };
  if (subjectId === 202) return { min, max: 50 };
  if (subjectId === 203) return { min, max: 8 };
  return { min, max: 100 };
}

/** Grades input on subjects 200 and 201 is labelled Unit/Mark (spec §5). */
export function gradeInputLabel(subjectId: number): string | undefined {
  return subjectId === 200 || subjectId === 201 ? 'Unit/Mark' : undefined;
}

const average = (values: readonly number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

/** Custom matrix score (spec §5): 1.5 × min(4, sum) + 0.75 × (enthusiasm average + writing average), out of 12. */
export function matrixScore(input: {
  scores: readonly number[];
  enthusiasm: readonly number[];
  writing: readonly number[];
}): number {
  const sum = input.scores.reduce((a, b) => a + b, 0);
  return 1.5 * Math.min(4, sum) + 0.75 * (average(input.enthusiasm) + average(input.writing));
}

export type ScoringStatus = 'PENDING' | 'ERROR' | 'COMPLETED';
/** Pending and error display as No; completed as Yes (spec §4). */
export function scoringStatusLabel(status: ScoringStatus): 'Yes' | 'No' {
  return status === 'COMPLETED' ? 'Yes' : 'No';
}

/**
 * Why a value is not valid for a metric, in words a manager can act on (the same message on the
 * client and the server); undefined when it is valid.
 */
export function metricValueProblem(metric: Metric, value: unknown): string | undefined {
  if (isValidMetricValue(metric, value)) return undefined;
  const range = metricRange(metric);
  if (range) return `${metric.label} must be a number from ${range.min} to ${range.max}`;
  switch (metric.metricType) {
    case 'BOOLEAN':
      return `${metric.label} must be yes or no (true or false)`;
    case 'TEXT':
      return `${metric.label} must be text of 4096 characters or fewer`;
    case 'DATE':
      return `${metric.label} must be a date (whole epoch seconds)`;
    default:
      return `${metric.label} has a value of the wrong type`;
  }
}

/**
 * A stage's total when the manager gives none: the sum of its NUMBER values plus the mean of its
 * PERCENT values (a stage normally has one kind or the other); BOOLEAN, TEXT and DATE values do
 * not count. Null when the stage has no numeric value.
 */
export function defaultTotalScore(
  metrics: readonly (Metric & { key: string })[],
  values: Readonly<Record<string, unknown>>,
): number | null {
  const numbers: number[] = [];
  const percents: number[] = [];
  for (const metric of metrics) {
    const value = values[metric.key];
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    if (metric.metricType === 'NUMBER') numbers.push(value);
    if (metric.metricType === 'PERCENT') percents.push(value);
  }
  if (numbers.length === 0 && percents.length === 0) return null;
  return numbers.reduce((a, b) => a + b, 0) + (percents.length ? average(percents) : 0);
}
