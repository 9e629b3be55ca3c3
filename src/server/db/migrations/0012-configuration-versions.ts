import { sql, type Kysely } from 'kysely';

/*
 * The configuration studio (issue 15, decision 0042): an organisation's configurations published as numbered
 * versions; the organisation's current number; and the number each application started on, so that a candidate
 * finishes on the form they began (a version published meanwhile applies to applications started after it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('configuration_versions')
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull().check(sql`number >= 1`))
    .addColumn('default_configuration', 'jsonb', (c) => c.notNull())
    .addColumn('form_configuration', 'jsonb', (c) => c.notNull())
    .addColumn('theme_configuration', 'jsonb', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('author_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('restored_from', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('configuration_versions_pkey', ['organization_id', 'number'])
    .execute();
  await db.schema
    .alterTable('organizations')
    .addColumn('configuration_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // null: started before versions were kept, so on whatever is current.
  await db.schema.alterTable('applications').addColumn('configuration_version', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('applications').dropColumn('configuration_version').execute();
  await db.schema.alterTable('organizations').dropColumn('configuration_version').execute();
  await db.schema.dropTable('configuration_versions').execute();
}
