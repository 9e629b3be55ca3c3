import type { ContextualData } from '#schemas/contextual';
import { round } from './grades';
import { nameKey, type ContextualReference, type MarkDistribution } from './reference';

/*
 * University measures (decision 0051): the groups of every university named, the mean of the
 * degrees' average marks (WAM in Australia), and where that mark sits among graduates of the
 * region of the latest university.
 */

/** The percentile (0..100, one decimal) of a mark, by straight lines between the distribution's deciles. */
export function markPercentile(distribution: MarkDistribution, mark: number): number {
  const points = [
    { p: 0, mark: 0 },
    ...distribution.deciles.map((m, i) => ({ p: (i + 1) * 10, mark: m })),
    { p: 100, mark: 100 },
  ];
  for (let i = 1; i < points.length; i++) {
    const low = points[i - 1]!;
    const high = points[i]!;
    if (mark <= high.mark) {
      const span = high.mark - low.mark;
      return round(span > 0 ? low.p + ((mark - low.mark) / span) * (high.p - low.p) : high.p, 1);
    }
  }
  return 100;
}

type Answers = Readonly<Record<string, unknown>>;
const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export function universityContext(reference: ContextualReference, answers: Answers): ContextualData['university'] {
  const degrees = (Array.isArray(answers.universities) ? answers.universities : []).filter(
    (d): d is Answers => !!d && typeof d === 'object' && !Array.isArray(d),
  );
  const latest = [...degrees].sort(
    (a, b) => (finite(b.universityGraduationYear) ?? 0) - (finite(a.universityGraduationYear) ?? 0),
  )[0];
  const name =
    typeof latest?.universityName === 'string' && latest.universityName.trim() ? latest.universityName : null;
  const named = degrees.flatMap((d) =>
    typeof d.universityName === 'string' ? [reference.universities.get(nameKey(d.universityName))] : [],
  );
  const groups = [...new Set(named.flatMap((u) => u?.groups ?? []))].sort();
  const marks = degrees.map((d) => finite(d.averagePercent)).filter((m): m is number => m !== null);
  const averageMark = marks.length ? round(marks.reduce((s, m) => s + m, 0) / marks.length, 1) : null;
  const region = name ? reference.universities.get(nameKey(name))?.region : undefined;
  const distribution = region ? reference.distributions.get(region) : undefined;
  return {
    name,
    groups,
    averageMark,
    percentile: distribution && averageMark !== null ? markPercentile(distribution, averageMark) : null,
    percentileSource:
      distribution && averageMark !== null ? { source: distribution.source, year: distribution.year } : null,
    startYear: finite(latest?.universityStartYear),
    graduationYear: finite(latest?.universityGraduationYear),
  };
}
