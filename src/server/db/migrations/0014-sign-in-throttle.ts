import { sql, type Kysely } from 'kysely';

/*
 * Sign-in throttling instead of a hard lock (issue 19, decision 0046): one row per account whose
 * holder was emailed about failed sign-ins, so they hear of it once per window, not per attempt;
 * and an index for the failures of one account from one client address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_alerts')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('auth_attempts_account_ip_idx')
    .on('auth_attempts')
    .columns(['kind', 'account_key', 'ip', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('auth_attempts_account_ip_idx').execute();
  await db.schema.dropTable('sign_in_alerts').execute();
}
