import type { MetricDefinition, OrganizationStage, SubStage } from '#schemas/pipeline';

/*
 * The Stages tab's edits as pure functions (decision 0058): lists moved item by item, substages added and removed with
 * one default kept, new ids and keys that the schema accepts and nothing else in the pipeline uses.
 */

/** The list with the item at `index` swapped with its neighbour `by` places away (an edge stays where it is). */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const other = index + by;
  if (other < 0 || other >= items.length) return [...items];
  const next = [...items];
  [next[index], next[other]] = [next[other]!, next[index]!];
  return next;
}

/** A new substage of `stage`: named, pending, with an id (`<stage>-added-<n>`) no substage of the pipeline has. */
export function newSubStage(stages: readonly OrganizationStage[], stage: OrganizationStage, name: string): SubStage {
  const used = new Set(stages.flatMap((s) => s.subStages.map((sub) => sub.id)));
  let n = 1;
  while (used.has(`${stage.id}-added-${n}`)) n++;
  return {
    id: `${stage.id}-added-${n}`,
    name,
    codeStage: 'PENDING',
    defaultSubStage: false,
    orderIndex: stage.subStages.length,
  };
}

/**
 * The stage without substage `id`; when that was the default, the first one left becomes it (the engine wants one),
 * and its provider no longer names it (the engine refuses a provider naming a substage the stage lacks).
 */
export function withoutSubStage(stage: OrganizationStage, id: string): OrganizationStage {
  const removed = stage.subStages.find((sub) => sub.id === id);
  const rest = stage.subStages.filter((sub) => sub.id !== id);
  const subStages = removed?.defaultSubStage ? rest.map((sub, i) => ({ ...sub, defaultSubStage: i === 0 })) : rest;
  const provider = stage.provider && {
    ...stage.provider,
    ...(stage.provider.included && { included: stage.provider.included.filter((sub) => sub !== id) }),
    ...(stage.provider.excluded && { excluded: stage.provider.excluded.filter((sub) => sub !== id) }),
  };
  return { ...stage, subStages, ...(provider && { provider }) };
}

/** Which list of the provider's filter (spec §4 substage filtering) a substage is in. */
export type ProviderList = 'included' | 'excluded';

/** Whether the provider's list holds the substage: `included` unset means every substage, `excluded` unset none. */
export function inProviderList(stage: OrganizationStage, list: ProviderList, id: string): boolean {
  const ids = stage.provider?.[list];
  return ids ? ids.includes(id) : list === 'included';
}

/**
 * The stage with substage `id` put in or taken out of its provider's `included` or `excluded` list, in the stage's
 * order; `included` holding every substage is left unset (its default), an empty `excluded` too.
 */
export function withProviderSubStage(
  stage: OrganizationStage,
  list: ProviderList,
  id: string,
  on: boolean,
): OrganizationStage {
  if (!stage.provider) return stage;
  const ids = stage.subStages
    .map((sub) => sub.id)
    .filter((sub) => (sub === id ? on : inProviderList(stage, list, sub)));
  const { [list]: _old, ...provider } = stage.provider;
  const unset = list === 'included' ? ids.length === stage.subStages.length : ids.length === 0;
  return { ...stage, provider: unset ? provider : { ...provider, [list]: ids } };
}

/** The stage with its provider's assessment marked set up (the default) or not yet. */
export function withAssessment(stage: OrganizationStage, ready: boolean): OrganizationStage {
  if (!stage.provider) return stage;
  const { assessment: _old, ...provider } = stage.provider;
  return { ...stage, provider: ready ? provider : { ...provider, assessment: false } };
}

/** The stage with `id` its default substage, where candidates moved to the stage arrive. */
export function withDefaultSubStage(stage: OrganizationStage, id: string): OrganizationStage {
  return { ...stage, subStages: stage.subStages.map((sub) => ({ ...sub, defaultSubStage: sub.id === id })) };
}

/** A new metric of the stage: a 0..5 number (spec §5's default range) under a key (`metric<n>`) the stage lacks. */
export function newMetric(stage: OrganizationStage, label: string): MetricDefinition {
  const used = new Set(stage.metrics.map((m) => m.key));
  let n = 1;
  while (used.has(`metric${n}`)) n++;
  return { key: `metric${n}`, label, metricType: 'NUMBER' };
}

/** A metric of another type, with that type's default range (spec §5): a range set for the old type may not fit. */
export function retyped(metric: MetricDefinition, metricType: MetricDefinition['metricType']): MetricDefinition {
  const { min: _min, max: _max, ...rest } = metric;
  return { ...rest, metricType };
}

/** Whether a metric of this type has a range (NUMBER and PERCENT). */
export const hasRange = (metric: MetricDefinition) => metric.metricType === 'NUMBER' || metric.metricType === 'PERCENT';
