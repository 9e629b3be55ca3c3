import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { MOVE_KINDS } from '#schemas/vocabularies';
import { isOneOf } from './checks';

/*
 * The hiring pipeline (issue 6): each organisation's stages (resolved from configs/stages.json
 * and its organisation file), what a move records, and the items managers attach to an
 * application: notes and comments, scores per stage and metric, the match flag, adjustments.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const organizationId = (c: ColumnDefinitionBuilder) => c.notNull().references('organizations.id').onDelete('cascade');
  const applicationId = (c: ColumnDefinitionBuilder) => c.notNull().references('applications.id').onDelete('cascade');
  const now = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(sql`now()`);

  // Spec §3 Organisation stage: stages with substages and metrics, in pipeline order.
  await db.schema
    .alterTable('organizations')
    .addColumn('stages', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();

  await db.schema
    .alterTable('applications')
    // Spec §7 PUT/DELETE …/match: the hiring side marks a candidate as a match for the role.
    .addColumn('matched', 'boolean', (c) => c.notNull().defaultTo(false))
    // Spec §7 PUT …/adjustment: reasonable adjustments (extra assessment time percent, notes).
    .addColumn('adjustment', 'jsonb')
    // The latest total score, copied here so the list sorts and filters by it without a join.
    .addColumn('total_score', 'numeric')
    .execute();

  // A move's kind and the statuses either side; an undone move is kept, marked, never deleted.
  await db.schema
    .alterTable('stage_history')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('MOVE').check(isOneOf('kind', MOVE_KINDS)))
    .addColumn('from_stage_status', 'text')
    .addColumn('to_stage_status', 'text')
    .addColumn('undone_at', 'timestamptz')
    .execute();

  // Spec §7 PUT …/note, …/note/:noteId and …/comment: notes are editable by their author, comments are a thread.
  await db.schema
    .createTable('candidate_notes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organizationId)
    .addColumn('application_id', 'uuid', applicationId)
    .addColumn('author_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('NOTE', 'COMMENT')`))
    .addColumn('body', 'text', (c) => c.notNull().check(sql`char_length(body) between 1 and 4096`))
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .execute();
  await db.schema
    .createIndex('candidate_notes_application_idx')
    .on('candidate_notes')
    .columns(['organization_id', 'application_id', 'created_at'])
    .execute();

  // Spec §3 Score: one value per application, stage and metric key; `score` is its numeric reading
  // (NUMBER and PERCENT as given, BOOLEAN as 1/0) for filters and totals.
  await db.schema
    .createTable('candidate_scores')
    .addColumn('organization_id', 'uuid', organizationId)
    .addColumn('application_id', 'uuid', applicationId)
    .addColumn('stage_id', 'integer', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('score', 'numeric')
    .addColumn('author_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .addPrimaryKeyConstraint('candidate_scores_pkey', ['application_id', 'stage_id', 'key'])
    .execute();
  await db.schema
    .createIndex('candidate_scores_key_idx')
    .on('candidate_scores')
    .columns(['organization_id', 'key', 'score'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('candidate_scores').execute();
  await db.schema.dropTable('candidate_notes').execute();
  await db.schema
    .alterTable('stage_history')
    .dropColumn('kind')
    .dropColumn('from_stage_status')
    .dropColumn('to_stage_status')
    .dropColumn('undone_at')
    .execute();
  await db.schema
    .alterTable('applications')
    .dropColumn('matched')
    .dropColumn('adjustment')
    .dropColumn('total_score')
    .execute();
  await db.schema.alterTable('organizations').dropColumn('stages').execute();
}
