import { sql, type Kysely } from 'kysely';

/*
 * Compiled form validators (decision 0076): the standalone code the server wrote for a form a browser compiled, by
 * organisation and the SHA-256 of the code. Kept in the database, not only in a process, because the browser asks
 * one API node to compile (POST) and may fetch the module from another (GET), decision 0073. Rows older than 30 days
 * are deleted when an organisation's next module is stored; a module is compiled again when asked for again.
 */
export const FORM_VALIDATOR_TABLES = ['form_validator_modules'] as const;

const inScope = sql`current_setting('candid.cross_organization', true) = 'on'
  or organization_id = nullif(current_setting('candid.organization_id', true), '')::uuid`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('form_validator_modules')
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('form_validator_modules_pkey', ['organization_id', 'hash'])
    .execute();
  // The same wall as every organisation's table (migration 0022, decision 0068).
  await sql`alter table form_validator_modules enable row level security`.execute(db);
  await sql`alter table form_validator_modules force row level security`.execute(db);
  await sql`create policy organization_wall on form_validator_modules using (${inScope})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('form_validator_modules').execute();
}
