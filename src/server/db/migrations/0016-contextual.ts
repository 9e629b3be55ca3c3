import { sql, type Kysely } from 'kysely';

/*
 * Contextual recruitment (issue 17, decisions 0050 and 0051): what engine/contextual computes
 * from an application's answers and the reference data, kept beside the other search columns so
 * the filters read indexed columns. `contextual_reference` names the reference data it was
 * computed with; the recompute job (modules/contextual) brings older rows up to date.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('applications')
    .addColumn('contextual_flags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('performance_index', 'numeric')
    .addColumn('school_band', 'smallint')
    .addColumn('ks4_points', 'numeric')
    .addColumn('ks5_system', 'text')
    .addColumn('ks5_points', 'numeric')
    .addColumn('university_percentile', 'numeric')
    .addColumn('start_year', 'integer')
    .addColumn('contextual_reference', 'text')
    .execute();
  await sql`create index applications_contextual_flags_idx on applications using gin (contextual_flags) where state <> 'DRAFT'`.execute(
    db,
  );
  await sql`create index applications_performance_index_idx on applications (organization_id, performance_index) where state <> 'DRAFT'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists applications_performance_index_idx`.execute(db);
  await sql`drop index if exists applications_contextual_flags_idx`.execute(db);
  await db.schema
    .alterTable('applications')
    .dropColumn('contextual_flags')
    .dropColumn('performance_index')
    .dropColumn('school_band')
    .dropColumn('ks4_points')
    .dropColumn('ks5_system')
    .dropColumn('ks5_points')
    .dropColumn('university_percentile')
    .dropColumn('start_year')
    .dropColumn('contextual_reference')
    .execute();
}
