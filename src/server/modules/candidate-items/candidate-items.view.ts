import { findStage, stageName, substageName, displayName, metricRange } from '#engine';
import type { Adjustment, Note, PanelApplication, PersonRef, ScoreValue, StageScores } from '#schemas/candidate-items';
import type { MetricDefinition, OrganizationStage } from '#schemas/pipeline';
import type { ApplicationRow } from '../../db/types';
import type { NoteRow, PersonRow, ScoreValueRow, StageTotalRow } from './candidate-items.repository';

/** Spec §3 display name of a person (with the 'Opted out' and 'Anonymised candidate' labels). */
export function personName(person: PersonRow): string {
  return displayName({
    id: person.id,
    firstName: person.first_name,
    preferredName: person.preferred_name,
    lastName: person.last_name,
    email: person.email,
    anonymised: person.anonymised_at !== null,
  });
}

function personRef(id: string | null, people: ReadonlyMap<string, PersonRow>): PersonRef | null {
  const person = id ? people.get(id) : undefined;
  return person ? { id: person.id, name: personName(person) } : null;
}

export const byId = (people: readonly PersonRow[]): Map<string, PersonRow> => new Map(people.map((p) => [p.id, p]));

const numberOrNull = (value: string | number | null): number | null => (value === null ? null : Number(value));

export function toPanelApplication(
  application: ApplicationRow,
  role: { name: string },
  stages: readonly OrganizationStage[],
  people: ReadonlyMap<string, PersonRow>,
): PanelApplication {
  return {
    id: application.id,
    roleId: application.role_id,
    roleName: role.name,
    state: application.state === 'WITHDRAWN' ? 'WITHDRAWN' : 'SUBMITTED',
    stageId: application.stage_id,
    stageName: application.stage_id === null ? null : stageName(stages, application.stage_id),
    substageId: application.substage_id,
    substageName: substageName(stages, application.stage_id, application.substage_id),
    stageStatus: application.stage_status,
    appliedAt: application.applied_at?.toISOString() ?? null,
    lastChangeAt: application.last_change_at.toISOString(),
    matched: application.matched,
    adjustment: application.adjustment ?? null,
    assignee: personRef(application.assignee_id, people),
    totalScore: numberOrNull(application.total_score),
    version: application.version,
  };
}

export function toNote(row: NoteRow, people: ReadonlyMap<string, PersonRow>): Note {
  return {
    id: row.id,
    kind: row.kind,
    body: row.body,
    author: personRef(row.author_id, people),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A metric as the client needs it: with the spec §5 range defaults filled in (NUMBER 0..5, PERCENT 0..100). */
function withRange(metric: MetricDefinition): MetricDefinition {
  const range = metricRange(metric);
  return range ? { ...metric, ...range } : metric;
}

const isScoreValue = (value: unknown): value is ScoreValue =>
  typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string';

/**
 * Every stage of the pipeline that has metrics, in pipeline order, then any other stage that
 * holds values or a total (a stage later removed from the pipeline keeps its scores visible).
 */
export function toStageScores(
  stages: readonly OrganizationStage[],
  values: readonly ScoreValueRow[],
  totals: readonly StageTotalRow[],
): StageScores[] {
  const ordered = [...stages].sort((a, b) => a.orderIndex - b.orderIndex);
  const scored = new Set([...values.map((v) => v.stage_id), ...totals.map((t) => t.stage_id)]);
  const stageIds = [
    ...ordered.filter((s) => s.metrics.length > 0 || scored.has(s.id)).map((s) => s.id),
    ...[...scored].filter((id) => !findStage(stages, id)).sort((a, b) => a - b),
  ];
  return stageIds.map((stageId) => {
    const own = values.filter((v) => v.stage_id === stageId);
    const total = totals.find((t) => t.stage_id === stageId);
    const times = [...own.map((v) => v.updated_at.getTime()), ...(total ? [total.updated_at.getTime()] : [])];
    return {
      stageId,
      stageName: stageName(stages, stageId),
      metrics: (findStage(stages, stageId)?.metrics ?? []).map(withRange),
      values: Object.fromEntries(own.filter((v) => isScoreValue(v.value)).map((v) => [v.key, v.value as ScoreValue])),
      totalScore: total ? numberOrNull(total.total_score) : null,
      updatedAt: times.length ? new Date(Math.max(...times)).toISOString() : null,
    };
  });
}

/** The adjustment as stored, without empty parts. */
export function cleanAdjustment(input: Adjustment): Adjustment {
  const notes = input.notes?.trim();
  return {
    ...(input.extraTimePercent !== undefined && { extraTimePercent: input.extraTimePercent }),
    ...(notes && { notes }),
  };
}
