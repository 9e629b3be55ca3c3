import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import catalogue from '#configs/stages.json' with { type: 'json' };
import {
  choosableSubStages,
  hasMoveToUndo,
  isActionable,
  moveBlocker,
  moveTarget,
  resolveStages,
  stageProblems,
  STAGE_IDS,
  STAGE_STATUSES,
} from '#engine';
import type { OrganizationStage, StageCatalogue, StageSelection } from '#schemas/pipeline';

const CATALOGUE = catalogue as unknown as StageCatalogue;
const pipeline = fc
  .uniqueArray(fc.constantFrom(...STAGE_IDS), { minLength: 1, maxLength: STAGE_IDS.length })
  .map((ids) => resolveStages(CATALOGUE, ids));

/** acme-like pipeline with a psychometric test on stage 2 hiding the substages it sets itself. */
function withProvider(provider: NonNullable<OrganizationStage['provider']>): OrganizationStage[] {
  const selection: StageSelection = [1, { id: 2, provider }, 3, 16];
  return resolveStages(CATALOGUE, selection);
}

describe('stage moves (decision 0014)', () => {
  it('without a provider every substage can be chosen, a move without one lands on the default, and nobody is held', () => {
    fc.assert(
      fc.property(pipeline, fc.nat(), fc.constantFrom(...STAGE_STATUSES), (stages, pick, status) => {
        const stage = stages[pick % stages.length]!;
        expect(choosableSubStages(stage).map((s) => s.id)).toEqual(
          [...stage.subStages].sort((a, b) => a.orderIndex - b.orderIndex).map((s) => s.id),
        );
        const target = moveTarget(stages, stage.id);
        expect(target.ok && target.subStage.defaultSubStage).toBe(true);
        for (const sub of stage.subStages) expect(moveTarget(stages, stage.id, sub.id).ok).toBe(true);
        expect(moveBlocker(stages, { stageId: stage.id, stageStatus: status })).toBeNull();
      }),
    );
  });

  it('refuses stage ids the product does not have (400) apart from stages the organisation lacks (404), and foreign substages', () => {
    const stages = resolveStages(CATALOGUE, [1, 3, 16]);
    expect(moveTarget(stages, 12)).toMatchObject({ ok: false, field: 'stageId', absent: false });
    expect(moveTarget(stages, 29)).toMatchObject({ ok: false, field: 'stageId', absent: true });
    expect(moveTarget(stages, 3, '1-new')).toMatchObject({
      ok: false,
      field: 'substageId',
      message: "'1-new' is not a substage of At interview.",
    });
  });

  it("hides the provider's excluded substages once its assessment exists, and shows only the included ones before", () => {
    const stages = withProvider({ kind: 'psychometricTest', excluded: ['2-invited', '2-in-progress'] });
    const online = stages.find((s) => s.id === 2)!;
    expect(choosableSubStages(online).map((s) => s.id)).toEqual(['2-to-invite', '2-completed']);
    expect(moveTarget(stages, 2, '2-invited')).toMatchObject({ ok: false, field: 'substageId' });
    expect(moveTarget(stages, 2)).toMatchObject({
      ok: true,
      position: { substageId: '2-to-invite', stageStatus: 'PENDING' },
    });

    const before = withProvider({ kind: 'psychometricTest', assessment: false, included: ['2-completed'] });
    expect(choosableSubStages(before.find((s) => s.id === 2)!).map((s) => s.id)).toEqual(['2-completed']);
    // The default substage is hidden: the first choosable one is taken.
    expect(moveTarget(before, 2)).toMatchObject({ ok: true, position: { substageId: '2-completed' } });
  });

  it('holds a candidate at a provider stage exactly when spec §4 says they are not actionable, until their assessment completes', () => {
    for (const kind of ['psychometricTest', 'onlineVideoPlatform'] as const) {
      const stages = withProvider({ kind });
      for (const status of STAGE_STATUSES) {
        const held = moveBlocker(stages, { stageId: 2, stageStatus: status }) !== null;
        expect(held, `${kind} ${status}`).toBe(status !== 'COMPLETED' && !isActionable(kind, status, 2));
      }
      expect(moveBlocker(stages, { stageId: 2, stageStatus: 'INVITED' })).toBe(
        'invited at At online test, whose assessment is under way: they can move once it completes',
      );
      expect(moveBlocker(stages, { stageId: 3, stageStatus: 'INVITED' })).toBeNull();
    }
    // Screening: in progress and invited at an applied-type stage stay actionable.
    const screened = resolveStages(CATALOGUE, [{ id: 1, provider: { kind: 'applicationScreen' } }, 3]);
    expect(moveBlocker(screened, { stageId: 1, stageStatus: 'IN_PROGRESS' })).toBeNull();
    expect(moveBlocker(screened, { stageId: 1, stageStatus: 'INVITED' })).toBeNull();
    expect(moveBlocker(screened, { stageId: 1, stageStatus: 'SCHEDULED' })).not.toBeNull();
  });

  it('reports a provider attached to a stage it does not allow, or naming substages the stage does not have', () => {
    expect(stageProblems(withProvider({ kind: 'psychometricTest', excluded: ['2-invited'] }))).toEqual([]);
    expect(stageProblems(resolveStages(CATALOGUE, [1, { id: 3, provider: { kind: 'psychometricTest' } }]))).toEqual([
      "stage 3: provider 'psychometricTest' cannot be attached to this stage",
    ]);
    expect(stageProblems(withProvider({ kind: 'psychometricTest', included: ['3-invited'] }))).toEqual([
      "stage 2: provider 'psychometricTest' names substage '3-invited', which the stage does not have",
    ]);
  });

  it('reports a provider filter that leaves managers no substage to choose, before or once its assessment exists', () => {
    const ids = withProvider({ kind: 'psychometricTest' })
      .find((s) => s.id === 2)!
      .subStages.map((s) => s.id);
    expect(stageProblems(withProvider({ kind: 'psychometricTest', included: [] }))).toEqual([
      "stage 2: provider 'psychometricTest' offers no substage before its assessment exists: include at least one",
    ]);
    expect(stageProblems(withProvider({ kind: 'psychometricTest', excluded: ids }))).toEqual([
      "stage 2: provider 'psychometricTest' hides every substage once its assessment exists: leave at least one",
    ]);
    expect(
      stageProblems(withProvider({ kind: 'psychometricTest', included: [ids[0]!], excluded: ids.slice(1) })),
    ).toEqual([]);
  });
});

describe('undo (decision 0014)', () => {
  const from = { stageId: 1 };
  it('offers undo for the newest move that is neither an undo nor undone, and only for a move in the pipeline', () => {
    expect(hasMoveToUndo([])).toBe(false);
    expect(hasMoveToUndo([{ kind: 'SUBMIT', undone: false, from: null }])).toBe(false);
    for (const kind of ['MOVE', 'BULK', 'FAST_TRACK'] as const)
      expect(hasMoveToUndo([{ kind, undone: false, from }]), kind).toBe(true);
    for (const kind of ['WITHDRAW', 'COPY'] as const)
      expect(hasMoveToUndo([{ kind, undone: false, from }]), kind).toBe(false);
    // An undone move and the undo that reverted it leave the submission: nothing more to undo.
    expect(
      hasMoveToUndo([
        { kind: 'UNDO', undone: false, from },
        { kind: 'MOVE', undone: true, from },
        { kind: 'SUBMIT', undone: false, from: null },
      ]),
    ).toBe(false);
    // …but an earlier move still standing can be undone next.
    expect(
      hasMoveToUndo([
        { kind: 'UNDO', undone: false, from },
        { kind: 'MOVE', undone: true, from },
        { kind: 'BULK', undone: false, from },
      ]),
    ).toBe(true);
  });
});
