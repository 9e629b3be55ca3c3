import { stageName, substageName } from '#engine';
import type { HistoryEntry, MoveResult, OrganizationStage } from '#schemas/pipeline';
import type { ApplicationRow } from '../../db/types';
import type { PersonRow } from '../candidate-items/candidate-items.repository';
import { personName } from '../candidate-items/candidate-items.view';
import type { HistoryRow } from './move.repository';

/** A person as a move names them (the assignee, the actor of a history entry): spec §3 display name. */
export function personOf(user: PersonRow): { id: string; name: string } {
  return { id: user.id, name: personName(user) };
}

export function toMoveResult(application: ApplicationRow, stages: readonly OrganizationStage[]): MoveResult {
  const stageId = application.stage_id!;
  return {
    id: application.id,
    stageId,
    stageName: stageName(stages, stageId),
    substageId: application.substage_id ?? '',
    substageName: substageName(stages, stageId, application.substage_id) ?? '',
    stageStatus: application.stage_status!,
    lastChangeAt: application.last_change_at.toISOString(),
    version: application.version,
  };
}

export function toHistoryEntry(row: HistoryRow, stages: readonly OrganizationStage[]): HistoryEntry {
  return {
    id: row.id,
    kind: row.kind,
    from:
      row.from_stage_id === null
        ? null
        : {
            stageId: row.from_stage_id,
            stageName: stageName(stages, row.from_stage_id),
            substageId: row.from_substage_id,
            stageStatus: row.from_stage_status,
          },
    to: {
      stageId: row.to_stage_id,
      stageName: stageName(stages, row.to_stage_id),
      substageId: row.to_substage_id,
      stageStatus: row.to_stage_status,
    },
    actor:
      row.actor_id === null
        ? null
        : personOf({
            id: row.actor_id,
            first_name: row.actor_first_name,
            preferred_name: row.actor_preferred_name,
            last_name: row.actor_last_name,
            email: row.actor_email ?? '',
            anonymised_at: row.actor_anonymised_at,
          }),
    createdAt: row.created_at.toISOString(),
    undone: row.undone_at !== null,
  };
}
