import type { StageStatus } from '#schemas/vocabularies';
import type { Db } from '../../db/client';
import type { OrganizationRecord } from '../../db/types';
import { insertStageHistory } from '../applications/application.repository';
import { lockPipelineApplication, moveApplication } from '../moves/move.repository';

/**
 * Puts an application at the substage of `stageId` that stands for `status` (spec §4: INVITED when
 * invited, SCHEDULED when booked, PENDING — the stage's default — when its invitation is
 * cancelled), with a stage-history entry. Nothing happens when the candidate has meanwhile been
 * moved to another stage, or is already there.
 */
export async function setInterviewStatus(
  trx: Db,
  organization: OrganizationRecord,
  applicationId: string,
  stageId: number,
  status: Extract<StageStatus, 'PENDING' | 'INVITED' | 'SCHEDULED'>,
  actorId: string | null,
): Promise<void> {
  const application = await lockPipelineApplication(trx, organization.id, applicationId);
  if (!application || application.stage_id !== stageId || application.state !== 'SUBMITTED') return;
  const stage = organization.stages.find((s) => s.id === stageId);
  const substage =
    status === 'PENDING'
      ? stage?.subStages.find((s) => s.defaultSubStage)
      : stage?.subStages.find((s) => s.codeStage === status);
  if (!substage || application.substage_id === substage.id) return;
  const to = { stageId, substageId: substage.id, stageStatus: substage.codeStage };
  await moveApplication(trx, organization.id, application.id, to);
  await insertStageHistory(trx, {
    organizationId: organization.id,
    applicationId: application.id,
    actorId,
    kind: 'MOVE',
    from: { stageId: application.stage_id, substageId: application.substage_id, stageStatus: application.stage_status },
    to,
  });
}
