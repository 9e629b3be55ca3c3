import {
  byStageTable,
  contextualTables,
  countTable,
  derivedFigure,
  groupFigure,
  reachedIndex,
  rowKey,
  rowsByCount,
  shownTotal,
  stageGroup,
  stageName,
  type ReachedCount,
  type ReportColumn,
  type ReportRow,
  type StageId,
} from '#engine';
import {
  MONITORED_CHARACTERISTICS,
  reportsOfEdition,
  type Report,
  type ReportDimension,
  type ReportQuery,
  type ReportTable,
  type ReportType,
} from '#schemas/reports';
import type { OrganizationStage } from '#schemas/pipeline';
import type { Db } from '../../db/client';
import type { OrganizationRecord } from '../../db/types';
import { showsHrFeature } from '../../lib/hr-features';
import { notFound } from '../../lib/http-error';
import { findOrganizationByKey } from '../organizations/organization.repository';
import { noRole } from '../roles/role.service';
import {
  findOrganizationRoleIds,
  liveQueries,
  type GroupedRow,
  type HireRow,
  type MarkRow,
  type ReportQueries,
  type Selection,
} from './reports.repository';
import { organizationsWithStaleMonths, refreshStaleMonths, rollupQueries } from './reports-rollups';

/*
 * The reports (decision 0048): figures from the report queries, every count suppressed under 5
 * with secondary suppression (decision 0049, engine/reports/suppression.ts), rates and days
 * computed only from shown counts or groups of 5 or more.
 */

const NOT_GIVEN = 'Not given';
const SCHOOL_BANDS: Readonly<Record<string, string>> = {
  '0': 'Bottom quarter (percentile 0–24)',
  '1': 'Second quarter (25–49)',
  '2': 'Third quarter (50–74)',
  '3': 'Top quarter (75–100)',
};

/** The organisation's stages in pipeline order, split into progress, hired and exit (rejected, withdrew) stages. */
function pipelineOf(stages: readonly OrganizationStage[]) {
  const ordered = [...stages].sort((a, b) => a.orderIndex - b.orderIndex);
  const group = (stage: OrganizationStage) => stage.groupStage ?? stageGroup(stage.id as StageId);
  return {
    progress: ordered.filter((stage) => group(stage) !== 'REJECTED'),
    hired: ordered.filter((stage) => group(stage) === 'HIRED').map((stage) => stage.id),
    exits: ordered.filter((stage) => group(stage) === 'REJECTED'),
  };
}

interface Context {
  readonly stages: readonly OrganizationStage[];
  readonly pipeline: ReturnType<typeof pipelineOf>;
}

/** A dimension by stage reached (counts), from a by-stage query, its rows by count. */
function byStage(
  context: Context,
  rows: readonly ReachedCount[],
  dimension: ReportDimension,
  partition: boolean,
  label: (value: string | null) => string,
): ReportTable {
  return byStageTable(context.pipeline.progress, rows, dimension, { partition, label });
}

/**
 * Stage-to-stage conversion of each group (reached the next stage / reached this one) and the
 * four-fifths ratio (the group's conversion over the best shown group's), from a by-stage table.
 */
function conversionTables(counts: ReportTable): ReportTable[] {
  const transitions = counts.columns
    .slice(1)
    .map((to, i) => ({ from: i, to: i + 1, from_: counts.columns[i]!, to_: to }));
  const columns = (unit: ReportColumn['unit']): ReportColumn[] =>
    transitions.map((t) => ({ key: `${t.from_.key}-${t.to_.key}`, label: `${t.from_.label} → ${t.to_.label}`, unit }));
  const conversion = counts.rows.map((row) => ({
    ...row,
    figures: transitions.map((t) =>
      derivedFigure(
        [row.figures[t.from]!, row.figures[t.to]!],
        () => (row.figures[t.to] as number) / (row.figures[t.from] as number),
      ),
    ),
  }));
  const best = transitions.map((_t, c) =>
    Math.max(0, ...conversion.map((row) => row.figures[c]!).filter((f): f is number => typeof f === 'number')),
  );
  const ratio = conversion.map((row) => ({
    ...row,
    figures: row.figures.map((figure, c) => derivedFigure([figure], () => (figure as number) / best[c]!)),
  }));
  return [
    { id: 'conversion', dimension: counts.dimension, columns: columns('fraction'), rows: conversion },
    { id: 'fourFifths', dimension: counts.dimension, columns: columns('ratio'), rows: ratio },
  ];
}

/** Counts grouped by (row, column) as a table; totals are the columns' sums (the rows partition them). */
function groupedTable(
  id: ReportTable['id'],
  dimension: ReportDimension,
  rows: readonly GroupedRow[],
  columns: readonly ReportColumn[],
  label: (value: string | null) => string,
): ReportTable {
  const counts = new Map<string, number>();
  const byRow = new Map<string | null, number>();
  const totals = new Map<string, number>();
  for (const row of rows) {
    counts.set(`${rowKey(row.row)}|${row.column}`, row.n);
    byRow.set(row.row, (byRow.get(row.row) ?? 0) + row.n);
    totals.set(row.column, (totals.get(row.column) ?? 0) + row.n);
  }
  return countTable(id, dimension, {
    rows: rowsByCount(byRow, label),
    columns,
    count: (row, column) => counts.get(`${row}|${column}`) ?? 0,
    total: (column) => totals.get(column) ?? 0,
    partition: true,
  });
}

const notGiven = (value: string | null) => value ?? NOT_GIVEN;
const round = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

async function diversity(queries: ReportQueries, context: Context): Promise<ReportTable[]> {
  const rows = await queries.reachedByStage('diversity');
  return MONITORED_CHARACTERISTICS.flatMap((field) => {
    const counts = byStage(context, rows, field, true, notGiven);
    return [counts, ...conversionTables(counts)];
  });
}

async function bySource(queries: ReportQueries, context: Context): Promise<ReportTable> {
  const all = await queries.timeToHireBySource(context.pipeline.hired);
  const rows = all.filter((row) => row.overall === 0);
  const overall = all.find((row) => row.overall === 1);
  const bySourceKey = new Map(rows.map((row) => [rowKey(row.key), row]));
  const counts = countTable('bySource', 'source', {
    rows: rowsByCount(new Map(rows.map((row) => [row.key, row.applications])), notGiven),
    columns: [
      { key: 'applications', label: 'Applications', unit: 'count' },
      { key: 'hired', label: 'Hired', unit: 'count' },
    ],
    count: (source, column) => {
      const row = bySourceKey.get(source);
      return (column === 'hired' ? row?.n : row?.applications) ?? 0;
    },
    total: (column) => (column === 'hired' ? overall?.n : overall?.applications) ?? 0,
    partition: true,
  });
  const days = (row: HireRow | undefined) => [
    groupFigure(row?.n ?? 0, round(row?.median_days ?? null)),
    groupFigure(row?.n ?? 0, round(row?.mean_days ?? null)),
  ];
  return {
    ...counts,
    columns: [
      ...counts.columns,
      { key: 'medianDaysToHire', label: 'Median days to hire', unit: 'days' },
      { key: 'meanDaysToHire', label: 'Mean days to hire', unit: 'days' },
    ],
    rows: counts.rows.map((row) => ({ ...row, figures: [...row.figures, ...days(bySourceKey.get(row.key))] })),
    totals: [...(counts.totals ?? []), ...days(overall)],
  };
}

async function efficiency(queries: ReportQueries, context: Context): Promise<ReportTable[]> {
  const [reachedRows, exits, stays, sources] = await Promise.all([
    queries.reachedByStage('source'),
    queries.exitsByStage(context.pipeline.exits.map((stage) => stage.id)),
    queries.timeInStage(),
    bySource(queries, context),
  ]);
  const all = reachedIndex(reachedRows, 'all');
  const exitCount = new Map(exits.map((row) => [`${row.row}|${row.column}`, row.n]));
  const stageRows: ReportRow[] = context.pipeline.progress.map((stage) => ({
    key: String(stage.id),
    label: stage.name,
    figures: [],
  }));
  const funnel: ReportTable = {
    id: 'funnel',
    dimension: 'stage',
    columns: [
      { key: 'reached', label: 'Reached', unit: 'count' },
      ...context.pipeline.exits.map((stage): ReportColumn => ({
        key: String(stage.id),
        label: stage.name,
        unit: 'count',
      })),
    ],
    rows: stageRows.map((row) => ({
      ...row,
      figures: [
        shownTotal(all.count('all', row.key)),
        ...context.pipeline.exits.map((exit) => shownTotal(exitCount.get(`${row.key}|${exit.id}`) ?? 0)),
      ],
    })),
  };
  const stay = new Map(stays.map((row) => [row.key, row]));
  const timeInStages: ReportTable = {
    id: 'timeInStage',
    dimension: 'stage',
    columns: [
      { key: 'median', label: 'Median days', unit: 'days' },
      { key: 'mean', label: 'Mean days', unit: 'days' },
    ],
    rows: stageRows.map((row) => {
      const found = stay.get(row.key);
      return {
        ...row,
        figures: [
          groupFigure(found?.n ?? 0, round(found?.median_days ?? null)),
          groupFigure(found?.n ?? 0, round(found?.mean_days ?? null)),
        ],
      };
    }),
  };
  return [funnel, timeInStages, sources];
}

async function school(queries: ReportQueries, context: Context): Promise<ReportTable[]> {
  const rows = await queries.reachedByStage('school');
  return [
    byStage(context, rows, 'schoolType', true, notGiven),
    byStage(context, rows, 'schoolBand', true, (band) => (band === null ? NOT_GIVEN : (SCHOOL_BANDS[band] ?? band))),
  ];
}

/**
 * Each university's average and median mark among the selected applicants (those with a mark),
 * shown for 5 or more. No count column: with the by-stage table's counts it would reveal how many
 * of a university's applicants gave no mark.
 */
function averageMarks(rows: readonly MarkRow[]): ReportTable {
  return {
    id: 'averageMark',
    dimension: 'university',
    columns: [
      { key: 'mean', label: 'Average mark', unit: 'mark' },
      { key: 'median', label: 'Median mark', unit: 'mark' },
    ],
    rows: [...rows]
      .sort((a, b) => b.n - a.n || a.university.localeCompare(b.university))
      .map((row) => ({
        key: row.university,
        label: row.university,
        figures: [groupFigure(row.n, round(row.mean)), groupFigure(row.n, round(row.median))],
      })),
  };
}

async function university(queries: ReportQueries, context: Context): Promise<ReportTable[]> {
  const [rows, marks] = await Promise.all([queries.reachedByStage('university'), queries.marksByUniversity()]);
  return [
    byStage(context, rows, 'universityGroup', false, notGiven),
    byStage(context, rows, 'university', true, notGiven),
    averageMarks(marks),
  ];
}

async function agency(queries: ReportQueries, context: Context): Promise<ReportTable[]> {
  const [rows, sources] = await Promise.all([queries.reachedByStage('source'), bySource(queries, context)]);
  return [byStage(context, rows, 'source', true, notGiven), sources];
}

async function marketing(queries: ReportQueries): Promise<ReportTable[]> {
  const rows = await queries.sourceByMonth();
  const months = [...new Set(rows.map((row) => row.column))].sort();
  return [
    groupedTable(
      'byMonth',
      'source',
      rows,
      months.map((month) => ({ key: month, label: month, unit: 'count' })),
      notGiven,
    ),
  ];
}

async function rejections(queries: ReportQueries, context: Context): Promise<ReportTable[]> {
  const rows = await queries.exitsByStage(context.pipeline.exits.map((stage) => stage.id));
  return [
    groupedTable(
      'byStageLeft',
      'stage',
      rows,
      context.pipeline.exits.map((stage) => ({ key: String(stage.id), label: stage.name, unit: 'count' })),
      (stage) => (stage === null ? NOT_GIVEN : stageName(context.stages, Number(stage))),
    ),
  ];
}

async function contextual(queries: ReportQueries, context: Context): Promise<ReportTable[]> {
  const [counts, piAtStages] = await Promise.all([
    queries.reachedByStage('contextual'),
    queries.performanceIndexByStage(),
  ]);
  return contextualTables(context.pipeline.progress, counts, piAtStages);
}

const BUILDERS: Record<ReportType, (queries: ReportQueries, context: Context) => Promise<ReportTable[]>> = {
  contextual,
  diversity,
  efficiency,
  school,
  university,
  agency,
  marketing,
  rejections,
};

/**
 * The reports an organisation has: its edition's (decision 0048), none when its configuration hides the hiring side's
 * reports (`hr.reports`), and without the diversity report (`hr.diversity`) or the contextual one (`hr.contextualData`)
 * when it hides those (decision 0078).
 */
export function reportsOfOrganization(organization: OrganizationRecord): readonly ReportType[] {
  if (!showsHrFeature(organization, 'reports')) return [];
  return reportsOfEdition(organization.edition).filter(
    (type) =>
      (type !== 'diversity' || showsHrFeature(organization, 'diversity')) &&
      (type !== 'contextual' || showsHrFeature(organization, 'contextualData')),
  );
}

/**
 * A report of the organisation for the query's roles and days. A report the organisation does not have (its edition
 * or its configuration), or a role of another organisation, is 404.
 */
export async function buildReport(
  db: Db,
  organization: OrganizationRecord,
  type: ReportType,
  query: ReportQuery,
): Promise<Report> {
  if (!reportsOfOrganization(organization).includes(type))
    throw notFound(`There is no ${type} report in this organisation`);
  const roleIds = query.roleIds ? [...new Set(query.roleIds.toLowerCase().split(','))] : [];
  const found = await findOrganizationRoleIds(db, organization.id, roleIds);
  const missing = roleIds.find((id) => !found.has(id));
  if (missing) throw noRole(missing);
  const selection: Selection = {
    organizationId: organization.id,
    roleIds,
    from: query.from ?? null,
    to: query.to ?? null,
  };
  const context: Context = { stages: organization.stages, pipeline: pipelineOf(organization.stages) };
  // The whole organisation reads the monthly roll-ups (decision 0085), first brought up to date with every write so
  // far; chosen roles (a few thousand applications, fast enough live) are counted live.
  let queries: ReportQueries;
  if (roleIds.length === 0) {
    await refreshStaleMonths(db, selection, context.pipeline.hired);
    queries = rollupQueries(db, selection);
  } else queries = liveQueries(db, selection);
  const [applications, tables] = await Promise.all([queries.countApplications(), BUILDERS[type](queries, context)]);
  return {
    report: type,
    selection: { roleIds, from: selection.from, to: selection.to },
    applications: shownTotal(applications),
    tables,
  };
}

/**
 * Rebuilds every stale month of the organisation's report roll-ups (decision 0085); returns the months rebuilt (first
 * days). A report does this for the months it reads; the refresh job does it ahead of the readers.
 */
export function refreshReportRollups(db: Db, organization: OrganizationRecord): Promise<string[]> {
  const whole: Selection = { organizationId: organization.id, roleIds: [], from: null, to: null };
  return refreshStaleMonths(db, whole, pipelineOf(organization.stages).hired);
}

/** The refresh job (every minute, src/server/main.ts): the stale months of every organisation, one after another. */
export async function refreshAllReportRollups(db: Db): Promise<void> {
  for (const id of await organizationsWithStaleMonths(db)) {
    const organization = await findOrganizationByKey(db, id);
    if (organization) await refreshReportRollups(db, organization);
  }
}
