import type { MetricDefinition, OrganizationStage, StageCatalogue, StageSelection, SubStage } from '#schemas/pipeline';
import type { StageStatus } from './stages';
import { isStageId, STAGE_NAMES } from './stages';
import { PROVIDER_RULES } from './providers';

/**
 * An organisation's pipeline from the product's stage catalogue (configs/stages.json) and the
 * organisation's selection: stage ids in order, each optionally renaming the stage or replacing
 * its substages or metrics. Unknown ids are reported by `stageProblems`, not dropped silently.
 */
export function resolveStages(catalogue: StageCatalogue, selection: StageSelection): OrganizationStage[] {
  const byId = new Map(catalogue.map((stage) => [stage.id, stage]));
  return selection.map((entry, orderIndex) => {
    const choice = typeof entry === 'number' ? { id: entry } : entry;
    const base = byId.get(choice.id) ?? { id: choice.id, name: `Stage ${choice.id}`, subStages: [], metrics: [] };
    return {
      ...base,
      name: choice.name ?? base.name,
      orderIndex,
      subStages: choice.subStages ?? base.subStages,
      metrics: choice.metrics ?? base.metrics,
      ...((choice.provider ?? base.provider) && { provider: choice.provider ?? base.provider }),
    };
  });
}

/** What is wrong with a pipeline, each problem naming the stage; empty when it is usable. */
export function stageProblems(stages: readonly OrganizationStage[]): string[] {
  const problems: string[] = [];
  const stageIds = new Set<number>();
  const subStageIds = new Set<string>();
  for (const stage of stages) {
    const where = `stage ${stage.id}`;
    if (!isStageId(stage.id)) problems.push(`${where} is not a pipeline stage id of the product`);
    if (stageIds.has(stage.id)) problems.push(`${where} appears twice`);
    stageIds.add(stage.id);
    if (stage.subStages.length === 0) problems.push(`${where} has no substages`);
    const defaults = stage.subStages.filter((s) => s.defaultSubStage).length;
    if (stage.subStages.length > 0 && defaults !== 1)
      problems.push(`${where} must have exactly one default substage (has ${defaults})`);
    for (const sub of stage.subStages) {
      if (subStageIds.has(sub.id)) problems.push(`${where}: substage '${sub.id}' is used twice`);
      subStageIds.add(sub.id);
    }
    problems.push(...providerProblems(stage).map((p) => `${where}: ${p}`));
    const keys = new Set<string>();
    for (const metric of stage.metrics) {
      if (keys.has(metric.key)) problems.push(`${where}: metric '${metric.key}' is defined twice`);
      keys.add(metric.key);
      if (metric.min !== undefined && metric.max !== undefined && metric.min >= metric.max)
        problems.push(`${where}: metric '${metric.key}' has min ${metric.min} not below max ${metric.max}`);
    }
  }
  return problems;
}

/** An attached provider must allow the stage (spec §3 Assessment providers) and name only the stage's substages. */
export function providerProblems(stage: OrganizationStage): string[] {
  if (!stage.provider) return [];
  const { kind, included = [], excluded = [] } = stage.provider;
  const problems: string[] = [];
  if (!(PROVIDER_RULES[kind].allowedStages as readonly number[]).includes(stage.id))
    problems.push(`provider '${kind}' cannot be attached to this stage`);
  for (const id of [...included, ...excluded]) {
    if (!stage.subStages.some((s) => s.id === id))
      problems.push(`provider '${kind}' names substage '${id}', which the stage does not have`);
  }
  if (problems.length > 0 || stage.subStages.length === 0) return problems;
  // Spec §4 substage filtering: a filter that hides every substage leaves managers nowhere to move candidates to.
  const ids = stage.subStages.map((s) => s.id);
  if (stage.provider.included && !ids.some((id) => included.includes(id)))
    problems.push(`provider '${kind}' offers no substage before its assessment exists: include at least one`);
  if (ids.every((id) => excluded.includes(id)))
    problems.push(`provider '${kind}' hides every substage once its assessment exists: leave at least one`);
  return problems;
}

export function orderedSubStages(stage: Pick<OrganizationStage, 'subStages'>): SubStage[] {
  return [...stage.subStages].sort((a, b) => a.orderIndex - b.orderIndex);
}

export function defaultSubStage(stage: Pick<OrganizationStage, 'subStages'>): SubStage | undefined {
  return stage.subStages.find((s) => s.defaultSubStage) ?? orderedSubStages(stage)[0];
}

const APPLIED = 1;

/** Where submitted applications enter (spec §4): stage 1 'Applied' when the organisation has it, else its first stage.
 * */
export function entryStage(stages: readonly OrganizationStage[]): OrganizationStage | undefined {
  return stages.find((s) => s.id === APPLIED) ?? [...stages].sort((a, b) => a.orderIndex - b.orderIndex)[0];
}

export function findStage(stages: readonly OrganizationStage[], stageId: number): OrganizationStage | undefined {
  return stages.find((s) => s.id === stageId);
}

/** A stage's name in the organisation's pipeline, else the product's (a stage since removed from the pipeline). */
export function stageName(stages: readonly OrganizationStage[], stageId: number): string {
  return findStage(stages, stageId)?.name ?? (isStageId(stageId) ? STAGE_NAMES[stageId] : `Stage ${stageId}`);
}

/** A substage's name in the organisation's pipeline (its id when the pipeline no longer has it); null without one. */
export function substageName(
  stages: readonly OrganizationStage[],
  stageId: number | null,
  substageId: string | null,
): string | null {
  if (stageId === null || substageId === null) return null;
  return findStage(stages, stageId)?.subStages.find((s) => s.id === substageId)?.name ?? substageId;
}

/** A position in the pipeline: the stage, its substage and the stage status that substage stands for. */
export interface PipelinePosition {
  stageId: number;
  substageId: string;
  stageStatus: StageStatus;
}

/**
 * Where a move to `stageId` (and optionally `substageId`) lands: the named substage of that stage,
 * or the stage's default one. Undefined when the organisation has no such stage or the substage
 * belongs to another stage.
 */
export function resolvePosition(
  stages: readonly OrganizationStage[],
  stageId: number,
  substageId?: string | null,
): PipelinePosition | undefined {
  const stage = findStage(stages, stageId);
  if (!stage) return undefined;
  const sub = substageId ? stage.subStages.find((s) => s.id === substageId) : defaultSubStage(stage);
  return sub ? { stageId: stage.id, substageId: sub.id, stageStatus: sub.codeStage } : undefined;
}

/** The metrics scored at a stage (none for a stage the organisation does not have). */
export function stageMetrics(stages: readonly OrganizationStage[], stageId: number): readonly MetricDefinition[] {
  return findStage(stages, stageId)?.metrics ?? [];
}
