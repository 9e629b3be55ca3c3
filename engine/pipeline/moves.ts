import type { OrganizationStage, SubStage } from '#schemas/pipeline';
import type { MoveKind } from '#schemas/vocabularies';
import { defaultSubStage, findStage, orderedSubStages, type PipelinePosition } from './organization-stages';
import { isActionable, visibleSubStages } from './providers';
import { isStageId, type StageStatus } from './stages';

/**
 * Stage moves (spec §4 Stage statuses and pipeline, decision 0014): where a manager may move a
 * candidate and whether the candidate can be moved from where they are. The server enforces these
 * on every move; the client uses the same functions to offer only what the server accepts.
 */

/**
 * The substages a manager may choose at a stage, in order: all of them, or — when an assessment
 * provider is attached — those its filter leaves visible (spec §4: with an assessment, the
 * provider's excluded substages are hidden; before one exists, only its included ones show).
 */
export function choosableSubStages(stage: Pick<OrganizationStage, 'subStages' | 'provider'>): SubStage[] {
  const ordered = orderedSubStages(stage);
  const provider = stage.provider;
  if (!provider) return ordered;
  const filter = { included: provider.included ?? ordered.map((s) => s.id), excluded: provider.excluded ?? [] };
  return visibleSubStages(ordered, filter, provider.assessment ?? true);
}

export type MoveTarget =
  | { ok: true; position: PipelinePosition; stage: OrganizationStage; subStage: SubStage }
  /** `absent`: a stage id of the product the organisation's pipeline does not have (a 404 for a path id). */
  | { ok: false; field: 'stageId' | 'substageId'; message: string; absent: boolean };

/**
 * Where a move to `stageId` (and `substageId`, else the stage's default substage, else its first
 * choosable one) lands in the organisation's pipeline, or what is wrong with the request.
 */
export function moveTarget(
  stages: readonly OrganizationStage[],
  stageId: number,
  substageId?: string | null,
): MoveTarget {
  if (!isStageId(stageId))
    return { ok: false, field: 'stageId', message: `${stageId} is not a pipeline stage id.`, absent: false };
  const stage = findStage(stages, stageId);
  if (!stage)
    return {
      ok: false,
      field: 'stageId',
      message: `This organisation's pipeline has no stage ${stageId}.`,
      absent: true,
    };
  const choosable = choosableSubStages(stage);
  let subStage: SubStage | undefined;
  if (substageId) {
    subStage = stage.subStages.find((s) => s.id === substageId);
    if (!subStage)
      return {
        ok: false,
        field: 'substageId',
        message: `'${substageId}' is not a substage of ${stage.name}.`,
        absent: false,
      };
    if (!choosable.includes(subStage)) {
      return {
        ok: false,
        field: 'substageId',
        message: `${stage.name} / ${subStage.name} is set by the stage's assessment provider and cannot be chosen.`,
        absent: false,
      };
    }
  } else {
    const fallback = defaultSubStage(stage);
    subStage = fallback && choosable.includes(fallback) ? fallback : choosable[0];
    if (!subStage)
      return {
        ok: false,
        field: 'stageId',
        message: `${stage.name} has no substage a manager can choose.`,
        absent: false,
      };
  }
  return {
    ok: true,
    stage,
    subStage,
    position: { stageId: stage.id, substageId: subStage.id, stageStatus: subStage.codeStage },
  };
}

const STATUS_WORDS: Readonly<Record<StageStatus, string>> = {
  PENDING: 'pending',
  INVITED: 'invited',
  SCHEDULED: 'scheduled',
  IN_PROGRESS: 'in progress',
  COMPLETED: 'completed',
};

/**
 * Why a candidate cannot be moved from where they are, or null when they can. Spec §4 actionable
 * rules apply at a stage with an assessment provider: a candidate who is not actionable there
 * (invited, scheduled or in progress with the provider) stays until the assessment completes.
 * A completed candidate can always move on, and a stage without a provider holds no one.
 */
export function moveBlocker(
  stages: readonly OrganizationStage[],
  from: { stageId: number | null; stageStatus: StageStatus | null },
): string | null {
  if (
    from.stageId === null ||
    from.stageStatus === null ||
    from.stageStatus === 'COMPLETED' ||
    !isStageId(from.stageId)
  )
    return null;
  const stage = findStage(stages, from.stageId);
  if (!stage?.provider || isActionable(stage.provider.kind, from.stageStatus, from.stageId)) return null;
  return `${STATUS_WORDS[from.stageStatus]} at ${stage.name}, whose assessment is under way: they can move once it completes`;
}

/** True when a move would leave the candidate where they are. */
export function isSamePosition(
  from: { stageId: number | null; substageId: string | null },
  to: PipelinePosition,
): boolean {
  return from.stageId === to.stageId && from.substageId === to.substageId;
}

/** Moves an undo can revert: those that moved an application already in the pipeline. */
const UNDOABLE_KINDS: ReadonlySet<MoveKind> = new Set(['MOVE', 'BULK', 'FAST_TRACK']);

/**
 * Whether undo can revert a move, the newest one that is neither an undo nor undone (decision 0014): submitting,
 * withdrawing and the copies that created an application are not moves to undo.
 */
export function isUndoable(move: { kind: MoveKind; fromStageId: number | null }): boolean {
  return UNDOABLE_KINDS.has(move.kind) && move.fromStageId !== null;
}

/** Whether an application's history (newest first) has a move undo would revert. */
export function hasMoveToUndo(
  newestFirst: readonly { kind: MoveKind; undone: boolean; from: { stageId: number } | null }[],
): boolean {
  const last = newestFirst.find((entry) => entry.kind !== 'UNDO' && !entry.undone);
  return last !== undefined && isUndoable({ kind: last.kind, fromStageId: last.from?.stageId ?? null });
}
