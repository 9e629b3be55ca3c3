import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { WORK_TYPES } from '#schemas/role';
import { APPLICATION_STATES, CANDIDATE_STATUSES, ROLE_STATUSES, STAGE_STATUSES } from '#schemas/vocabularies';
import { isOneOf } from './checks';

/*
 * The candidate journey: roles, application records (spec §3 "Candidate"), their stage history,
 * candidate profiles and uploaded documents. The application table also carries what the hiring
 * pipeline searches, filters, sorts and counts at a million rows (issue 6), as plain columns
 * copied from the answers on every save, with indexes that lead with organization_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const organizationId = (c: ColumnDefinitionBuilder) => c.notNull().references('organizations.id').onDelete('cascade');
  const now = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(sql`now()`);

  await db.schema
    .createTable('roles')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organizationId)
    // Stable key of a demo role (configs/organizations/<sub>/roles.json); null for roles made in the product.
    .addColumn('reference', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('role_type', 'text', (c) => c.notNull())
    .addColumn('role_level', 'text', (c) => c.notNull())
    .addColumn('department', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('work_type', 'text', (c) => c.notNull().check(isOneOf('work_type', WORK_TYPES)))
    .addColumn('employment_type', 'text', (c) => c.notNull())
    .addColumn('salary', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE').check(isOneOf('status', ROLE_STATUSES)))
    .addColumn('start_date', 'date')
    .addColumn('deadline', 'timestamptz')
    .addColumn('form_configuration', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('json_configurations', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('template', 'jsonb', (c) => c.notNull().defaultTo(sql`'{"viewConfiguration":{"listFields":[]}}'::jsonb`))
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .execute();
  await sql`create unique index roles_reference_key on roles (organization_id, reference) where reference is not null`.execute(
    db,
  );
  await db.schema
    .createIndex('roles_list_idx')
    .on('roles')
    .columns(['organization_id', 'status', 'deadline'])
    .execute();

  // One application record per candidate and role (spec §3 Candidate).
  await db.schema
    .createTable('applications')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organizationId)
    .addColumn('role_id', 'uuid', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Spec §4: the furthest step reached, and how many steps the form had when it was saved.
    .addColumn('step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_steps', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completed_steps', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('answers', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // Spec §3: ACTIVE once submitted; PASSPORT and PASSPORT_ACTIVE for profile-platform records.
    .addColumn('candidate_status', 'text', (c) => c.check(isOneOf('candidate_status', CANDIDATE_STATUSES)))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('DRAFT').check(isOneOf('state', APPLICATION_STATES)))
    // Pipeline position (null while a draft): stage ids of spec §4, substage, stage status.
    .addColumn('stage_id', 'integer')
    .addColumn('substage_id', 'text')
    .addColumn('stage_status', 'text', (c) => c.check(isOneOf('stage_status', STAGE_STATUSES)))
    .addColumn('assignee_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('Careers site'))
    .addColumn('duplicating', 'boolean', (c) => c.notNull().defaultTo(false))
    // Searchable copies of answers (search, filters, sort): written with the answers, never by hand.
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('email', 'text')
    .addColumn('location', 'text')
    .addColumn('permit_type', 'text')
    .addColumn('school_type', 'text')
    .addColumn('university_name', 'text')
    .addColumn('university_groups', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('degree_type', 'text')
    .addColumn('degree_subject', 'text')
    .addColumn('degree_class', 'text')
    .addColumn('graduation_year', 'integer')
    .addColumn('average_percent', 'numeric')
    // Optimistic concurrency: every write checks and bumps it, so concurrent saves and moves conflict.
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('applied_at', 'timestamptz')
    .addColumn('last_change_at', 'timestamptz', now)
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .execute();
  await db.schema
    .createIndex('applications_candidate_role_key')
    .on('applications')
    .columns(['organization_id', 'user_id', 'role_id'])
    .unique()
    .execute();
  // A role's pipeline: stage tab, substage, newest change first (the default sort).
  await sql`create index applications_role_stage_idx on applications (organization_id, role_id, stage_id, substage_id, last_change_at desc)`.execute(
    db,
  );
  // Across roles: a stage, or everything, newest change first; applications by date.
  await sql`create index applications_stage_idx on applications (organization_id, stage_id, last_change_at desc)`.execute(
    db,
  );
  await sql`create index applications_last_change_idx on applications (organization_id, last_change_at desc)`.execute(
    db,
  );
  await sql`create index applications_applied_idx on applications (organization_id, applied_at desc) where applied_at is not null`.execute(
    db,
  );
  await sql`create index applications_assignee_idx on applications (organization_id, assignee_id) where assignee_id is not null`.execute(
    db,
  );

  // Every stage move (who, when, from, to); submit and withdraw are moves too.
  await db.schema
    .createTable('stage_history')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organizationId)
    .addColumn('application_id', 'uuid', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('actor_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('from_stage_id', 'integer')
    .addColumn('from_substage_id', 'text')
    .addColumn('to_stage_id', 'integer', (c) => c.notNull())
    .addColumn('to_substage_id', 'text')
    .addColumn('created_at', 'timestamptz', now)
    .execute();
  await db.schema
    .createIndex('stage_history_application_idx')
    .on('stage_history')
    .columns(['organization_id', 'application_id', 'created_at'])
    .execute();

  // Answers a candidate shares across the applications to one organisation (the profile sections).
  await db.schema
    .createTable('candidate_profiles')
    .addColumn('organization_id', 'uuid', organizationId)
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('answers', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('completed_sections', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .addPrimaryKeyConstraint('candidate_profiles_pkey', ['organization_id', 'user_id'])
    .execute();

  // Uploaded files, in the database (bytea) so every API node serves them and backups hold them.
  await db.schema
    .createTable('documents')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organizationId)
    .addColumn('application_id', 'uuid', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The question it answers: cv, coverLetter, photo, transcript, rightToWorkDocument, writingSample, otherDocument.
    .addColumn('field_id', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    // Found from the content (magic bytes), never taken from the upload.
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', now)
    .execute();
  await db.schema
    .createIndex('documents_application_idx')
    .on('documents')
    .columns(['organization_id', 'application_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['documents', 'candidate_profiles', 'stage_history', 'applications', 'roles']) {
    await db.schema.dropTable(table).execute();
  }
}
