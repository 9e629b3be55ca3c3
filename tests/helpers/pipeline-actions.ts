import fc from 'fast-check';
import type { Db } from '#server/db/client';
import type { Viewer } from '#server/lib/viewer';
import { bulkMoveCandidates } from '#server/modules/moves/bulk-move.service';
import { moveCandidate, undoMove } from '#server/modules/moves/move.service';

/** What a manager does to one role's applications (by their index among `size`) in the property tests. */
export type PipelineAction =
  | { kind: 'move'; app: number; stage: number }
  | { kind: 'bulk'; apps: number[]; stage: number }
  | { kind: 'undo'; app: number };

/** Weighted arbitraries of moves, bulk moves and undos over `size` applications, to mix with a test's own actions. */
export function pipelineActions(
  stages: readonly number[],
  size: number,
  undoWeight = 2,
): fc.WeightedArbitrary<PipelineAction>[] {
  const app = fc.integer({ min: 0, max: size - 1 });
  return [
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('move' as const), app, stage: fc.constantFrom(...stages) }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('bulk' as const),
        apps: fc.uniqueArray(app, { minLength: 1, maxLength: size }),
        stage: fc.constantFrom(...stages),
      }),
    },
    { weight: undoWeight, arbitrary: fc.record({ kind: fc.constant('undo' as const), app }) },
  ];
}

/** Runs a pipeline action through the services; one the rules refuse (an HTTP error) changes nothing: passed over. */
export async function runPipelineAction(
  db: Db,
  viewer: Viewer,
  roleId: string,
  ids: readonly string[],
  step: PipelineAction,
): Promise<void> {
  await (async () => {
    if (step.kind === 'move') await moveCandidate(db, viewer, ids[step.app]!, step.stage, { message: null });
    else if (step.kind === 'bulk')
      await bulkMoveCandidates(
        db,
        viewer,
        step.stage,
        roleId,
        { ids: step.apps.map((i) => ids[i]!) },
        { message: null },
      );
    else await undoMove(db, viewer, ids[step.app]!);
  })().catch(passRefusal);
}

/** Lets a refusal (an error with an HTTP status) pass, rethrowing anything else. */
function passRefusal(error: unknown): void {
  if (!(error instanceof Error && 'statusCode' in error)) throw error;
}
