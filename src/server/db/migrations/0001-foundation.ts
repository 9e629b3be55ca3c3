import { sql, type Kysely } from 'kysely';
import { EDITIONS, PRODUCT_TYPES, REGIONS, TIERS, USER_TYPES } from '#schemas/organization';
import { isOneOf } from './checks';

/*
 * Organisations, their translations and users. Conventions every later migration follows:
 * - organisation-owned tables carry `organization_id uuid not null references organizations
 *   on delete cascade`, and their indexes lead with organization_id (tenant-scoped queries,
 *   and Citus distribution by organization_id later);
 * - ids are uuid default gen_random_uuid() (core since PostgreSQL 13, no extension needed);
 * - enumerations are text + CHECK. A migration is a snapshot: what it did must not change when
 *   schemas/ does. The vocabularies' CHECKs are built from their tuples (checks.ts isOneOf, the same
 *   SQL as writing them out), so changing a tuple also takes a new migration that replaces the
 *   CHECK on databases that already ran these; tests/server/vocabularies.test.ts compares every
 *   CHECK with its vocabulary;
 * - JSON is jsonb, files are bytea, times are timestamptz.
 * Migrations take Kysely<unknown> because they describe the schema at their own point in time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('subdomain', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('product_type', 'text', (c) => c.notNull().check(isOneOf('product_type', PRODUCT_TYPES)))
    .addColumn('edition', 'text', (c) => c.notNull().check(isOneOf('edition', EDITIONS)))
    .addColumn('tier', 'text', (c) => c.notNull().check(isOneOf('tier', TIERS)))
    .addColumn('sector', 'jsonb', (c) => c.notNull())
    .addColumn('country_base', 'text', (c) => c.notNull().check(isOneOf('country_base', REGIONS)))
    .addColumn('rare_contact', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('support_email', 'text', (c) => c.notNull())
    .addColumn('theme_configuration', 'jsonb', (c) => c.notNull())
    .addColumn('default_configuration', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('form_configuration', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('additional_language_support', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('logo', 'bytea')
    .addColumn('logo_content_type', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('translations')
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('language_code', 'text', (c) => c.notNull())
    .addColumn('configuration', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('translations_pkey', ['organization_id', 'language_code'])
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // null for platform admins, who manage every organisation and belong to none
    .addColumn('organization_id', 'uuid', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('user_type', 'text', (c) => c.notNull().check(isOneOf('user_type', USER_TYPES)))
    .addColumn('first_name', 'text')
    .addColumn('preferred_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('otp_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('candidate_status', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // One account per address whatever its case: logins compare lower(email).
  await sql`create unique index users_email_lower_key on users (lower(email))`.execute(db);
  await db.schema
    .createIndex('users_organization_id_idx')
    .on('users')
    .columns(['organization_id', 'user_type'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('users').execute();
  await db.schema.dropTable('translations').execute();
  await db.schema.dropTable('organizations').execute();
}
