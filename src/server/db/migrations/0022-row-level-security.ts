import { sql, type Kysely } from 'kysely';

/*
 * Row-level security, the second wall of tenancy (issue 19, decision 0068). Every table that holds an organisation's
 * rows shows, accepts and changes only the rows of the organisation named by the connection's
 * `candid.organization_id` setting, unless `candid.cross_organization` is 'on' (the explicit bypass). The server sets
 * both on every connection it takes from its pool (db/organization-scope.ts); a connection that set neither sees
 * nothing. FORCE makes the policies bind the tables' owner too, so the server may run as the role that owns the
 * schema; only a superuser or a BYPASSRLS role passes through (the server warns at start when it is one).
 * users: platform admins have no organisation (organization_id null) and work in every organisation, so their rows
 * are visible in every organisation's scope.
 * organizations is the tenants' registry itself (looked up by host before any organisation is known) and has no
 * policy. A table added later with an organization_id gets the same policy in its own migration
 * (tests/server/row-level-security.test.ts fails until it does).
 */
export const ORGANIZATION_TABLES = [
  'translations',
  'users',
  'session_families',
  'session_tokens',
  'link_tokens',
  'otp_codes',
  'otp_cookies',
  'auth_attempts',
  'jobs',
  'roles',
  'applications',
  'stage_history',
  'candidate_profiles',
  'documents',
  'candidate_notes',
  'candidate_scores',
  'candidate_stage_scores',
  'interview_schedules',
  'interview_slots',
  'interview_invitations',
  'interview_bookings',
  'interview_feedback',
  'coaching_sessions',
  'events',
  'event_registrations',
  'event_check_in_attempts',
  'organization_contacts',
  'configuration_versions',
  'message_templates',
  'message_batches',
  'messages',
  'sign_in_alerts',
  'audit_log',
] as const;

const inScope = sql`current_setting('candid.cross_organization', true) = 'on'
  or organization_id = nullif(current_setting('candid.organization_id', true), '')::uuid`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ORGANIZATION_TABLES) {
    const name = sql.table(table);
    await sql`alter table ${name} enable row level security`.execute(db);
    await sql`alter table ${name} force row level security`.execute(db);
    const visible = table === 'users' ? sql`${inScope} or organization_id is null` : inScope;
    await sql`create policy organization_wall on ${name} using (${visible})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ORGANIZATION_TABLES) {
    const name = sql.table(table);
    await sql`drop policy if exists organization_wall on ${name}`.execute(db);
    await sql`alter table ${name} no force row level security`.execute(db);
    await sql`alter table ${name} disable row level security`.execute(db);
  }
}
