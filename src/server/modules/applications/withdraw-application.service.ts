import type { ApplicationRecord as ApplicationView } from '#schemas/application';
import { resolvePosition } from '#engine';
import type { Db } from '../../db/client';
import { message } from '#schemas/messages';
import { badRequest, conflict } from '../../lib/http-error';
import { refreshCandidateStatus } from '../profiles/candidate-status.service';
import type { Viewer } from '../../lib/viewer';
import { ownApplication, ownDraft } from './application-access';
import { deleteApplication, insertStageHistory, updateApplication } from './application.repository';
import { applicationView } from './read-application.service';
import { WITHDREW_STAGE } from '../profiles/candidate-progress';

/**
 * PUT /candidate/:id/withdraw: a submitted application leaves the pipeline for stage 15
 * 'Withdrew' (a stage move, so it is in the history). A draft is deleted instead.
 */
export async function withdrawApplication(db: Db, viewer: Viewer, id: string): Promise<ApplicationView> {
  const application = await ownApplication(db, viewer, id);
  if (application.state === 'DRAFT') throw badRequest(message('notSubmitted'));
  if (application.state === 'WITHDRAWN') throw badRequest(message('alreadyWithdrawn'));
  const to = resolvePosition(viewer.organization.stages, WITHDREW_STAGE) ?? {
    stageId: WITHDREW_STAGE,
    substageId: null,
    stageStatus: 'COMPLETED' as const,
  };
  const withdrawn = await db.transaction().execute(async (trx) => {
    const updated = await updateApplication(trx, viewer.organization.id, application.id, application.version, {
      state: 'WITHDRAWN',
      stage_id: to.stageId,
      substage_id: to.substageId,
      stage_status: to.stageStatus,
      last_change_at: new Date(),
    });
    if (!updated) throw conflict(message('applicationChanged'));
    await insertStageHistory(trx, {
      organizationId: viewer.organization.id,
      applicationId: application.id,
      actorId: viewer.user.id,
      kind: 'WITHDRAW',
      from: {
        stageId: application.stage_id,
        substageId: application.substage_id,
        stageStatus: application.stage_status,
      },
      to,
    });
    await refreshCandidateStatus(trx, viewer.organization, viewer.user.id);
    return updated;
  });
  return applicationView(db, viewer, withdrawn);
}

/** DELETE /candidate/:id: a candidate's draft goes, with its uploaded documents. */
export async function deleteDraft(db: Db, viewer: Viewer, id: string): Promise<void> {
  const application = await ownDraft(db, viewer, id);
  if (!(await deleteApplication(db, viewer.organization.id, application.id, application.version)))
    throw conflict(message('applicationChanged'));
}
