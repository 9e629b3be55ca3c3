import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import {
  BOOKING_STATUSES,
  COACHING_SESSION_STATUSES,
  COACHING_SESSION_TYPES,
  RECOMMENDATIONS,
} from '#schemas/scheduling';
import { isOneOf } from './checks';

/*
 * Interview scheduling (issue 13, decision 0036): schedules of slots with a capacity, one
 * invitation link per candidate (only a hash of its token is kept), bookings, feedback per
 * interview and interviewer, and coaching sessions. A slot's `booked` count can never pass its
 * capacity (a CHECK, and bookings take a place with a conditional UPDATE), and an invitation has at
 * most one live booking (a partial unique index): the database, not the code, keeps both true.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const organizationId = (c: ColumnDefinitionBuilder) => c.notNull().references('organizations.id').onDelete('cascade');
  const now = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(sql`now()`);

  await db.schema
    .createTable('interview_schedules')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organizationId)
    .addColumn('role_id', 'uuid', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('stage_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().check(sql`char_length(title) between 1 and 255`))
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', now)
    .execute();
  await db.schema
    .createIndex('interview_schedules_role_stage_idx')
    .on('interview_schedules')
    .columns(['organization_id', 'role_id', 'stage_id'])
    .execute();

  // Spec §3 Interview slot: parentStart/End is the day's block, start/end the slot itself.
  await db.schema
    .createTable('interview_slots')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organizationId)
    .addColumn('schedule_id', 'uuid', (c) => c.notNull().references('interview_schedules.id').onDelete('cascade'))
    .addColumn('parent_starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('parent_ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('capacity', 'integer', (c) => c.notNull().check(sql`capacity between 1 and 100`))
    .addColumn('booked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('interviewer_ids', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addCheckConstraint('interview_slots_places', sql`booked >= 0 and booked <= capacity`)
    .addCheckConstraint('interview_slots_order', sql`starts_at < ends_at`)
    .execute();
  await db.schema
    .createIndex('interview_slots_schedule_idx')
    .on('interview_slots')
    .columns(['schedule_id', 'starts_at'])
    .execute();
  await sql`create index interview_slots_interviewers_idx on interview_slots using gin (interviewer_ids)`.execute(db);

  await db.schema
    .createTable('interview_invitations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organizationId)
    .addColumn('schedule_id', 'uuid', (c) => c.notNull().references('interview_schedules.id').onDelete('cascade'))
    .addColumn('application_id', 'uuid', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('reminded_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    // The calendar invitation's SEQUENCE: one more at each change the candidate is sent.
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', now)
    .execute();
  await db.schema
    .createIndex('interview_invitations_application_idx')
    .on('interview_invitations')
    .columns(['organization_id', 'application_id'])
    .execute();
  await db.schema
    .createIndex('interview_invitations_schedule_idx')
    .on('interview_invitations')
    .column('schedule_id')
    .execute();

  await db.schema
    .createTable('interview_bookings')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organizationId)
    .addColumn('invitation_id', 'uuid', (c) => c.notNull().references('interview_invitations.id').onDelete('cascade'))
    .addColumn('slot_id', 'uuid', (c) => c.notNull().references('interview_slots.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('BOOKED').check(isOneOf('status', BOOKING_STATUSES)))
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('cancelled_at', 'timestamptz')
    .execute();
  // One live booking per invitation, whatever races.
  await sql`create unique index interview_bookings_live_idx on interview_bookings (invitation_id) where status = 'BOOKED'`.execute(
    db,
  );
  await db.schema.createIndex('interview_bookings_slot_idx').on('interview_bookings').column('slot_id').execute();

  await db.schema
    .createTable('interview_feedback')
    .addColumn('organization_id', 'uuid', organizationId)
    .addColumn('booking_id', 'uuid', (c) => c.notNull().references('interview_bookings.id').onDelete('cascade'))
    .addColumn('interviewer_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scores', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('recommendation', 'text', (c) => c.notNull().check(isOneOf('recommendation', RECOMMENDATIONS)))
    .addColumn('comments', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .addPrimaryKeyConstraint('interview_feedback_pkey', ['booking_id', 'interviewer_id'])
    .execute();

  await db.schema
    .createTable('coaching_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organizationId)
    .addColumn('application_id', 'uuid', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(isOneOf('type', COACHING_SESSION_TYPES)))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('BOOKED').check(isOneOf('status', COACHING_SESSION_STATUSES)),
    )
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('coach_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('held_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', now)
    .execute();
  await db.schema
    .createIndex('coaching_sessions_application_idx')
    .on('coaching_sessions')
    .columns(['organization_id', 'application_id', 'starts_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('coaching_sessions').execute();
  await db.schema.dropTable('interview_feedback').execute();
  await db.schema.dropTable('interview_bookings').execute();
  await db.schema.dropTable('interview_invitations').execute();
  await db.schema.dropTable('interview_slots').execute();
  await db.schema.dropTable('interview_schedules').execute();
}
