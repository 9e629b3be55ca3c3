import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { crossOrganizations } from '../../db/organization-scope';
import type { NewUserRow, UserRecord, UserRow } from '../../db/types';

/** The subset of `emails` that already has an account, lower-cased (emails are unique by lower()). */
export async function findExistingEmails(db: Db, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const lowered = emails.map((e) => e.toLowerCase());
  const rows = await db
    .selectFrom('users')
    .select(sql<string>`lower(email)`.as('email'))
    .where(sql<string>`lower(email)`, 'in', lowered)
    .execute();
  return new Set(rows.map((r) => r.email));
}

export async function insertUser(db: Db, row: NewUserRow): Promise<UserRow> {
  return db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Inserts unless an account with the same lower(email) exists. True when inserted. */
export async function insertUserIfAbsent(db: Db, row: NewUserRow): Promise<boolean> {
  const inserted = await db
    .insertInto('users')
    .values(row)
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Every column of a user but the password hash (what `UserRecord` holds). */
export const USER_COLUMNS = [
  'id',
  'organization_id',
  'email',
  'user_type',
  'first_name',
  'preferred_name',
  'last_name',
  'email_verified_at',
  'otp_required',
  'candidate_status',
  'accept_terms_at',
  'accept_rare',
  'accept_research',
  'accept_email_messages',
  'accept_sms_messages',
  'pending_email',
  'password_changed_at',
  'anonymised_at',
  'language',
  'deactivated_at',
  'created_at',
  'updated_at',
] as const;

export async function findUserById(db: Db, id: string): Promise<UserRecord | undefined> {
  return db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findPasswordHash(db: Db, id: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst();
  return row?.password_hash ?? null;
}

/**
 * The account an address signs in to on an organisation's site: a user of that organisation, or
 * a platform admin (who belongs to none). Erased accounts never sign in.
 */
export async function findSignInUser(
  db: Db,
  email: string,
  organizationId: string,
): Promise<(UserRecord & { password_hash: string | null }) | undefined> {
  return db
    .selectFrom('users')
    .select([...USER_COLUMNS, 'password_hash'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where((eb) => eb.or([eb('organization_id', '=', organizationId), eb('user_type', '=', 'ADMIN')]))
    .where('anonymised_at', 'is', null)
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Any account with this address, in any organisation: an address has one account in the whole product (a unique
 * index), so this check crosses the organisation wall by design (decision 0068).
 */
export async function findUserByEmail(db: Db, email: string): Promise<UserRecord | undefined> {
  return crossOrganizations(() =>
    db
      .selectFrom('users')
      .select(USER_COLUMNS)
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst(),
  );
}

export type UserPatch = Partial<
  Pick<
    NewUserRow,
    | 'first_name'
    | 'preferred_name'
    | 'last_name'
    | 'email'
    | 'pending_email'
    | 'email_verified_at'
    | 'otp_required'
    | 'accept_terms_at'
    | 'accept_rare'
    | 'accept_research'
    | 'accept_email_messages'
    | 'accept_sms_messages'
    | 'password_hash'
    | 'password_changed_at'
    | 'candidate_status'
  >
>;

/** Records the language a person now uses the site in, when the request names one and it changed. */
export async function rememberLanguage(
  db: Db,
  user: Pick<UserRecord, 'id' | 'language'>,
  language: string | undefined,
): Promise<void> {
  if (language && language !== user.language)
    await db.updateTable('users').set({ language }).where('id', '=', user.id).execute();
}

export async function updateUser(db: Db, id: string, patch: UserPatch): Promise<UserRecord> {
  return db
    .updateTable('users')
    .set({ ...patch, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returning(USER_COLUMNS)
    .executeTakeFirstOrThrow();
}

/**
 * Erases the person and keeps the row for anonymous statistics (type, organisation, dates):
 * the address becomes an ANON placeholder (spec §3: such addresses are hidden), names and
 * secrets are cleared.
 */
export async function anonymiseUser(db: Db, id: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      email: `ANON-${id}@deleted.invalid`,
      first_name: null,
      preferred_name: null,
      last_name: null,
      password_hash: null,
      pending_email: null,
      language: null,
      email_verified_at: null,
      otp_required: false,
      accept_rare: false,
      accept_research: false,
      anonymised_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** Candidates of an organisation who agreed to be contacted by RARE. */
export async function findRareUsers(db: Db, organizationId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name'])
    .where('organization_id', '=', organizationId)
    .where('user_type', '=', 'CANDIDATE')
    .where('accept_rare', '=', true)
    .where('anonymised_at', 'is', null)
    .orderBy('last_name')
    .orderBy('first_name')
    .execute();
}
