import type { Kysely } from 'kysely';

/*
 * Stage moves (issue 6, decision 0014): asynchronous pipeline jobs (fast-track to another role)
 * report their progress on the jobs table, so the client can poll GET /jobs/:jobId.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('jobs')
    // How many items the job has (null for jobs without progress, such as emails), how many it has
    // processed so far, and how many of those it left out.
    .addColumn('progress_total', 'integer')
    .addColumn('progress_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('progress_skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .dropColumn('progress_total')
    .dropColumn('progress_done')
    .dropColumn('progress_skipped')
    .execute();
}
