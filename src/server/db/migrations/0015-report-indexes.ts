import { sql, type Kysely } from 'kysely';

/*
 * The report suite (issue 17 part A, decision 0048): the moves into given stages (hires, rejections,
 * withdrawals) of an organisation, read by the efficiency, agency and rejections reports, without
 * scanning its whole stage history; undone moves are never counted, so they are left out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index stage_history_report_idx on stage_history (organization_id, to_stage_id, application_id)
    include (from_stage_id, created_at) where undone_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists stage_history_report_idx`.execute(db);
}
