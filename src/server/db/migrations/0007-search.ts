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
    await sql`create index applications_search_text_idx on applications using gin ((lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, ''))) gin_trgm_ops)`.execute(
      db,
    );
    // GET /search/profiles: the people of an organisation by name or email (search.repository PERSON_TEXT).
    await sql`create index users_search_text_idx on users using gin ((lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email)) gin_trgm_ops)`.execute(
      db,
    );
    // A substring's selectivity is read off the expression's histogram: with the default 100
    // entries a common fragment ("pat" in 1.7 % of names) often hits none and is estimated at
    // 0.01 %, and the planner then reads every match's heap page instead of combining indexes.
    await sql`alter index applications_search_text_idx alter column 1 set statistics 1000`.execute(db);
    await sql`alter index users_search_text_idx alter column 1 set statistics 1000`.execute(db);
  }

  // The search index: a role's applications (never drafts) in stage-tab order — stage, newest
  // change first, id — carrying every column the list filters and sorts by (substage included,
  // not keyed: a substage tab is a filter within its stage's range, still in order). The per-stage
  // counts and the page's ids come from an index-only scan of the role's range instead of one heap
  // page per application (a role's rows are spread over the whole table).
  // It supersedes 0003's applications_role_stage_idx (same leading columns; drafts have no stage).
  await sql`
    create index applications_search_idx on applications
      (organization_id, role_id, stage_id, last_change_at desc, id desc)
      include (substage_id, stage_status, applied_at, step, source, location, permit_type, assignee_id, university_name, university_groups,
               average_percent, school_percentile, total_score, first_name, last_name)
      where state <> 'DRAFT'`.execute(db);
  await sql`drop index applications_role_stage_idx`.execute(db);
  // Across roles: newest change first with the tiebreak (the default sort of /manager/search).
  await sql`create index applications_search_recent_idx on applications (organization_id, last_change_at desc, id desc) where state <> 'DRAFT'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists applications_search_recent_idx`.execute(db);
  await sql`create index applications_role_stage_idx on applications (organization_id, role_id, stage_id, substage_id, last_change_at desc)`.execute(
    db,
  );
  await sql`drop index if exists applications_search_idx`.execute(db);
  await sql`drop index if exists users_search_text_idx`.execute(db);
  await sql`drop index if exists applications_search_text_idx`.execute(db);
  await db.schema.alterTable('applications').dropColumn('school_percentile').execute();
}
