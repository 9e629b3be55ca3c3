import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { JOB_STATUSES } from '#schemas/vocabularies';
import { isOneOf } from './checks';

/*
 * Sign-in, sessions and the jobs table. Every secret (access and refresh tokens, link tokens,
 * login cookies, one-time codes) is stored only as its SHA-256 hash, hex-encoded.
 * The rate-limit table and the job queue are read across organisations (by account, by address,
 * by due time), so their indexes lead with those columns instead of organization_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('accept_terms_at', 'timestamptz')
    .addColumn('accept_rare', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('accept_research', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('pending_email', 'text')
    .addColumn('password_changed_at', 'timestamptz')
    .addColumn('anonymised_at', 'timestamptz')
    .execute();

  const organizationId = (c: ColumnDefinitionBuilder) => c.notNull().references('organizations.id').onDelete('cascade');
  const userId = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id').onDelete('cascade');

  // One sign-in: the access and refresh tokens it has been given, revoked together.
  await db.schema
    .createTable('session_families')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organizationId)
    .addColumn('user_id', 'uuid', userId)
    .addColumn('client_id', 'text', (c) => c.notNull())
    // The organisation's session timeout at sign-in: no refresh token, sliding access expiry.
    .addColumn('session_timeout_seconds', 'integer')
    .addColumn('otp_verified_at', 'timestamptz')
    .addColumn('otp_cookie_issued_at', 'timestamptz')
    .addColumn('absolute_expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('session_families_user_idx')
    .on('session_families')
    .columns(['organization_id', 'user_id'])
    .execute();
  await db.schema.createIndex('session_families_user_only_idx').on('session_families').column('user_id').execute();

  await db.schema
    .createTable('session_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('access', 'refresh')`))
    .addColumn('family_id', 'uuid', (c) => c.notNull().references('session_families.id').onDelete('cascade'))
    .addColumn('organization_id', 'uuid', organizationId)
    .addColumn('user_id', 'uuid', userId)
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    // A refresh token is used once; a second use revokes the family.
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('session_tokens_family_idx')
    .on('session_tokens')
    .columns(['organization_id', 'family_id'])
    .execute();
  await db.schema.createIndex('session_tokens_user_idx').on('session_tokens').column('user_id').execute();

  // Emailed and one-time tokens: single use, expiring, bound to their user.
  await db.schema
    .createTable('link_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'uuid', organizationId)
    .addColumn('user_id', 'uuid', userId)
    .addColumn('purpose', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`purpose in ('verify_account', 'verify_email', 'reset_password', 'magic_link', 'onboarding', 'user_token')`,
        ),
    )
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('link_tokens_user_idx')
    .on('link_tokens')
    .columns(['organization_id', 'user_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('otp_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organizationId)
    .addColumn('user_id', 'uuid', userId)
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('otp_codes_user_idx').on('otp_codes').columns(['organization_id', 'user_id']).execute();

  // "Remember this browser" after a sign-in with a one-time password: 30 days, per user.
  await db.schema
    .createTable('otp_cookies')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'uuid', organizationId)
    .addColumn('user_id', 'uuid', userId)
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('otp_cookies_user_idx')
    .on('otp_cookies')
    .columns(['organization_id', 'user_id'])
    .execute();

  // Sign-in failures and email requests, for rate limits. account_key is the SHA-256 of the
  // lower-cased address typed, so the table holds no readable email.
  await db.schema
    .createTable('auth_attempts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organizationId)
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('login', 'email')`))
    .addColumn('account_key', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('succeeded', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('auth_attempts_account_idx')
    .on('auth_attempts')
    .columns(['kind', 'account_key', 'created_at'])
    .execute();
  await db.schema
    .createIndex('auth_attempts_ip_idx')
    .on('auth_attempts')
    .columns(['kind', 'ip', 'created_at'])
    .execute();

  // Asynchronous work (email first): claimed with FOR UPDATE SKIP LOCKED, so any number of
  // API nodes can run workers.
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organizationId)
    // The person the job concerns: erasing them deletes their queued messages.
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued').check(isOneOf('status', JOB_STATUSES)))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('run_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('locked_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await sql`create index jobs_due_idx on jobs (run_at) where status = 'queued'`.execute(db);
  await db.schema.createIndex('jobs_organization_idx').on('jobs').columns(['organization_id', 'status']).execute();
  await db.schema.createIndex('jobs_user_idx').on('jobs').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'jobs',
    'auth_attempts',
    'otp_cookies',
    'otp_codes',
    'link_tokens',
    'session_tokens',
    'session_families',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema
    .alterTable('users')
    .dropColumn('accept_terms_at')
    .dropColumn('accept_rare')
    .dropColumn('accept_research')
    .dropColumn('pending_email')
    .dropColumn('password_changed_at')
    .dropColumn('anonymised_at')
    .execute();
}
