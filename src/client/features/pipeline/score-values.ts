import type { MetricDefinition } from '#schemas/pipeline';
import { TEXT_LIMIT_LONG, isValidMetricValue, metricRange } from '#engine';
import type { ScoreValue } from '../../api/candidate-items';

/** What the score form holds: text for numbers, text and dates (YYYY-MM-DD); yes/no/unanswered for booleans. */
export type ScoreDraft = Record<string, string | boolean | null>;

export type ScoreProblem =
  | { key: string; code: 'number'; min: number; max: number }
  | { key: string; code: 'range'; min: number; max: number }
  | { key: string; code: 'tooLong'; max: number }
  | { key: string; code: 'date' };

/** Epoch seconds (spec §3 Score: dates are epoch seconds) as the date input's YYYY-MM-DD. */
function dateInputValue(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

function epochSeconds(date: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const time = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(time) ? null : time / 1000;
}

/** The form's starting values from the scores already saved for the stage. */
export function draftFromValues(
  metrics: readonly MetricDefinition[],
  values: Readonly<Record<string, ScoreValue>>,
): ScoreDraft {
  const draft: ScoreDraft = {};
  for (const metric of metrics) {
    const value = values[metric.key];
    if (metric.metricType === 'BOOLEAN') draft[metric.key] = typeof value === 'boolean' ? value : null;
    else if (metric.metricType === 'DATE') draft[metric.key] = typeof value === 'number' ? dateInputValue(value) : '';
    else draft[metric.key] = value === undefined || value === null ? '' : String(value);
  }
  return draft;
}

/**
 * The values to send for a stage's metrics, checked as the server checks them (engine
 * isValidMetricValue with the §5 ranges): numbers in range, text within 4096 characters, real
 * dates. A blank answer is sent as null, which removes a value saved before. Problems name the
 * metric and say what is allowed.
 */
export function scoreValues(
  metrics: readonly MetricDefinition[],
  draft: ScoreDraft,
): { values: Record<string, ScoreValue | null>; problems: ScoreProblem[] } {
  const values: Record<string, ScoreValue | null> = {};
  const problems: ScoreProblem[] = [];
  for (const metric of metrics) {
    const raw = draft[metric.key];
    const range = metricRange(metric);
    values[metric.key] = null;
    if (range) {
      const text = typeof raw === 'string' ? raw.trim() : '';
      if (!text) continue;
      const value = Number(text);
      if (!/^-?\d+(\.\d+)?$/.test(text) || !Number.isFinite(value))
        problems.push({ key: metric.key, code: 'number', ...range });
      else if (!isValidMetricValue(metric, value)) problems.push({ key: metric.key, code: 'range', ...range });
      else values[metric.key] = value;
    } else if (metric.metricType === 'BOOLEAN') {
      values[metric.key] = typeof raw === 'boolean' ? raw : null;
    } else if (metric.metricType === 'DATE') {
      const text = typeof raw === 'string' ? raw.trim() : '';
      if (!text) continue;
      const seconds = epochSeconds(text);
      if (seconds === null || !isValidMetricValue(metric, seconds)) problems.push({ key: metric.key, code: 'date' });
      else values[metric.key] = seconds;
    } else {
      const text = typeof raw === 'string' ? raw : '';
      if (!text.trim()) continue;
      if (text.length > TEXT_LIMIT_LONG) problems.push({ key: metric.key, code: 'tooLong', max: TEXT_LIMIT_LONG });
      else values[metric.key] = text;
    }
  }
  return { values, problems };
}
