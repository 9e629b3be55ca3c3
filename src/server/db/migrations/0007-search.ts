import { sql, type Kysely } from 'kysely';

/*
 * Candidate search at a million applications (issue 6, decision 0013): the school percentile
 * column the schoolPercentile filter reads, a trigram index for the name/email substring search
 * (pg_trgm, when the server has it: PGlite ships it, PostgreSQL has it in contrib) and indexes
 * that serve the list's sorts and the per-stage counts without visiting drafts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('applications').addColumn('school_percentile', 'numeric').execute();

  const trgm = await sql<{ name: string }>`select name from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (trgm.rows.length > 0) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    // The expression is SEARCH_TEXT of modules/search/candidate-filter.ts, character for character.
    await sql`create index applications_search_text_idx on applications using gin ((lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, ''))) gin_trgm_ops)`.execute(db);
  }

  // A role's pipeline tab sorted by the default sort with its tiebreak; counts per stage and
  // substage of a role read only this index (stage_status and state included).
  await sql`create index applications_search_role_idx on applications (organization_id, role_id, stage_id, substage_id, last_change_at desc, id desc) include (stage_status) where state <> 'DRAFT'`.execute(db);
  // Across roles: newest change first with the tiebreak.
  await sql`create index applications_search_recent_idx on applications (organization_id, last_change_at desc, id desc) where state <> 'DRAFT'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists applications_search_recent_idx`.execute(db);
  await sql`drop index if exists applications_search_role_idx`.execute(db);
  await sql`drop index if exists applications_search_text_idx`.execute(db);
  await db.schema.alterTable('applications').dropColumn('school_percentile').execute();
}
