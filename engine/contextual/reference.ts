import type { GradeSystemId, ReferenceMeasure } from '#schemas/contextual';

/*
 * The reference tables contextual data is computed from (configs/reference-data, decision 0050),
 * as plain rows, and the indexes built from them once. Pure: the server reads the files and hands
 * the rows in; tests build small tables of their own.
 */

/** Points per grade of one grade system; `range` systems (IB total, ATAR rank) take the number itself. */
export interface GradeScale {
  system: GradeSystemId;
  points?: Readonly<Record<string, number>>;
  range?: { min: number; max: number };
  source: string;
  year: number;
}

/** One measure of one school (by its name, as the SCHOOL list offers it) or of one postcode area. */
export interface MeasureRow extends ReferenceMeasure {
  /** A school's name, or a postcode area: a UK district ("SW1A") or whole postcode, an Australian postcode. */
  key: string;
}

/** The mark at each decile (10th … 90th percentile) of graduates' average marks in a region. */
export interface MarkDistribution {
  region: string;
  deciles: readonly number[];
  source: string;
  year: number;
}

interface UniversityRow {
  name: string;
  region: string;
  groups: readonly string[];
}

export interface ReferenceTables {
  gradeScales: readonly GradeScale[];
  schools: readonly MeasureRow[];
  areas: readonly MeasureRow[];
  markDistributions: readonly MarkDistribution[];
  universities: readonly UniversityRow[];
}

export interface ContextualReference {
  scales: ReadonlyMap<GradeSystemId, GradeScale>;
  schools: ReadonlyMap<string, ReferenceMeasure[]>;
  areas: ReadonlyMap<string, ReferenceMeasure[]>;
  /** Every school's value of each measure, ascending: what a school percentile ranks against. */
  measureValues: ReadonlyMap<string, number[]>;
  distributions: ReadonlyMap<string, MarkDistribution>;
  universities: ReadonlyMap<string, UniversityRow>;
}

/** Names are matched case- and space-insensitively. */
export const nameKey = (name: string): string => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-GB');

/** A postcode as looked up: upper case without spaces. */
export const postcodeKey = (postcode: string): string => postcode.replace(/\s+/g, '').toUpperCase();

function grouped(rows: readonly MeasureRow[], key: (row: MeasureRow) => string): Map<string, ReferenceMeasure[]> {
  const map = new Map<string, ReferenceMeasure[]>();
  for (const { key: _key, ...measure } of rows) {
    const k = key({ key: _key, ...measure });
    map.set(k, [...(map.get(k) ?? []), measure]);
  }
  return map;
}

/** Indexes the tables for lookups by school name, postcode area, measure, region and university name. */
export function buildReference(tables: ReferenceTables): ContextualReference {
  const measureValues = new Map<string, number[]>();
  for (const row of tables.schools)
    measureValues.set(row.measure, [...(measureValues.get(row.measure) ?? []), row.value]);
  for (const values of measureValues.values()) values.sort((a, b) => a - b);
  return {
    scales: new Map(tables.gradeScales.map((s) => [s.system, s])),
    schools: grouped(tables.schools, (row) => nameKey(row.key)),
    areas: grouped(tables.areas, (row) => postcodeKey(row.key)),
    measureValues,
    distributions: new Map(tables.markDistributions.map((d) => [d.region, d])),
    universities: new Map(tables.universities.map((u) => [nameKey(u.name), u])),
  };
}
