import { sql, type SelectQueryBuilder } from 'kysely';
import type { PipelinePosition } from '#engine';
import type { Db } from '../../db/client';
import type { ApplicationRow, Database, NewApplicationRow, StageMoveKind, StageStatusColumn } from '../../db/types';

/*
 * SQL of stage moves (decision 0014). A single move writes inside the caller's transaction after
 * locking the application (SELECT … FOR UPDATE); a bulk move writes with a compare-and-set on each
 * row's version. Either way a move starts from the state the previous one left, and the history
 * chain (each entry's `from` is the previous `to`) holds. Times are clock_timestamp(), read after
 * the lock: a move that waited for another is stamped after it, so the history sorts in the order
 * the moves happened.
 */

const uuidArray = (ids: readonly string[]) => sql`${[...ids]}::uuid[]`;

/** A submitted or withdrawn application of the organisation (drafts are not in the pipeline), locked until the
 * transaction ends. */
export async function lockPipelineApplication(
  trx: Db,
  organizationId: string,
  id: string,
): Promise<ApplicationRow | undefined> {
  return trx
    .selectFrom('applications')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('state', '<>', 'DRAFT')
    .forUpdate()
    .executeTakeFirst();
}

/** Puts a locked application at `to`: last change now, version bumped. */
export async function moveApplication(
  trx: Db,
  organizationId: string,
  id: string,
  to: PipelinePosition,
): Promise<ApplicationRow> {
  return trx
    .updateTable('applications')
    .set({
      stage_id: to.stageId,
      substage_id: to.substageId,
      stage_status: to.stageStatus,
      last_change_at: sql<Date>`clock_timestamp()`,
      updated_at: sql<Date>`now()`,
      version: sql<number>`version + 1`,
    })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** What a bulk move needs to know of each selected application. */
export interface BulkCandidate {
  id: string;
  user_id: string;
  state: ApplicationRow['state'];
  stage_id: number | null;
  substage_id: string | null;
  stage_status: StageStatusColumn | null;
  version: number;
}

const BULK_COLUMNS = ['id', 'user_id', 'state', 'stage_id', 'substage_id', 'stage_status', 'version'] as const;

/** The role's applications among `ids` (any state, so drafts can be reported). */
export async function findRoleApplicationsById(
  db: Db,
  organizationId: string,
  roleId: string,
  ids: readonly string[],
): Promise<BulkCandidate[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('applications')
    .select(BULK_COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('role_id', '=', roleId)
    .where(sql<boolean>`id = any(${uuidArray(ids)})`)
    .execute();
}

/** The applications a search query (over `applications as a`) matches. */
export async function findMatchingApplications(
  db: Db,
  matching: SelectQueryBuilder<Database & { a: Database['applications'] }, 'a', object>,
): Promise<BulkCandidate[]> {
  return matching
    .select(['a.id', 'a.user_id', 'a.state', 'a.stage_id', 'a.substage_id', 'a.stage_status', 'a.version'])
    .execute();
}

/**
 * Moves applications to `to` in one statement whatever their number: an UPDATE … FROM unnest(…) of the rows still
 * at the version the caller read (the UPDATE waits for anything another transaction changed meanwhile, and then
 * leaves it out), whose RETURNING feeds the INSERT of every history entry with the position the caller read. Returns
 * how many were moved: fewer than given means others changed some meanwhile, and the caller must roll back (the
 * history would not match). Locks the moved rows until the transaction ends.
 */
export async function bulkMove(
  trx: Db,
  move: {
    organizationId: string;
    rows: readonly BulkCandidate[];
    to: PipelinePosition;
    kind: StageMoveKind;
    actorId: string | null;
    assigneeId?: string;
  },
): Promise<number> {
  if (move.rows.length === 0) return 0;
  // In id order, so two bulk moves over overlapping selections lock rows in the same order.
  const rows = [...move.rows].sort((a, b) => (a.id < b.id ? -1 : 1));
  const { to } = move;
  const ids = uuidArray(rows.map((r) => r.id));
  const result = await sql`
    with moved as (
      update applications a set stage_id = ${to.stageId}::int, substage_id = ${to.substageId}, stage_status = ${to.stageStatus},
        last_change_at = clock_timestamp(), updated_at = now(), version = a.version + 1,
        ${move.assigneeId !== undefined ? sql`assignee_id = ${move.assigneeId}::uuid,` : sql``}
        -- What the row trigger of migration 0028 (applications_stage_reached) would append, written here so that its
        -- WHEN clause finds the stage already listed and its function is not called for each row (decision 0086).
        stages_reached = case when a.state <> 'DRAFT' and not (${to.stageId}::smallint = any(a.stages_reached))
          then a.stages_reached || ${to.stageId}::smallint else a.stages_reached end
      from unnest(${ids}, ${rows.map((r) => r.version)}::int[], ${rows.map((r) => r.stage_id)}::int[],
          ${rows.map((r) => r.substage_id)}::text[], ${rows.map((r) => r.stage_status)}::text[])
        as o(id, version, stage_id, substage_id, stage_status)
      -- id = any(…) as well: the applications are read by it (a hashed filter, or an index), then joined to their
      -- row of o, instead of all the organisation's applications being hashed for the join.
      where a.organization_id = ${move.organizationId} and a.id = any(${ids}) and a.id = o.id and a.version = o.version
      returning a.id, o.stage_id, o.substage_id, o.stage_status)
    insert into stage_history (organization_id, application_id, actor_id, kind, from_stage_id, from_substage_id, from_stage_status, to_stage_id, to_substage_id, to_stage_status, created_at)
    select ${move.organizationId}, m.id, ${move.actorId}::uuid, ${move.kind}, m.stage_id, m.substage_id, m.stage_status, ${to.stageId}::int, ${to.substageId}, ${to.stageStatus}, clock_timestamp()
    from moved m`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

export type HistoryRow = Awaited<ReturnType<typeof findHistory>>[number];

/** An application's history with each actor's name, newest first. */
export async function findHistory(db: Db, organizationId: string, applicationId: string) {
  return db
    .selectFrom('stage_history as h')
    .leftJoin('users as u', 'u.id', 'h.actor_id')
    .select([
      'h.id',
      'h.kind',
      'h.from_stage_id',
      'h.from_substage_id',
      'h.from_stage_status',
      'h.to_stage_id',
      'h.to_substage_id',
      'h.to_stage_status',
      'h.actor_id',
      'h.created_at',
      'h.undone_at',
      'u.first_name as actor_first_name',
      'u.preferred_name as actor_preferred_name',
      'u.last_name as actor_last_name',
      'u.email as actor_email',
      'u.anonymised_at as actor_anonymised_at',
    ])
    .where('h.organization_id', '=', organizationId)
    .where('h.application_id', '=', applicationId)
    .orderBy('h.created_at', 'desc')
    .orderBy('h.id', 'desc')
    .execute();
}

/** The newest history entry that is neither an undo nor undone: the one an undo would revert. */
export async function findLastMove(trx: Db, organizationId: string, applicationId: string) {
  return trx
    .selectFrom('stage_history')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('application_id', '=', applicationId)
    .where('kind', '<>', 'UNDO')
    .where('undone_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function markUndone(trx: Db, organizationId: string, historyId: string): Promise<void> {
  await trx
    .updateTable('stage_history')
    .set({ undone_at: sql<Date>`clock_timestamp()` })
    .where('organization_id', '=', organizationId)
    .where('id', '=', historyId)
    .execute();
}

/** A hiring user (either manager level) of the organisation. */
export async function findHiringUser(db: Db, organizationId: string, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'preferred_name', 'last_name', 'email', 'anonymised_at'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', userId)
    .where('user_type', 'in', ['HIRING_MANAGER', 'HIRING_MANAGER_ADMIN'])
    .where('anonymised_at', 'is', null)
    .executeTakeFirst();
}

/** Assigns (or, with null, unassigns) an application in the pipeline; false when there is no such application. */
export async function setAssignee(
  db: Db,
  organizationId: string,
  id: string,
  assigneeId: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('applications')
    .set({ assignee_id: assigneeId, updated_at: sql<Date>`now()`, version: sql<number>`version + 1` })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('state', '<>', 'DRAFT')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Of `userIds`, those who already have an application (of any state) for the role. */
export async function findUsersWithApplication(
  trx: Db,
  organizationId: string,
  roleId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await trx
    .selectFrom('applications')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('role_id', '=', roleId)
    .where(sql<boolean>`user_id = any(${uuidArray(userIds)})`)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** Inserts new applications, leaving out any whose candidate already has one for the role; the ones inserted. */
export async function insertApplications(
  trx: Db,
  rows: readonly NewApplicationRow[],
): Promise<Array<{ id: string; user_id: string }>> {
  if (rows.length === 0) return [];
  return trx
    .insertInto('applications')
    .values([...rows])
    .onConflict((oc) => oc.columns(['organization_id', 'user_id', 'role_id']).doNothing())
    .returning(['id', 'user_id'])
    .execute();
}

/** The documents of some applications, without their bytes. */
export async function findDocumentIds(
  trx: Db,
  organizationId: string,
  applicationIds: readonly string[],
): Promise<Array<{ id: string; application_id: string }>> {
  if (applicationIds.length === 0) return [];
  return trx
    .selectFrom('documents')
    .select(['id', 'application_id'])
    .where('organization_id', '=', organizationId)
    .where(sql<boolean>`application_id = any(${uuidArray(applicationIds)})`)
    .execute();
}

/** Copies documents (bytes included, inside the database) under new ids to new applications. */
export async function copyDocuments(
  trx: Db,
  organizationId: string,
  copies: ReadonlyArray<{ oldId: string; newId: string; applicationId: string }>,
): Promise<void> {
  if (copies.length === 0) return;
  await sql`
    insert into documents (id, organization_id, application_id, user_id, field_id, file_name, content_type, size, sha256, content, created_at)
    select m.new_id, d.organization_id, m.application_id, d.user_id, d.field_id, d.file_name, d.content_type, d.size, d.sha256, d.content, d.created_at
    from unnest(${uuidArray(copies.map((c) => c.oldId))}, ${uuidArray(copies.map((c) => c.newId))}, ${uuidArray(copies.map((c) => c.applicationId))}) as m(old_id, new_id, application_id)
    join documents d on d.id = m.old_id and d.organization_id = ${organizationId}`.execute(trx);
}

export async function findProgressJob(db: Db, organizationId: string, id: string, kinds: readonly string[]) {
  return db
    .selectFrom('jobs')
    .select(['id', 'status', 'progress_total', 'progress_done', 'progress_skipped', 'last_error'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('kind', 'in', [...kinds])
    .executeTakeFirst();
}

/** Sets (or, with `add`, advances) a job's progress. */
export async function recordJobProgress(
  db: Db,
  id: string,
  progress: { done: number; skipped: number; add?: boolean },
): Promise<void> {
  await db
    .updateTable('jobs')
    .set(
      progress.add
        ? {
            progress_done: sql<number>`progress_done + ${progress.done}::int`,
            progress_skipped: sql<number>`progress_skipped + ${progress.skipped}::int`,
          }
        : { progress_done: progress.done, progress_skipped: progress.skipped },
    )
    .where('id', '=', id)
    .execute();
}
