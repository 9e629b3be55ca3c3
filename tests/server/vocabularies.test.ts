import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS, MESSAGE_KINDS, MESSAGE_ORIGINS, MESSAGE_STATUSES, SKIP_REASONS } from '#schemas/communications';
import { ATTENDANCES, EVENT_TYPES, REGISTRATION_STATUSES } from '#schemas/events';
import { EDITIONS, PRODUCT_TYPES, REGIONS, TIERS, USER_TYPES } from '#schemas/organization';
import { WORK_TYPES } from '#schemas/role';
import {
  APPLICATION_STATES,
  CANDIDATE_STATUSES,
  JOB_STATUSES,
  MOVE_KINDS,
  ORGANIZATION_STATUSES,
  ROLE_STATUSES,
  STAGE_STATUSES,
} from '#schemas/vocabularies';
import {
  BOOKING_STATUSES,
  COACHING_SESSION_STATUSES,
  COACHING_SESSION_TYPES,
  RECOMMENDATIONS,
} from '#schemas/scheduling';
import { HR_EXPORT_STATUSES, SIGNATURE_STATUSES } from '#schemas/integrations';
import { createTestDb, type TestDb } from '../helpers/test-db';

/*
 * The database's CHECK constraints against the vocabularies they enforce: a vocabulary that gains,
 * loses or renames a value without a migration that replaces its CHECK fails here (on the migrated
 * test database, and on PostgreSQL in the server-pg project).
 */

/** table.column → the values its CHECK must allow. */
const VOCABULARIES: Record<string, readonly string[]> = {
  'applications.state': APPLICATION_STATES,
  'applications.candidate_status': CANDIDATE_STATUSES,
  'applications.stage_status': STAGE_STATUSES,
  'stage_history.kind': MOVE_KINDS,
  'jobs.status': JOB_STATUSES,
  'roles.status': ROLE_STATUSES,
  'roles.work_type': WORK_TYPES,
  'organizations.product_type': PRODUCT_TYPES,
  'organizations.edition': EDITIONS,
  'organizations.tier': TIERS,
  'organizations.country_base': REGIONS,
  'users.user_type': USER_TYPES,
  'organizations.status': ORGANIZATION_STATUSES,
  'interview_bookings.status': BOOKING_STATUSES,
  'interview_feedback.recommendation': RECOMMENDATIONS,
  'coaching_sessions.type': COACHING_SESSION_TYPES,
  'coaching_sessions.status': COACHING_SESSION_STATUSES,
  'events.type': EVENT_TYPES,
  'event_registrations.status': REGISTRATION_STATUSES,
  'event_registrations.attendance': ATTENDANCES,
  'message_templates.channel': CHANNELS,
  'message_templates.kind': MESSAGE_KINDS,
  'message_batches.channel': CHANNELS,
  'message_batches.origin': MESSAGE_ORIGINS,
  'messages.status': MESSAGE_STATUSES,
  'messages.skip_reason': SKIP_REASONS,
  'signature_requests.status': SIGNATURE_STATUSES,
  'hr_exports.status': HR_EXPORT_STATUSES,
};

/**
 * What the migrations shipped for the vocabularies they build their CHECKs from (isOneOf). A new
 * database follows the vocabulary, an existing one keeps what it was migrated with: a vocabulary
 * that changes needs a NEW migration replacing its CHECK; then update the values here.
 */
const SHIPPED: Record<string, readonly string[]> = {
  'applications.state': ['DRAFT', 'SUBMITTED', 'WITHDRAWN'],
  'applications.candidate_status': ['ACTIVE', 'PASSPORT', 'PASSPORT_ACTIVE'],
  'applications.stage_status': ['PENDING', 'INVITED', 'SCHEDULED', 'IN_PROGRESS', 'COMPLETED'],
  'stage_history.kind': ['SUBMIT', 'WITHDRAW', 'MOVE', 'BULK', 'FAST_TRACK', 'COPY', 'UNDO'],
  'jobs.status': ['queued', 'running', 'done', 'failed'],
  'roles.status': ['ACTIVE', 'ARCHIVED', 'PRESET'],
  'roles.work_type': ['On-site', 'Remote', 'Hybrid'],
  'organizations.product_type': ['ATS', 'VANTAGE', 'CRSAO'],
  'organizations.edition': ['ats', 'lateral', 'connect', 'contextual', 'internal'],
  'organizations.tier': ['Bar', 'Tier 1', 'Tier 2', 'Tier 3', 'Tier 4', 'Candid Essentials', 'Candid Essentials Plus'],
  'organizations.country_base': ['UK', 'OZ', 'HK', 'GCC', 'OTHER'],
  'users.user_type': ['CANDIDATE', 'ANONYMOUS_CANDIDATE', 'HIRING_MANAGER', 'HIRING_MANAGER_ADMIN', 'ADMIN'],
  'organizations.status': ['ACTIVE', 'ARCHIVED'],
  'interview_bookings.status': ['BOOKED', 'CANCELLED'],
  'interview_feedback.recommendation': ['STRONG_YES', 'YES', 'NO', 'STRONG_NO'],
  'coaching_sessions.type': ['1:1', 'call', 'group', 'mock interview', 'online review', 'test practice', 'webinar'],
  'coaching_sessions.status': ['BOOKED', 'HELD', 'CANCELLED'],
  'events.type': ['INSIGHT_DAY', 'OPEN_EVENING', 'ASSESSMENT_CENTRE', 'WEBINAR', 'CAREERS_FAIR', 'OTHER'],
  'event_registrations.status': ['REGISTERED', 'WAITING', 'CANCELLED'],
  'event_registrations.attendance': ['Attended', 'No show'],
  'message_templates.channel': ['EMAIL', 'SMS'],
  'message_templates.kind': ['GENERAL', 'INTERVIEW', 'EVENT'],
  'message_batches.channel': ['EMAIL', 'SMS'],
  'message_batches.origin': ['MANUAL', 'BULK', 'STAGE'],
  'messages.status': ['QUEUED', 'SENDING', 'SENT', 'FAILED', 'SKIPPED'],
  'messages.skip_reason': ['OPTED_OUT', 'ANONYMISED', 'NO_ADDRESS', 'NOTHING_TO_FILL'],
  'signature_requests.status': ['SENT', 'SIGNED', 'DECLINED'],
  'hr_exports.status': ['QUEUED', 'SENT', 'FAILED'],
};

/** Enumerations that only the database and its row types know (no schema declares them). */
const DATABASE_ONLY = ['session_tokens.kind', 'link_tokens.purpose', 'auth_attempts.kind', 'candidate_notes.kind'];

let t: TestDb;
/** Every single-column CHECK of the form `column in (...)`, as table.column → the values it allows. */
let checks: Map<string, string[]>;

beforeAll(async () => {
  t = await createTestDb({ seed: false });
  const rows = await sql<{ table: string; column: string; definition: string }>`
    select rel.relname as table, att.attname as column, pg_get_constraintdef(con.oid) as definition
    from pg_constraint con
    join pg_class rel on rel.oid = con.conrelid
    join pg_namespace nsp on nsp.oid = rel.relnamespace
    join pg_attribute att on att.attrelid = con.conrelid and att.attnum = con.conkey[1]
    where con.contype = 'c' and nsp.nspname = current_schema() and cardinality(con.conkey) = 1
    order by 1, 2`.execute(t.db);
  checks = new Map();
  for (const row of rows.rows) {
    // PostgreSQL keeps `x in ('A', 'B')` as `CHECK ((x = ANY (ARRAY['A'::text, 'B'::text])))`.
    if (!/= ANY \(/.test(row.definition)) continue;
    const values = [...row.definition.matchAll(/'((?:[^']|'')*)'::text/g)].map((m) => m[1]!.replace(/''/g, "'"));
    checks.set(`${row.table}.${row.column}`, values);
  }
});
afterAll(() => t?.close());

describe('vocabularies and the database', () => {
  it.each(Object.entries(VOCABULARIES))("%s's CHECK allows exactly the vocabulary", (column, vocabulary) => {
    expect(checks.get(column), `no CHECK found on ${column}`).toBeDefined();
    expect([...checks.get(column)!].sort()).toEqual([...vocabulary].sort());
  });

  it.each(Object.entries(SHIPPED))(
    '%s: the vocabulary is what the migrations shipped (a change needs a migration)',
    (column, shipped) => {
      expect(
        [...VOCABULARIES[column]!].sort(),
        `${column} changed: add a migration that replaces its CHECK on existing databases, then update SHIPPED`,
      ).toEqual([...shipped].sort());
    },
  );

  it('every enumerated CHECK is compared with a vocabulary, or listed as the database only', () => {
    expect([...checks.keys()].sort()).toEqual([...Object.keys(VOCABULARIES), ...DATABASE_ONLY].sort());
  });
});
