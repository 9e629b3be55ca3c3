import type { GradeSystemId } from '#schemas/contextual';
import type { GradeScale } from './reference';

/*
 * Grade points (decision 0051): each grade a candidate gives is scored on its system's scale
 * (configs/reference-data/grade-scales.json), so grades can be averaged and set against a
 * school's published average on the same scale.
 */

/** One grade as given: its subject when known (retakes of a subject are counted once, at their best). */
export interface GradeEntry {
  subject?: string;
  grade: string;
}

/** The points of one grade, or null when the scale does not know it (a typo, "Prefer not to say"). */
export function gradePoints(scale: GradeScale, grade: string): number | null {
  const given = grade.trim().toUpperCase();
  if (scale.points) {
    const found = Object.entries(scale.points).find(([g]) => g.toUpperCase() === given);
    return found ? found[1] : null;
  }
  if (!scale.range || !/^\d+(\.\d+)?$/.test(given)) return null;
  const value = Number(given);
  return value >= scale.range.min && value <= scale.range.max ? value : null;
}

/** Grades written in one line, as candidates write them: "A*AB", "9 9 8 7", "AABBB", "38", "92.35". */
function splitGrades(system: GradeSystemId, text: string): string[] {
  const upper = text.toUpperCase();
  switch (system) {
    case 'A_LEVEL':
      return upper.match(/A\*|[A-EU]/g) ?? [];
    case 'SCOTTISH_HIGHER':
      return upper.match(/[A-D]/g) ?? [];
    case 'GCSE':
      return upper.match(/[1-9]|U/g) ?? [];
    default:
      return upper.match(/\d+(\.\d+)?/g)?.slice(0, 1) ?? [];
  }
}

/** The grades of an answer: a line of grades, a list of grades, or a list of { subject, grade } (retakes). */
export function gradeEntries(system: GradeSystemId, answer: unknown): GradeEntry[] {
  if (typeof answer === 'number') return [{ grade: String(answer) }];
  if (typeof answer === 'string') return splitGrades(system, answer).map((grade) => ({ grade }));
  if (!Array.isArray(answer)) return [];
  return answer.flatMap((item): GradeEntry[] => {
    if (typeof item === 'string' || typeof item === 'number') return [{ grade: String(item) }];
    if (item && typeof item === 'object' && 'grade' in item && typeof item.grade === 'string') {
      const subject = 'subject' in item && typeof item.subject === 'string' ? item.subject.trim() : '';
      return [subject ? { subject, grade: item.grade } : { grade: item.grade }];
    }
    return [];
  });
}

/**
 * Points per entry (A level, GCSE, Highers) or the number itself (IB total, ATAR): the mean over
 * the grades the scale knows, a subject taken more than once counting once at its best grade.
 * Null when no grade is known.
 */
export function averagePoints(scale: GradeScale, entries: readonly GradeEntry[]): number | null {
  const bySubject = new Map<string, number>();
  const unnamed: number[] = [];
  for (const entry of entries) {
    const points = gradePoints(scale, entry.grade);
    if (points === null) continue;
    if (!entry.subject) unnamed.push(points);
    else {
      const key = entry.subject.toLocaleLowerCase('en-GB');
      bySubject.set(key, Math.max(points, bySubject.get(key) ?? -Infinity));
    }
  }
  const all = [...unnamed, ...bySubject.values()];
  if (all.length === 0) return null;
  return round(all.reduce((sum, p) => sum + p, 0) / all.length, 2);
}

export const round = (value: number, places: number): number => {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
};

/** The post-16 grade system of an answer to sixthFormQualificationType (its QUALIFICATION_TYPE lists). */
export function ks5System(qualificationType: unknown): GradeSystemId | null {
  if (typeof qualificationType !== 'string') return null;
  if (qualificationType === 'A level') return 'A_LEVEL';
  if (qualificationType.startsWith('Scottish Higher')) return 'SCOTTISH_HIGHER';
  if (qualificationType === 'International Baccalaureate') return 'IB';
  if (qualificationType.startsWith('ATAR')) return 'ATAR';
  return null;
}
