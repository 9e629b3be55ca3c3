import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type {
  ApplicationRow,
  ApplicationUpdate,
  NewApplicationRow,
  StageMoveKind,
  StageStatusColumn,
} from '../../db/types';

export type ApplicationRecord = ApplicationRow;

const uuidArray = (ids: readonly string[]) => sql`${[...ids]}::uuid[]`;

export async function findApplication(
  db: Db,
  organizationId: string,
  id: string,
): Promise<ApplicationRecord | undefined> {
  return db
    .selectFrom('applications')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Submitted or withdrawn applications of the organisation (drafts are not in the pipeline), read without a lock:
 * every hiring-side read of a pipeline application, and the checks before a job is queued. Moves lock one with
 * `lockPipelineApplication` (moves/move.repository.ts).
 */
export async function findPipelineApplications(
  db: Db,
  organizationId: string,
  ids: readonly string[],
): Promise<ApplicationRecord[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('applications')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where(sql<boolean>`id = any(${uuidArray(ids)})`)
    .where('state', '<>', 'DRAFT')
    .execute();
}

export async function findCandidateApplication(
  db: Db,
  organizationId: string,
  userId: string,
  roleId: string,
): Promise<ApplicationRecord | undefined> {
  return db
    .selectFrom('applications')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .where('role_id', '=', roleId)
    .executeTakeFirst();
}

/** Inserts unless the candidate already has a record for the role (one per candidate and role); then the existing one.
 * */
export async function insertApplicationOnce(
  db: Db,
  row: NewApplicationRow,
): Promise<{ record: ApplicationRecord; created: boolean }> {
  const inserted = await db
    .insertInto('applications')
    .values(row)
    .onConflict((oc) => oc.columns(['organization_id', 'user_id', 'role_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { record: inserted, created: true };
  return {
    record: (await findCandidateApplication(db, row.organization_id, row.user_id, row.role_id))!,
    created: false,
  };
}

/**
 * Compare-and-set: writes only when the stored version is still `version`, and bumps it. Returns
 * the new row, or undefined when someone else wrote first (the caller answers 409).
 */
export async function updateApplication(
  db: Db,
  organizationId: string,
  id: string,
  version: number,
  patch: ApplicationUpdate,
): Promise<ApplicationRecord | undefined> {
  return db
    .updateTable('applications')
    .set({ ...patch, version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteApplication(db: Db, organizationId: string, id: string, version: number): Promise<boolean> {
  const result = await db
    .deleteFrom('applications')
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A candidate's applications in one organisation with what their list shows of each role, newest first. */
export async function findCandidateApplications(db: Db, organizationId: string, userId: string) {
  return db
    .selectFrom('applications as a')
    .innerJoin('roles as r', (join) =>
      join.onRef('r.id', '=', 'a.role_id').onRef('r.organization_id', '=', 'a.organization_id'),
    )
    .select([
      'a.id',
      'a.state',
      'a.stage_id',
      'a.step',
      'a.max_steps',
      'a.answers',
      'a.completed_steps',
      'a.created_at',
      'a.updated_at',
      'a.applied_at',
      'r.id as role_id',
      'r.name as role_name',
      'r.role_type',
      'r.location as role_location',
      'r.deadline as role_deadline',
    ])
    .where('a.organization_id', '=', organizationId)
    .where('a.user_id', '=', userId)
    .orderBy('a.updated_at', 'desc')
    .execute();
}

interface PipelinePlace {
  stageId: number | null;
  substageId: string | null;
  stageStatus: StageStatusColumn | null;
}

export interface StageMove {
  organizationId: string;
  applicationId: string;
  actorId: string | null;
  kind: StageMoveKind;
  from: PipelinePlace;
  to: PipelinePlace & { stageId: number };
}

/**
 * The history entries of stage moves (who, when, from, to), in one INSERT. clock_timestamp()
 * keeps the entries of one transaction in the order they were written.
 */
export async function insertStageHistory(db: Db, moves: StageMove | readonly StageMove[]): Promise<void> {
  const list = Array.isArray(moves) ? moves : [moves as StageMove];
  if (list.length === 0) return;
  await db
    .insertInto('stage_history')
    .values(
      list.map((move) => ({
        organization_id: move.organizationId,
        application_id: move.applicationId,
        actor_id: move.actorId,
        kind: move.kind,
        from_stage_id: move.from.stageId,
        from_substage_id: move.from.substageId,
        from_stage_status: move.from.stageStatus,
        to_stage_id: move.to.stageId,
        to_substage_id: move.to.substageId,
        to_stage_status: move.to.stageStatus,
        created_at: sql<Date>`clock_timestamp()`,
      })),
    )
    .execute();
}

/** Erasure: every application of a person (their stage history and documents go with them, by cascade). */
export async function deleteUserApplications(db: Db, organizationId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('applications')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .execute();
}
