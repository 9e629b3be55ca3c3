import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { CHANNELS, MESSAGE_KINDS, MESSAGE_ORIGINS, MESSAGE_STATUSES, SKIP_REASONS } from '#schemas/communications';
import { isOneOf } from './checks';

/*
 * Communications (issue 16, decisions 0044 and 0045): an organisation's email and SMS templates (texts per
 * language, optionally sent on moves to a stage), the batches a sender starts (one candidate, a selection,
 * all matching a search, or the candidates of one stage move) and one message row per candidate of a batch
 * — unique per (batch, candidate), so a batch that runs again after a crash sends nobody twice. People
 * choose whether they get messages by email and by SMS.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const organizationId = (c: ColumnDefinitionBuilder) => c.notNull().references('organizations.id').onDelete('cascade');
  const now = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(sql`now()`);

  await db.schema
    .alterTable('users')
    .addColumn('accept_email_messages', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('accept_sms_messages', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('message_templates')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organizationId)
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 120`))
    .addColumn('channel', 'text', (c) => c.notNull().check(isOneOf('channel', CHANNELS)))
    .addColumn('kind', 'text', (c) => c.notNull().check(isOneOf('kind', MESSAGE_KINDS)))
    // Language code → { subject?, body }: the email's subject and sanitised HTML, or the SMS text.
    .addColumn('texts', 'jsonb', (c) => c.notNull())
    .addColumn('trigger_stage_id', 'integer')
    .addColumn('trigger_substage_id', 'text')
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .execute();
  // One template a channel for moves to a stage (and substage; null: any of the stage's).
  await sql`create unique index message_templates_trigger_key on message_templates
    (organization_id, channel, trigger_stage_id, coalesce(trigger_substage_id, ''))
    where trigger_stage_id is not null`.execute(db);

  await db.schema
    .createTable('message_batches')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organizationId)
    .addColumn('template_id', 'uuid', (c) => c.references('message_templates.id').onDelete('set null'))
    .addColumn('template_name', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull().check(isOneOf('channel', CHANNELS)))
    .addColumn('origin', 'text', (c) => c.notNull().check(isOneOf('origin', MESSAGE_ORIGINS)))
    .addColumn('sender_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    // The apply site's address when the batch was made: the worker builds links from it.
    .addColumn('site_base', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', now)
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organizationId)
    .addColumn('batch_id', 'uuid', (c) => c.notNull().references('message_batches.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('application_id', 'uuid', (c) => c.references('applications.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().check(isOneOf('status', MESSAGE_STATUSES)))
    .addColumn('skip_reason', 'text', (c) => c.check(isOneOf('skip_reason', SKIP_REASONS)))
    .addColumn('language', 'text')
    .addColumn('to_address', 'text')
    .addColumn('subject', 'text')
    // The rendered text as sent (the email's plain-text part, or the SMS), kept for the contact history.
    .addColumn('body_text', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('unsubscribe_token_hash', 'text')
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('sent_at', 'timestamptz')
    // Also the index the worker and the progress read a batch's messages by.
    .addUniqueConstraint('messages_batch_user_key', ['batch_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('messages_user_idx')
    .on('messages')
    .columns(['organization_id', 'user_id', 'created_at'])
    .execute();
  await sql`create index messages_unsubscribe_idx on messages (unsubscribe_token_hash)
    where unsubscribe_token_hash is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('message_batches').execute();
  await db.schema.dropTable('message_templates').execute();
  await db.schema.alterTable('users').dropColumn('accept_email_messages').dropColumn('accept_sms_messages').execute();
}
