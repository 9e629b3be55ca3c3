import type { GradeSystemId, PerformanceIndex, SchoolContext } from '#schemas/contextual';
import { round } from './grades';

/*
 * The Performance Index (decision 0051): the candidate's grade points per entry set against the
 * average their school published for the same qualification, on the same scale:
 *   PI = candidate points ÷ school points × 100 (one decimal), outperformance = PI − 100.
 * 100 means "as their school's average"; 125 means a quarter above it.
 */

/** The school measure each grade system is compared with, and what to divide it by to get points per entry. */
const PI_MEASURES: Readonly<Record<GradeSystemId, { measure: string; perEntry: number }>> = {
  GCSE: { measure: 'ATTAINMENT_8', perEntry: 10 },
  A_LEVEL: { measure: 'KS5_APS_PER_ENTRY', perEntry: 1 },
  SCOTTISH_HIGHER: { measure: 'HIGHERS_TARIFF_PER_ENTRY', perEntry: 1 },
  IB: { measure: 'IB_AVERAGE_POINTS', perEntry: 1 },
  ATAR: { measure: 'MEDIAN_ATAR', perEntry: 1 },
};

/** The PI of points in `system` against a school, or null when the school has no comparable measure. */
export function performanceIndex(
  system: GradeSystemId,
  candidatePoints: number,
  school: SchoolContext,
): PerformanceIndex | null {
  const { measure: name, perEntry } = PI_MEASURES[system];
  const measure = school.measures.find((m) => m.measure === name);
  if (!measure || measure.value <= 0) return null;
  const schoolPoints = round(measure.value / perEntry, 2);
  const index = round((candidatePoints / schoolPoints) * 100, 1);
  return {
    system,
    candidatePoints,
    schoolPoints,
    school: school.name,
    measure,
    index,
    outperformance: round(index - 100, 1),
  };
}
