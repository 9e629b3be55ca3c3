import type { Kysely } from 'kysely';

/*
 * Emails in the candidate's language (issue 5, decision 0019): the language a person signed up,
 * signed in or applied in, for the messages sent when no request of theirs names one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
