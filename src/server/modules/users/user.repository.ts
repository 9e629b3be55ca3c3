import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { NewUserRow, UserRow } from '../../db/types';

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
