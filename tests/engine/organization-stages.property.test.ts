import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import catalogue from '#configs/stages.json' with { type: 'json' };
import { entryStage, resolvePosition, resolveStages, stageProblems, STAGE_IDS } from '#engine';
import type { StageCatalogue } from '#schemas/pipeline';

const CATALOGUE = catalogue as unknown as StageCatalogue;
/** Any pipeline an organisation could configure: distinct stage ids in any order. */
const pipeline = fc
  .uniqueArray(fc.constantFrom(...STAGE_IDS), { minLength: 1, maxLength: STAGE_IDS.length })
  .map((ids) => resolveStages(CATALOGUE, ids));

describe('organisation stages (spec §3 Organisation stage)', () => {
  it('every pipeline picked from the catalogue is valid and keeps the chosen order', () => {
    fc.assert(
      fc.property(pipeline, (stages) => {
        expect(stageProblems(stages)).toEqual([]);
        expect(stages.map((s) => s.orderIndex)).toEqual(stages.map((_, i) => i));
      }),
    );
  });

  it('a move without a substage lands on the default one, with its status; a foreign substage is refused', () => {
    fc.assert(
      fc.property(pipeline, fc.nat(), (stages, pick) => {
        const stage = stages[pick % stages.length]!;
        const position = resolvePosition(stages, stage.id)!;
        const sub = stage.subStages.find((s) => s.defaultSubStage)!;
        expect(position).toEqual({ stageId: stage.id, substageId: sub.id, stageStatus: sub.codeStage });
        for (const other of stages.filter((s) => s.id !== stage.id)) {
          expect(resolvePosition(stages, stage.id, other.subStages[0]!.id)).toBeUndefined();
        }
        expect(resolvePosition(stages, 99)).toBeUndefined();
      }),
    );
  });

  it('submitted applications enter stage 1 when the organisation has it, else its first stage', () => {
    fc.assert(
      fc.property(pipeline, (stages) => {
        expect(entryStage(stages)!.id).toBe(stages.some((s) => s.id === 1) ? 1 : stages[0]!.id);
      }),
    );
  });

  it('names what is wrong: duplicate stages, two default substages, a min not below its max', () => {
    const [applied] = resolveStages(CATALOGUE, [1]);
    const broken = {
      ...applied!,
      subStages: applied!.subStages.map((s) => ({ ...s, defaultSubStage: true })),
      metrics: [{ key: 'x', label: 'X', metricType: 'NUMBER' as const, min: 5, max: 5 }],
    };
    expect(stageProblems([broken, applied!])).toEqual([
      'stage 1 must have exactly one default substage (has 2)',
      "stage 1: metric 'x' has min 5 not below max 5",
      'stage 1 appears twice',
      "stage 1: substage '1-new' is used twice",
      "stage 1: substage '1-reviewed' is used twice",
    ]);
  });
});
