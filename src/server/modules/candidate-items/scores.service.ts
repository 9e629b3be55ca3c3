import { findStage, stageMetrics, defaultTotalScore, metricValueProblem } from '#engine';
import type { FieldError } from '#schemas/api';
import type { StageScoreSave, StageScores } from '#schemas/candidate-items';
import type { MetricDefinition } from '#schemas/pipeline';
import type { Db } from '../../db/client';
import type { ApplicationRow } from '../../db/types';
import { badRequest } from '../../lib/http-error';
import type { Viewer } from '../../lib/viewer';
import { pipelineApplication } from '../applications/application-access';
import {
  findScoreValues,
  findStageTotals,
  lockApplication,
  updateHiringColumns,
  writeScoreValues,
  writeStageTotal,
  type ScoreWrite,
} from './candidate-items.repository';
import { toStageScores } from './candidate-items.view';

export const SCORES_PROBLEM = 'There is a problem with the scores';

async function scoresOf(db: Db, viewer: Viewer, application: ApplicationRow): Promise<StageScores[]> {
  const [values, totals] = await Promise.all([
    findScoreValues(db, viewer.organization.id, application.id),
    findStageTotals(db, viewer.organization.id, application.id),
  ]);
  return toStageScores(viewer.organization.stages, values, totals);
}

/** GET …/score: every stage's metrics, values and total. */
export async function listScores(db: Db, viewer: Viewer, applicationId: string): Promise<StageScores[]> {
  return scoresOf(db, viewer, await pipelineApplication(db, viewer, applicationId));
}

/** The numeric reading stored beside a value for filters: NUMBER and PERCENT as given, BOOLEAN 1/0. */
function numericReading(metric: MetricDefinition, value: unknown): number | null {
  if (metric.metricType === 'NUMBER' || metric.metricType === 'PERCENT') return value as number;
  if (metric.metricType === 'BOOLEAN') return value ? 1 : 0;
  return null;
}

/** The body's values checked against the stage's metrics: what to write and what to remove, or a 400 naming each bad
 * key. */
function checkedValues(
  metrics: readonly MetricDefinition[],
  stageName: string,
  scores: StageScoreSave['scores'],
): { writes: ScoreWrite[]; remove: string[] } {
  const byKey = new Map(metrics.map((m) => [m.key, m]));
  const errors: FieldError[] = [];
  const writes: ScoreWrite[] = [];
  const remove: string[] = [];
  for (const [key, given] of Object.entries(scores)) {
    const metric = byKey.get(key);
    if (!metric) {
      errors.push({ field: `scores.${key}`, message: `'${key}' is not a metric of the stage '${stageName}'` });
      continue;
    }
    // Text is trimmed; empty text, like null, removes the value.
    const value = metric.metricType === 'TEXT' && typeof given === 'string' ? given.trim() || null : given;
    if (value === null) {
      remove.push(key);
      continue;
    }
    const problem = metricValueProblem(metric, value);
    if (problem) errors.push({ field: `scores.${key}`, message: problem });
    else writes.push({ key, value, score: numericReading(metric, value) });
  }
  if (errors.length > 0) throw badRequest(SCORES_PROBLEM, errors);
  return { writes, remove };
}

/**
 * PUT …/score: values of one stage's metrics (spec §3 Score; ranges of §5; DATE in epoch
 * seconds). Given keys are written, null removes one, others stay. The stage's total is the
 * one given, else the sum (NUMBER) / mean (PERCENT) of its numeric values; the application's
 * total_score becomes the latest stage total, for lists and sorting. One transaction holding the
 * application's row lock, so two managers scoring at once cannot compute a total from half of
 * each other's values.
 */
export async function saveScores(
  db: Db,
  viewer: Viewer,
  applicationId: string,
  save: StageScoreSave,
): Promise<StageScores> {
  const organization = viewer.organization;
  const application = await pipelineApplication(db, viewer, applicationId);
  const stage = findStage(organization.stages, save.stageId);
  if (!stage)
    throw badRequest(SCORES_PROBLEM, [
      { field: 'stageId', message: `Stage ${save.stageId} is not a stage of this organisation's pipeline` },
    ]);
  const metrics = stageMetrics(organization.stages, stage.id);
  if (Object.keys(save.scores).length === 0 && save.totalScore === undefined)
    throw badRequest(SCORES_PROBLEM, [{ field: 'scores', message: 'Give at least one score or a total score' }]);
  const { writes, remove } = checkedValues(metrics, stage.name, save.scores);

  const target = {
    organizationId: organization.id,
    applicationId: application.id,
    stageId: stage.id,
    authorId: viewer.user.id,
  };
  await db.transaction().execute(async (trx) => {
    await lockApplication(trx, organization.id, application.id);
    await writeScoreValues(trx, target, writes, remove);
    const stored = await findScoreValues(trx, organization.id, application.id, stage.id);
    const total =
      save.totalScore ?? defaultTotalScore(metrics, Object.fromEntries(stored.map((v) => [v.key, v.value])));
    await writeStageTotal(trx, target, total);
    // This stage's total, or (when it has none) the most recently scored other stage's.
    const [previous] = (await findStageTotals(trx, organization.id, application.id))
      .filter((t) => t.stage_id !== stage.id && t.total_score !== null)
      .sort((x, y) => y.updated_at.getTime() - x.updated_at.getTime());
    await updateHiringColumns(trx, organization.id, application.id, {
      total_score: total ?? (previous ? Number(previous.total_score) : null),
    });
  });
  return (await scoresOf(db, viewer, application)).find((s) => s.stageId === stage.id)!;
}
