import { sql, type Kysely } from 'kysely';

/*
 * The audit trail and the retention periods (issue 19, decisions 0054 and 0055).
 * - audit_log: who viewed, changed, moved, exported or erased candidate data and who changed
 *   configuration or users. Append-only: a trigger refuses UPDATE and DELETE unless the
 *   transaction has set `candid.audit_purge` (the retention purge, src/server/jobs/retention.ts
 *   does so with SET LOCAL). No foreign keys, so no cascade can remove a row either.
 * - organizations.audit_retention_days: how long the trail is kept (default two years);
 *   organizations.application_retention_days: after how many days since its last change an
 *   application is anonymised (null: kept until the candidate erases their account);
 *   applications.anonymized_at: when the retention job did so.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('organization_id', 'uuid', (c) => c.notNull())
    .addColumn('actor_id', 'uuid', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('client_address', 'text')
    .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('audit_log_organization_time_idx')
    .on('audit_log')
    .columns(['organization_id', 'created_at'])
    .execute();
  await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      if current_setting('candid.audit_purge', true) = 'on' and tg_op = 'DELETE' then
        return old;
      end if;
      raise exception 'audit_log is append-only' using errcode = 'P0001';
    end $$`.execute(db);
  await sql`create trigger audit_log_append_only before update or delete on audit_log
    for each row execute function audit_log_append_only()`.execute(db);
  await db.schema
    .alterTable('organizations')
    .addColumn('audit_retention_days', 'integer', (c) => c.notNull().defaultTo(730))
    .addColumn('application_retention_days', 'integer')
    .execute();
  await db.schema.alterTable('applications').addColumn('anonymized_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('applications').dropColumn('anonymized_at').execute();
  await db.schema
    .alterTable('organizations')
    .dropColumn('application_retention_days')
    .dropColumn('audit_retention_days')
    .execute();
  await db.schema.dropTable('audit_log').execute();
  await sql`drop function if exists audit_log_append_only()`.execute(db);
}
