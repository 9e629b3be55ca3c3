import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { HR_EXPORT_STATUSES, SIGNATURE_STATUSES } from '#schemas/integrations';
import { isOneOf } from './checks';

/*
 * Optional integrations (spec §1, decision 0080).
 * - signature_requests: a document of an application sent for signature at the signing provider (its envelope),
 *   the hash of the candidate's signing link, and the status the provider last reported.
 * - hr_connections: an organisation's connection to its HR system (the tenant, the access token encrypted with
 *   AES-256-GCM); hr_connect_states: the one-time `state` of a connection being made, bound to the admin;
 *   hr_exports: a new hire sent (or being sent) to the HR system, one per application.
 * Each has the organisation wall of migration 0022 (decision 0068).
 */
export const INTEGRATION_TABLES = ['signature_requests', 'hr_connections', 'hr_connect_states', 'hr_exports'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const organizationId = (c: ColumnDefinitionBuilder) => c.notNull().references('organizations.id').onDelete('cascade');
  const now = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(sql`now()`);

  await db.schema
    .createTable('signature_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organizationId)
    .addColumn('application_id', 'uuid', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('document_id', 'uuid', (c) => c.references('documents.id').onDelete('set null'))
    .addColumn('document_name', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('envelope_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(isOneOf('status', SIGNATURE_STATUSES)))
    // The candidate's signing link (only its hash is kept).
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('sent_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('sent_at', 'timestamptz', now)
    .addColumn('completed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('signature_requests_application_idx')
    .on('signature_requests')
    .columns(['organization_id', 'application_id', 'sent_at'])
    .execute();

  await db.schema
    .createTable('hr_connections')
    .addColumn('organization_id', 'uuid', (c) => organizationId(c).primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('tenant', 'text', (c) => c.notNull())
    // AES-256-GCM: base64url iv.tag.ciphertext of the access token.
    .addColumn('token_ciphertext', 'text', (c) => c.notNull())
    .addColumn('connected_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('connected_at', 'timestamptz', now)
    .execute();
  await db.schema
    .createTable('hr_connect_states')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'uuid', organizationId)
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('hr_exports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organizationId)
    .addColumn('application_id', 'uuid', (c) => c.notNull().unique().references('applications.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(isOneOf('status', HR_EXPORT_STATUSES)))
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('sent_at', 'timestamptz')
    .execute();

  const inScope = sql`current_setting('candid.cross_organization', true) = 'on'
    or organization_id = nullif(current_setting('candid.organization_id', true), '')::uuid`;
  for (const table of INTEGRATION_TABLES) {
    const name = sql.table(table);
    await sql`alter table ${name} enable row level security`.execute(db);
    await sql`alter table ${name} force row level security`.execute(db);
    await sql`create policy organization_wall on ${name} using (${inScope})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [...INTEGRATION_TABLES].reverse()) await db.schema.dropTable(table).execute();
}
