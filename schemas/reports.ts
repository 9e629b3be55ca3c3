import { Type } from 'typebox';
import { literalUnion } from './vocabularies';
import type { Edition } from './organization';

/*
 * The report suite at /manager/reports (spec §1 diversity reporting, §3 Report types; decision
 * 0048). Every report is a list of tables of figures; a figure is a number, "<5" or "withheld"
 * (small-number suppression, decision 0049, engine/reports/suppression.ts).
 */

/** The reports every hiring manager may read: all but diversity, which is for hiring-manager admins. */
const OPEN_REPORT_TYPES = [
  'contextual',
  'efficiency',
  'school',
  'university',
  'agency',
  'marketing',
  'rejections',
] as const;
export const OpenReportType = literalUnion(OPEN_REPORT_TYPES);

/** Spec §3 Report types. */
export const REPORT_TYPES = ['diversity', ...OPEN_REPORT_TYPES] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

const LATERAL_REPORTS: readonly ReportType[] = ['efficiency', 'agency', 'diversity', 'marketing', 'rejections'];
const GRADUATE_REPORTS: readonly ReportType[] = ['contextual', 'diversity', 'efficiency', 'school', 'university'];

/** Spec §3: the lateral edition has its own set of reports; the others share the graduate set. */
export function reportsOfEdition(edition: Edition): readonly ReportType[] {
  return edition === 'lateral' ? LATERAL_REPORTS : GRADUATE_REPORTS;
}

const Uuid = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** Which applications a report counts: roles (none: the whole organisation) and the days they applied on. */
export const ReportQuery = Type.Object(
  {
    roleIds: Type.Optional(
      Type.String({
        pattern: `^${Uuid}(,${Uuid}){0,49}$`,
        description: 'Up to 50 role ids, comma-separated; none: every role of the organisation',
      }),
    ),
    from: Type.Optional(Type.String({ format: 'date', description: 'First day applied on (UTC), inclusive' })),
    to: Type.Optional(Type.String({ format: 'date', description: 'Last day applied on (UTC), inclusive' })),
  },
  { additionalProperties: false },
);
export type ReportQuery = Type.Static<typeof ReportQuery>;

/** A figure: a number, a count under 5 ("<5") or a figure hidden so that none can be worked out ("withheld"). */
const Figure = Type.Union([Type.Number(), Type.Literal('<5'), Type.Literal('withheld')]);

/**
 * What the numbers of a column are: counts, fractions (0..1), four-fifths ratios, days, Performance
 * Index values (100: the school's average) or marks (0..100).
 */
const REPORT_UNITS = ['count', 'fraction', 'ratio', 'days', 'index', 'mark'] as const;

/** What a table shows: a text key of the screen (reports.table.*) and of the CSV. */
const REPORT_TABLES = [
  'byStage',
  'conversion',
  'fourFifths',
  'funnel',
  'timeInStage',
  'bySource',
  'byMonth',
  'byStageLeft',
  'performanceIndex',
  'averageMark',
] as const;

/** Spec §1 diversity reporting: the monitored characteristics (single answers of the equal-opportunities section). */
export const MONITORED_CHARACTERISTICS = [
  'gender',
  'ethnicity',
  'sexuality',
  'religion',
  'disability',
  'veteran',
] as const;

/** What a table's rows are: a characteristic, a school or university measure, the source or the stage. */
const REPORT_DIMENSIONS = [
  ...MONITORED_CHARACTERISTICS,
  'schoolType',
  'schoolBand',
  'universityGroup',
  'university',
  'source',
  'stage',
  'flag',
  'performanceIndexBand',
] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];

const ReportTable = Type.Object({
  id: literalUnion(REPORT_TABLES),
  dimension: literalUnion(REPORT_DIMENSIONS),
  columns: Type.Array(Type.Object({ key: Type.String(), label: Type.String(), unit: literalUnion(REPORT_UNITS) })),
  rows: Type.Array(Type.Object({ key: Type.String(), label: Type.String(), figures: Type.Array(Figure) })),
  /** Each column's population total (count columns; the others' figure over every row), when there is one. */
  totals: Type.Optional(Type.Array(Figure)),
});
export type ReportTable = Type.Static<typeof ReportTable>;

export const Report = Type.Object({
  report: literalUnion(REPORT_TYPES),
  selection: Type.Object({
    roleIds: Type.Array(Type.String()),
    from: Type.Union([Type.String(), Type.Null()]),
    to: Type.Union([Type.String(), Type.Null()]),
  }),
  /** The applications counted (submitted or withdrawn, never drafts). */
  applications: Figure,
  tables: Type.Array(ReportTable),
});
export type Report = Type.Static<typeof Report>;

export const ReportList = Type.Object({ reports: Type.Array(literalUnion(REPORT_TYPES)) });
export type ReportList = Type.Static<typeof ReportList>;
