import { sql, type Kysely } from 'kysely';

/*
 * The report suite (issue 17 part A, decision 0048), two partial indexes of the stage history
 * (undone moves are never counted, so they are left out):
 * - the moves of given applications, with every column a report reads, so a role's report reads
 *   its applications' history by an index-only scan (twice as fast as through the heap, measured
 *   on a role of 10,000 applications among 1,000,000);
 * - the moves into given stages (hires, rejections, withdrawals) of an organisation, without
 *   scanning its whole history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index stage_history_selection_idx on stage_history (organization_id, application_id)
    include (to_stage_id, from_stage_id, created_at, id) where undone_at is null`.execute(db);
  await sql`create index stage_history_report_idx on stage_history (organization_id, to_stage_id, application_id)
    include (from_stage_id, created_at) where undone_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists stage_history_report_idx`.execute(db);
  await sql`drop index if exists stage_history_selection_idx`.execute(db);
}
