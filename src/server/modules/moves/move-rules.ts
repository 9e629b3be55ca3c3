import { moveBlocker, moveTarget, type PipelinePosition } from '#engine';
import type { FieldError } from '#schemas/api';
import type { OrganizationStage } from '#schemas/pipeline';
import type { StageStatusColumn } from '../../db/types';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';

/*
 * The engine's move rules (engine/pipeline/moves.ts) as HTTP answers: the same functions the
 * client uses to offer stages and substages decide here what the server accepts.
 */

const WITHDRAWN_MESSAGE = 'The candidate has withdrawn this application: it cannot be moved.';

/**
 * Where a move lands, or the error: a stage id the product does not have or a substage that is not
 * the stage's (or that its provider hides) is a 400 naming the field; a product stage the
 * organisation's pipeline does not have is a 404, like any other organisation's id.
 */
export function checkedTarget(
  stages: readonly OrganizationStage[],
  stageId: number,
  substageId: string | undefined,
  fields: { stage: string; substage: string } = { stage: 'stageId', substage: 'substageId' },
): PipelinePosition {
  const target = moveTarget(stages, stageId, substageId);
  if (target.ok) return target.position;
  if (target.absent) throw notFound(target.message);
  const field = target.field === 'stageId' ? fields.stage : fields.substage;
  throw badRequest(target.message, [{ field, message: target.message }]);
}

interface Position {
  state: string;
  stage_id: number | null;
  stage_status: StageStatusColumn | null;
}

/** 409 unless the hiring side may move the application from where it is (withdrawn, or mid-assessment, it may not). */
export function assertMovable(stages: readonly OrganizationStage[], application: Position): void {
  if (application.state === 'WITHDRAWN') throw conflict(WITHDRAWN_MESSAGE);
  const blocker = moveBlocker(stages, { stageId: application.stage_id, stageStatus: application.stage_status });
  if (blocker) throw conflict(`This candidate cannot be moved: they are ${blocker}.`);
}

/** Why each of a selection cannot be moved, grouped by reason, for one all-or-nothing 409. */
export class Refusals {
  private readonly groups = new Map<string, string[]>();
  constructor(private readonly field: string) {}

  add(reason: string, id: string): void {
    this.groups.set(reason, [...(this.groups.get(reason) ?? []), id]);
  }

  /** Reason of a row that cannot be moved, if any. */
  check(stages: readonly OrganizationStage[], row: Position & { id: string }): void {
    if (row.state === 'WITHDRAWN') return this.add('withdrawn', row.id);
    const blocker = moveBlocker(stages, { stageId: row.stage_id, stageStatus: row.stage_status });
    if (blocker) this.add(blocker, row.id);
  }

  get count(): number {
    let n = 0;
    for (const ids of this.groups.values()) n += ids.length;
    return n;
  }

  /** Throws the 409 when anything was refused: how many, and why (each reason with up to 10 of its ids). */
  throwIfAny(total: number, what: string, action = 'moved'): void {
    if (this.count === 0) return;
    const sentences = [...this.groups].map(([reason, ids]) => {
      const one = ids.length === 1;
      const sentence =
        reason === 'withdrawn'
          ? `${ids.length} ${one ? 'has' : 'have'} withdrawn`
          : reason === 'missing'
            ? `${ids.length} ${one ? 'is' : 'are'} not in ${what}`
            : `${ids.length} ${one ? 'is' : 'are'} ${reason}`;
      return { sentence, ids };
    });
    const errors: FieldError[] = sentences.map(({ sentence, ids }) => ({
      field: this.field,
      message: `${sentence} (${ids.slice(0, 10).join(', ')}${ids.length > 10 ? ` and ${ids.length - 10} more` : ''})`,
    }));
    throw new HttpError(
      409,
      `Nothing was ${action}: ${this.count} of the ${total} selected candidates cannot be ${action}. ${sentences.map((s) => s.sentence).join('; ')}.`,
      errors,
    );
  }
}
