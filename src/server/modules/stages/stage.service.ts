import { stageProblems } from '#engine';
import type { OrganizationStage } from '#schemas/pipeline';
import type { Db } from '../../db/client';
import type { OrganizationRecord } from '../../db/types';
import { showsHrFeature } from '../../lib/hr-features';
import { badRequest, HttpError } from '../../lib/http-error';
import { saveOrganizationStages } from './stage.repository';

const THE_PIPELINE_HAS_PROBLEMS = 'The pipeline cannot be saved: correct the problems listed';

/** Where candidates are now: applications (drafts included) per stage and per substage of the organisation. */
async function placesInUse(db: Db, organizationId: string) {
  const rows = await db
    .selectFrom('applications')
    .select(['stage_id', 'substage_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('organization_id', '=', organizationId)
    .where('stage_id', 'is not', null)
    .groupBy(['stage_id', 'substage_id'])
    .execute();
  const stages = new Map<number, number>();
  const subStages = new Map<string, number>();
  for (const row of rows) {
    stages.set(row.stage_id!, (stages.get(row.stage_id!) ?? 0) + Number(row.n));
    if (row.substage_id) subStages.set(row.substage_id, (subStages.get(row.substage_id) ?? 0) + Number(row.n));
  }
  return { stages, subStages };
}

const candidates = (n: number) => (n === 1 ? '1 candidate is' : `${n} candidates are`);

/** Which metrics hold scores now: candidates scored per stage and metric key (`<stageId>:<key>`). */
async function metricsInUse(db: Db, organizationId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('candidate_scores')
    .select(['stage_id', 'key', (eb) => eb.fn.count<string>('application_id').distinct().as('n')])
    .where('organization_id', '=', organizationId)
    .groupBy(['stage_id', 'key'])
    .execute();
  return new Map(rows.map((row) => [`${row.stage_id}:${row.key}`, Number(row.n)]));
}

const scored = (n: number) => (n === 1 ? '1 candidate has a score' : `${n} candidates have scores`);

/**
 * A kept stage's metric that holds scores may not be removed (or its key changed, which is the same) nor change its
 * type: the scores already given would no longer belong to any metric, or no longer fit it. Its label and range may
 * change.
 */
function metricRefusals(
  before: readonly OrganizationStage[],
  after: readonly OrganizationStage[],
  inUse: ReadonlyMap<string, number>,
): string[] {
  return before.flatMap((stage) => {
    const kept = after.find((s) => s.id === stage.id);
    if (!kept) return [];
    return stage.metrics.flatMap((metric) => {
      const n = inUse.get(`${stage.id}:${metric.key}`);
      if (!n) return [];
      const now = kept.metrics.find((m) => m.key === metric.key);
      const what = `'${metric.label}' of '${stage.name}'`;
      if (!now) return [`${what} cannot be removed: ${scored(n)} for it`];
      if (now.metricType !== metric.metricType)
        return [`${what} cannot change from ${metric.metricType} to ${now.metricType}: ${scored(n)} for it`];
      return [];
    });
  });
}

/**
 * With assessments hidden (`hr.assessments` false, decision 0078) the organisation has no assessment integration to
 * attach: a provider may stay where it is (candidates may be mid-assessment) but none is attached or changed.
 */
function providerRefusals(organization: OrganizationRecord, stages: readonly OrganizationStage[]): string[] {
  if (showsHrFeature(organization, 'assessments')) return [];
  const canonical = (provider: OrganizationStage['provider']) =>
    provider ? JSON.stringify(provider, Object.keys(provider).sort()) : '';
  const saved = new Map(organization.stages.map((stage) => [stage.id, canonical(stage.provider)]));
  return stages
    .filter((stage) => stage.provider && saved.get(stage.id) !== canonical(stage.provider))
    .map(
      (stage) =>
        `stage ${stage.id}: assessments are turned off for this organisation, so no assessment provider can be ` +
        'attached or changed',
    );
}

/**
 * PUT /v1/organization/:orgId/stages (decision 0052): the new pipeline, each stage's place its order; checked by the
 * engine's stageProblems (product stage ids, one default substage, providers only where spec §3 allows them), and a
 * stage or substage where candidates are now is refused by name (409) rather than leaving them nowhere, as is removing
 * or retyping a metric that holds scores (decision 0058).
 */
export async function updateStages(
  db: Db,
  organization: OrganizationRecord,
  stages: OrganizationStage[],
): Promise<OrganizationStage[]> {
  const ordered = stages.map((stage, orderIndex) => ({
    ...stage,
    orderIndex,
    subStages: stage.subStages.map((sub, index) => ({ ...sub, orderIndex: index })),
  }));
  const problems = [...stageProblems(ordered), ...providerRefusals(organization, ordered)];
  if (problems.length > 0) {
    throw badRequest(
      THE_PIPELINE_HAS_PROBLEMS,
      problems.map((message) => ({ field: 'stages', message })),
    );
  }
  const [inUse, scores] = await Promise.all([placesInUse(db, organization.id), metricsInUse(db, organization.id)]);
  const keptStages = new Set(ordered.map((s) => s.id));
  const keptSubStages = new Set(ordered.flatMap((s) => s.subStages.map((sub) => sub.id)));
  const refused = [
    ...organization.stages
      .filter((s) => !keptStages.has(s.id) && inUse.stages.has(s.id))
      .map((s) => `'${s.name}' cannot be removed: ${candidates(inUse.stages.get(s.id)!)} at this stage`),
    ...organization.stages
      .filter((s) => keptStages.has(s.id))
      .flatMap((s) => s.subStages)
      .filter((sub) => !keptSubStages.has(sub.id) && inUse.subStages.has(sub.id))
      .map((sub) => `'${sub.name}' cannot be removed: ${candidates(inUse.subStages.get(sub.id)!)} at this substage`),
    ...metricRefusals(organization.stages, ordered, scores),
  ];
  if (refused.length > 0) {
    throw new HttpError(
      409,
      refused[0]!,
      refused.map((message) => ({ field: 'stages', message })),
    );
  }
  await saveOrganizationStages(db, organization.id, ordered);
  return ordered;
}
