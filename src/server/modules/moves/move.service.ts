import {
  isSamePosition,
  isUndoable,
  findStage,
  resolvePosition,
  stageName,
  substageName,
  type PipelinePosition,
} from '#engine';
import type { HistoryEntry, MoveResult } from '#schemas/pipeline';
import type { Db } from '../../db/client';
import type { ApplicationRow, StageMoveKind } from '../../db/types';
import { conflict } from '../../lib/http-error';
import { isUuid } from '../../lib/uuid';
import { noApplication, pipelineApplication } from '../applications/application-access';
import type { Viewer } from '../../lib/viewer';
import { isActiveStage, refreshCandidateStatuses } from '../profiles/candidate-status.service';
import { insertStageHistory } from '../applications/application.repository';
import { findHistory, findLastMove, lockPipelineApplication, markUndone, moveApplication } from './move.repository';
import { assertMovable, checkedTarget } from './move-rules';
import { toHistoryEntry, toMoveResult } from './move.view';
import { queueStageMessages, type StageMessage } from '../communications/send.service';
import { queueNewHires } from '../integrations/hr.service';

const NOTHING_TO_UNDO = 'Nothing to undo';

const placeOf = (application: ApplicationRow) => ({
  stageId: application.stage_id,
  substageId: application.substage_id,
  stageStatus: application.stage_status,
});

/**
 * Runs `change` on the application locked for the rest of one transaction (404 for a draft,
 * another organisation's or a malformed id), so concurrent moves of one candidate queue up and
 * each starts from where the previous one left it.
 */
async function withLockedApplication<T>(
  db: Db,
  viewer: Viewer,
  id: string,
  change: (trx: Db, application: ApplicationRow) => Promise<T>,
): Promise<T> {
  if (!isUuid(id)) throw noApplication(id);
  return db.transaction().execute(async (trx) => {
    const application = await lockPipelineApplication(trx, viewer.organization.id, id.toLowerCase());
    if (!application) throw noApplication(id);
    return change(trx, application);
  });
}

/** Moves a locked application to `to`, writes the history entry and, when it changes, the candidate's status. */
async function move(
  trx: Db,
  viewer: Viewer,
  application: ApplicationRow,
  to: PipelinePosition,
  kind: StageMoveKind,
  message: StageMessage,
): Promise<ApplicationRow> {
  const { organization } = viewer;
  const moved = await moveApplication(trx, organization.id, application.id, to);
  if (message)
    await queueStageMessages(trx, { organization, userId: viewer.user.id, ...message }, [application.id], to);
  // Hired: to the HR system when the organisation has connected one (decision 0080).
  await queueNewHires(trx, organization, [application.id], to);
  await insertStageHistory(trx, {
    organizationId: organization.id,
    applicationId: application.id,
    actorId: viewer.user.id,
    kind,
    from: placeOf(application),
    to,
  });
  if (isActiveStage(application.stage_id) !== isActiveStage(to.stageId))
    await refreshCandidateStatuses(trx, organization, [application.user_id]);
  return moved;
}

/**
 * POST /candidate/:id/stage/:stageId/:subId/organization/:orgId and /candidate/:id/ostage/:stageId
 * (no substage: the stage's default one). One transaction: lock, check, move, history, and the
 * stage's message queued unless `message` is null (issue 16).
 */
export async function moveCandidate(
  db: Db,
  viewer: Viewer,
  id: string,
  stageId: number,
  { substageId, message }: { substageId?: string; message: StageMessage },
): Promise<MoveResult> {
  const stages = viewer.organization.stages;
  const to = checkedTarget(stages, stageId, substageId, { stage: 'stageId', substage: 'subId' });
  const moved = await withLockedApplication(db, viewer, id, async (trx, application) => {
    assertMovable(stages, application);
    if (isSamePosition(placeOf(application), to))
      throw conflict(
        `The candidate is already at ${stageName(stages, to.stageId)} / ${substageName(stages, to.stageId, to.substageId)}.`,
      );
    return move(trx, viewer, application, to, 'MOVE', message);
  });
  return toMoveResult(moved, stages);
}

/**
 * POST /candidate/:id/undo: the application goes back where its newest move (not itself undone,
 * not an undo) found it; that entry is marked undone and an UNDO entry records the way back.
 * Submitting, withdrawing and the copies that created an application are not moves to undo.
 */
export async function undoMove(db: Db, viewer: Viewer, id: string): Promise<MoveResult> {
  const stages = viewer.organization.stages;
  const moved = await withLockedApplication(db, viewer, id, async (trx, application) => {
    const last = await findLastMove(trx, viewer.organization.id, application.id);
    if (!last || last.from_stage_id === null || !isUndoable({ kind: last.kind, fromStageId: last.from_stage_id }))
      throw conflict(NOTHING_TO_UNDO);
    assertMovable(stages, application);
    if (!findStage(stages, last.from_stage_id))
      throw conflict(
        `The move cannot be undone: ${stageName(stages, last.from_stage_id)} is no longer in the pipeline.`,
      );
    const back =
      last.from_substage_id !== null && last.from_stage_status !== null
        ? { stageId: last.from_stage_id, substageId: last.from_substage_id, stageStatus: last.from_stage_status }
        : resolvePosition(stages, last.from_stage_id)!;
    await markUndone(trx, viewer.organization.id, last.id);
    // An undo replays no message: the candidate was told of the move, not of its undoing.
    return move(trx, viewer, application, back, 'UNDO', null);
  });
  return toMoveResult(moved, stages);
}

/** GET /candidate/:id/history: every move of an application in the pipeline, newest first. */
export async function moveHistory(db: Db, viewer: Viewer, id: string): Promise<HistoryEntry[]> {
  const application = await pipelineApplication(db, viewer, id);
  const rows = await findHistory(db, viewer.organization.id, application.id);
  return rows.map((row) => toHistoryEntry(row, viewer.organization.stages));
}
