import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { ATTENDANCES, EVENT_TYPES, REGISTRATION_STATUSES } from '#schemas/events';
import { isOneOf } from './checks';

/*
 * Events (issue 14, decisions 0038 and 0039): an organisation's events, the registrations for them
 * (a place, the waiting list in order, or cancelled; attendance Attended / No show, spec §3), and
 * the QR check-in attempts that rate-limit the public check-in page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const organizationId = (c: ColumnDefinitionBuilder) => c.notNull().references('organizations.id').onDelete('cascade');
  const now = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(sql`now()`);

  await db.schema
    .createTable('events')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organizationId)
    .addColumn('title', 'text', (c) => c.notNull().check(sql`char_length(title) between 1 and 200`))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'text', (c) => c.notNull().check(isOneOf('type', EVENT_TYPES)))
    .addColumn('start_at', 'timestamptz', (c) => c.notNull())
    // Spec §3 Event: eventEndDate.
    .addColumn('end_at', 'timestamptz', (c) => c.notNull())
    .addColumn('place', 'text')
    .addColumn('online_link', 'text')
    .addColumn('capacity', 'integer', (c) => c.notNull().check(sql`capacity > 0`))
    .addColumn('registration_deadline', 'timestamptz')
    .addColumn('role_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // Registrant questions: custom questions of the configuration format, compiled by the engine.
    .addColumn('questions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('archived', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .addCheckConstraint('events_end_after_start', sql`end_at >= start_at`)
    .execute();
  await db.schema
    .createIndex('events_organization_idx')
    .on('events')
    .columns(['organization_id', 'start_at'])
    .execute();

  await db.schema
    .createTable('event_registrations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organizationId)
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(isOneOf('status', REGISTRATION_STATUSES)))
    .addColumn('attendance', 'text', (c) => c.check(isOneOf('attendance', ATTENDANCES)))
    .addColumn('answers', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // The waiting list's order: when the registrant joined it (clock time, distinct within one transaction).
    .addColumn('queued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .addColumn('registered_at', 'timestamptz')
    .addColumn('checked_in_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .addUniqueConstraint('event_registrations_event_user_key', ['event_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('event_registrations_event_idx')
    .on('event_registrations')
    .columns(['event_id', 'status', 'queued_at'])
    .execute();
  await db.schema
    .createIndex('event_registrations_user_idx')
    .on('event_registrations')
    .columns(['organization_id', 'user_id'])
    .execute();

  // The public QR check-in is rate-limited per client address and per email typed (decision 0039).
  await db.schema
    .createTable('event_check_in_attempts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organizationId)
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('succeeded', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', now)
    .execute();
  await db.schema
    .createIndex('event_check_in_attempts_ip_idx')
    .on('event_check_in_attempts')
    .columns(['ip', 'created_at'])
    .execute();
  await db.schema
    .createIndex('event_check_in_attempts_email_idx')
    .on('event_check_in_attempts')
    .columns(['email_key', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('event_check_in_attempts').execute();
  await db.schema.dropTable('event_registrations').execute();
  await db.schema.dropTable('events').execute();
}
