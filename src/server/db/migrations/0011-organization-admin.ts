import { sql, type Kysely } from 'kysely';
import { ORGANIZATION_STATUSES } from '#schemas/vocabularies';
import { isOneOf } from './checks';

/*
 * Client organisations managed by platform admins (issue 15 part A, decision 0040): an organisation's
 * status (archived ones leave the default list), the reference lists it keeps in its own data
 * (CLIENTS, SECTOR, LAW_DEPARTMENT, ...), deactivated hiring managers, and its contacts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('organizations')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE').check(isOneOf('status', ORGANIZATION_STATUSES)))
    .addColumn('reference_lists', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema
    .createIndex('organizations_status_name_idx')
    .on('organizations')
    .columns(['status', 'name'])
    .execute();

  await db.schema.alterTable('users').addColumn('deactivated_at', 'timestamptz').execute();

  await db.schema
    .createTable('organization_contacts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('job_title', 'text')
    .addColumn('notes', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('organization_contacts_organization_id_idx')
    .on('organization_contacts')
    .columns(['organization_id', 'name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('organization_contacts').execute();
  await db.schema.alterTable('users').dropColumn('deactivated_at').execute();
  await db.schema.dropIndex('organizations_status_name_idx').execute();
  await db.schema.alterTable('organizations').dropColumn('reference_lists').dropColumn('status').execute();
}
