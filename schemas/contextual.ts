import { Type } from 'typebox';
import { literalUnion } from './vocabularies';

/*
 * Contextual recruitment (spec §1, issue 17; decisions 0050 and 0051): the flags and measures
 * computed from a candidate's answers and the shipped reference data (configs/reference-data).
 * engine/contextual computes them; the search columns of migration 0016 hold them for filters;
 * the candidate page shows them, each with what triggered it.
 */

/** The contextual flags, each set only by a "Yes" answer or a reference measure (never by a missing answer). */
export const CONTEXTUAL_FLAGS = [
  'FREE_SCHOOL_MEALS',
  'FIRST_IN_FAMILY',
  'CARE_EXPERIENCE',
  'REFUGEE_OR_ASYLUM',
  'YOUNG_CARER',
  'DISRUPTED_EDUCATION',
  'LOW_PERFORMING_SCHOOL',
  'LOW_PARTICIPATION_AREA',
] as const;
export const ContextualFlagId = literalUnion(CONTEXTUAL_FLAGS);
export type ContextualFlagId = Type.Static<typeof ContextualFlagId>;

/** The grade systems grades are scored in (configs/reference-data/grade-scales.json). */
export const GRADE_SYSTEMS = ['GCSE', 'A_LEVEL', 'SCOTTISH_HIGHER', 'IB', 'ATAR'] as const;
export const GradeSystemId = literalUnion(GRADE_SYSTEMS);
export type GradeSystemId = Type.Static<typeof GradeSystemId>;

/** Where a reference figure comes from: the publisher's table and the year it describes. */
const Provenance = {
  source: Type.String(),
  year: Type.Integer(),
};

/** A reference measure as used for one candidate: a school's or an area's figure. */
export const ReferenceMeasure = Type.Object({
  /** e.g. KS5_APS_PER_ENTRY, ATTAINMENT_8, MEDIAN_ATAR, POLAR4_QUINTILE, IMD_DECILE, SEIFA_IRSD_DECILE. */
  measure: Type.String(),
  value: Type.Number(),
  ...Provenance,
});
export type ReferenceMeasure = Type.Static<typeof ReferenceMeasure>;

/** One flag and the evidence behind it: the answer given (field and value), or the reference figure. */
export const ContextualFlag = Type.Object({
  id: ContextualFlagId,
  /** The question whose answer set it (freeSchoolMeals, secondarySchool, postCode…). */
  field: Type.String(),
  /** The answer, as given (a school's name, a postcode, "Yes"). */
  answer: Type.String(),
  /** For reference flags: the measure that put it in the bottom band or area. */
  measure: Type.Optional(ReferenceMeasure),
});
export type ContextualFlag = Type.Static<typeof ContextualFlag>;

/** A school the candidate named, with its performance measures when the reference data knows it. */
export const SchoolContext = Type.Object({
  field: Type.String(),
  name: Type.String(),
  measures: Type.Array(ReferenceMeasure),
  /** 0..100: the share of reference schools with the same measure that performed lower. */
  percentile: Type.Union([Type.Number(), Type.Null()]),
  /** 1 (bottom fifth) .. 5 (top fifth), from the percentile. */
  band: Type.Union([Type.Integer({ minimum: 1, maximum: 5 }), Type.Null()]),
});
export type SchoolContext = Type.Static<typeof SchoolContext>;

/** The Performance Index (decision 0051): the candidate's grade points against their school's average. */
export const PerformanceIndex = Type.Object({
  system: GradeSystemId,
  /** The candidate's points per entry (or rank, for ATAR) on the school measure's scale. */
  candidatePoints: Type.Number(),
  schoolPoints: Type.Number(),
  school: Type.String(),
  measure: ReferenceMeasure,
  /** candidatePoints / schoolPoints × 100, one decimal: 100 is the school's average. */
  index: Type.Number(),
  /** index − 100: how far (in per cent) the candidate out- (or under-) performed their school. */
  outperformance: Type.Number(),
});
export type PerformanceIndex = Type.Static<typeof PerformanceIndex>;

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Everything computed for one application. */
export const ContextualData = Type.Object({
  flags: Type.Array(ContextualFlag),
  schools: Type.Array(SchoolContext),
  /** Mean GCSE points per subject (9..1), retakes counted once at their best. */
  ks4Points: Nullable(Type.Number()),
  /** The post-16 grades: their system and points per entry (A level, Highers), total (IB) or rank (ATAR). */
  ks5: Nullable(Type.Object({ system: GradeSystemId, points: Type.Number() })),
  performanceIndex: Nullable(PerformanceIndex),
  /** The school percentile of the last school named (sixth form, else secondary). */
  schoolPercentile: Nullable(Type.Number()),
  university: Type.Object({
    name: Nullable(Type.String()),
    groups: Type.Array(Type.String()),
    /** The mean of the degrees' average marks (WAM in Australia). */
    averageMark: Nullable(Type.Number()),
    /** 0..100: where that mark sits in the reference distribution of the university's region. */
    percentile: Nullable(Type.Number()),
    percentileSource: Nullable(Type.Object(Provenance)),
    startYear: Nullable(Type.Integer()),
    graduationYear: Nullable(Type.Integer()),
  }),
  /** Postcode area measures (POLAR4, IMD, SEIFA) of the home postcode, when known. */
  area: Nullable(Type.Object({ postcode: Type.String(), measures: Type.Array(ReferenceMeasure) })),
});
export type ContextualData = Type.Static<typeof ContextualData>;

/**
 * Spec §3 university averages: the mean average mark of the organisation's applicants from one
 * university (5 or more with a mark), that a candidate's own mark is read against.
 */
export const UniversityAverage = Type.Object({
  university: Type.String(),
  average: Type.Number(),
  applicants: Type.Integer(),
});
export type UniversityAverage = Type.Static<typeof UniversityAverage>;
