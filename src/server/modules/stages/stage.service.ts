import { stageProblems } from '#engine';
import type { OrganizationStage } from '#schemas/pipeline';
import type { Db } from '../../db/client';
import type { OrganizationRecord } from '../../db/types';
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

/**
 * PUT /v1/organization/:orgId/stages (decision 0052): the new pipeline, each stage's place its order; checked by the
 * engine's stageProblems (product stage ids, one default substage, providers only where spec §3 allows them), and a
 * stage or substage where candidates are now is refused by name (409) rather than leaving them nowhere.
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
  const problems = stageProblems(ordered);
  if (problems.length > 0) {
    throw badRequest(
      THE_PIPELINE_HAS_PROBLEMS,
      problems.map((message) => ({ field: 'stages', message })),
    );
  }
  const inUse = await placesInUse(db, organization.id);
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
