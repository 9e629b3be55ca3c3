import { isSamePosition } from '#engine';
import type { BulkMoveBody, BulkMoveResult } from '#schemas/pipeline';
import type { Db } from '../../db/client';
import { badRequest, conflict } from '../../lib/http-error';
import { isUuid } from '../../lib/uuid';
import { roleOf } from '../roles/role.service';
import { matchingApplications } from '../search/candidate-filter';
import type { Viewer } from '../../lib/viewer';
import { isActiveStage, refreshCandidateStatuses } from '../profiles/candidate-status.service';
import {
  bulkMove,
  findHiringUser,
  findMatchingApplications,
  findRoleApplicationsById,
  type BulkCandidate,
} from './move.repository';
import { checkedTarget, Refusals } from './move-rules';
import { queueStageMessages, type StageMessage } from '../communications/send.service';
import { queueNewHires } from '../integrations/hr.service';

/**
 * POST /candidate/bulkstage/:stageId/:roleId?assignee: moves the role's selected applications —
 * `ids`, or every application matching `filters` — minus `unselectedIds`, to the stage (and
 * `substageId`, else its default substage), optionally assigning them. All or nothing: when any
 * cannot be moved (not the role's, withdrawn, mid-assessment) nothing moves and the 409 says how
 * many and why. Applications already at the target are left as they are. Set-based, whatever their
 * number: one SELECT reads the selection, the engine's rules check it, one UPDATE … WHERE id = ANY
 * moves them and one INSERT … SELECT writes every history entry; when another move changed any of
 * them between the read and the UPDATE (a version moved on), the transaction rolls back and runs
 * again.
 */
export async function bulkMoveCandidates(
  db: Db,
  viewer: Viewer,
  stageId: number,
  roleId: string,
  body: BulkMoveBody,
  { assignee, message }: { assignee?: string; message: StageMessage },
): Promise<BulkMoveResult> {
  const { organization } = viewer;
  const role = await roleOf(db, organization, roleId);
  if ((body.ids === undefined) === (body.filters === undefined)) {
    const message =
      'Give either the ids of the candidates to move or filters to move all matching candidates, not both.';
    throw badRequest(message, [{ field: body.ids ? 'filters' : 'ids', message }]);
  }
  if (body.filters?.roleId !== undefined && body.filters.roleId.toLowerCase() !== role.id) {
    const message = 'filters.roleId must be the role of the move, or left out.';
    throw badRequest(message, [{ field: 'filters.roleId', message }]);
  }
  const to = checkedTarget(organization.stages, stageId, body.substageId);
  let assigneeId: string | undefined;
  if (assignee !== undefined) {
    const user = isUuid(assignee) ? await findHiringUser(db, organization.id, assignee.toLowerCase()) : undefined;
    if (!user) {
      const message = `No hiring manager with id '${assignee}' in this organisation.`;
      throw badRequest(message, [{ field: 'assignee', message }]);
    }
    assigneeId = user.id;
  }
  const unselected = new Set(
    [...(body.unselectedIds ?? []), ...(body.filters?.unselectedIds ?? [])].map((id) => id.toLowerCase()),
  );
  const now = new Date();

  const attempt = () =>
    db.transaction().execute(async (trx) => {
      const refusals = new Refusals(body.ids ? 'ids' : 'filters');
      let rows: BulkCandidate[];
      let total: number;
      if (body.ids) {
        const ids = [...new Set(body.ids.map((id) => id.toLowerCase()))].filter((id) => !unselected.has(id));
        rows = await findRoleApplicationsById(trx, organization.id, role.id, ids);
        const found = new Set(rows.filter((r) => r.state !== 'DRAFT').map((r) => r.id));
        for (const id of ids) if (!found.has(id)) refusals.add('missing', id);
        rows = rows.filter((r) => found.has(r.id));
        total = ids.length;
      } else {
        const filters = { ...body.filters, roleId: role.id, unselectedIds: [...unselected] };
        rows = await findMatchingApplications(trx, matchingApplications(trx, organization, filters, now));
        total = rows.length;
      }
      for (const row of rows) refusals.check(organization.stages, row);
      refusals.throwIfAny(total, `the pipeline of ${role.name}`);

      const moving = rows.filter((row) => !isSamePosition({ stageId: row.stage_id, substageId: row.substage_id }, to));
      const moved = await bulkMove(trx, {
        organizationId: organization.id,
        rows: moving,
        to,
        kind: 'BULK',
        actorId: viewer.user.id,
        assigneeId,
      });
      // Someone changed some of them since they were read: roll everything back and start again.
      if (moved !== moving.length) throw new ConcurrentChange();
      if (message)
        await queueStageMessages(
          trx,
          { organization, userId: viewer.user.id, ...message },
          moving.map((row) => row.id),
          to,
        );
      await queueNewHires(
        trx,
        organization,
        moving.map((row) => row.id),
        to,
      );
      const changed = moving.filter((row) => isActiveStage(row.stage_id) !== isActiveStage(to.stageId));
      await refreshCandidateStatuses(
        trx,
        organization,
        changed.map((r) => r.user_id),
      );
      return { moved };
    });
  return withRetries(attempt);
}

class ConcurrentChange extends Error {}

/** PostgreSQL's deadlock and serialization failures: the transaction can simply run again. */
const RETRYABLE_CODES = new Set(['40P01', '40001']);

/**
 * Runs a read-check-write transaction again when another one changed its rows between the read and
 * the write (all or nothing: the failed try left nothing behind); 409 after three tries.
 */
async function withRetries<T>(attempt: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      const retryable =
        error instanceof ConcurrentChange || RETRYABLE_CODES.has((error as { code?: string }).code ?? '');
      if (!retryable) throw error;
      if (i >= tries)
        throw conflict(
          'Some of these candidates were being changed by someone else at the same moment: nothing was moved. Try again.',
        );
    }
  }
}
