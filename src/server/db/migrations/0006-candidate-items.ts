import { sql, type Kysely } from 'kysely';

/*
 * Candidate-attached items (issue 6, decision 0015): the total of each scored stage, and the
 * subject of the messages the hiring side may see as the candidate's contacts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Spec §3 Score totalScore, per stage: given by the manager or computed from the stage's values.
  // applications.total_score holds the latest one for lists and sorting.
  await db.schema
    .createTable('candidate_stage_scores')
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('application_id', 'uuid', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('stage_id', 'integer', (c) => c.notNull())
    .addColumn('total_score', 'numeric')
    .addColumn('author_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('candidate_stage_scores_pkey', ['application_id', 'stage_id'])
    .execute();

  // Spec §7 GET …/contact/:n: an email job's payload is dropped once sent, so the subject of a
  // message that is a contact with the candidate is kept here. Account and sign-in messages
  // (codes, links) leave it null and are never shown to the hiring side.
  await db.schema.alterTable('jobs').addColumn('contact_subject', 'text').execute();
  await sql`create index jobs_contacts_idx on jobs (organization_id, user_id, created_at desc) where contact_subject is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists jobs_contacts_idx`.execute(db);
  await db.schema.alterTable('jobs').dropColumn('contact_subject').execute();
  await db.schema.dropTable('candidate_stage_scores').execute();
}
