import { sql } from 'kysely';
import type { Db } from '../../db/client';

export type AttemptKind = 'login' | 'email';

export async function recordAttempt(
  db: Db,
  row: { organizationId: string; kind: AttemptKind; accountKey: string; ip: string; succeeded: boolean },
): Promise<void> {
  await db
    .insertInto('auth_attempts')
    .values({
      organization_id: row.organizationId,
      kind: row.kind,
      account_key: row.accountKey,
      ip: row.ip,
      succeeded: row.succeeded,
    })
    .execute();
}

/** Failures for an account within the window, since its last success. */
export async function countAccountFailures(
  db: Db,
  kind: AttemptKind,
  accountKey: string,
  windowMinutes: number,
): Promise<number> {
  const row = await sql<{ n: number }>`
    select count(*)::int as n from auth_attempts a
    where a.kind = ${kind} and a.account_key = ${accountKey} and not a.succeeded
      and a.created_at > now() - make_interval(mins => ${windowMinutes})
      and a.created_at > coalesce((
        select max(s.created_at) from auth_attempts s
        where s.kind = ${kind} and s.account_key = ${accountKey} and s.succeeded
      ), '-infinity')`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/** Failures (or, for email requests, all requests) from one client address within the window. */
export async function countAddressAttempts(
  db: Db,
  kind: AttemptKind,
  ip: string,
  windowMinutes: number,
  failuresOnly: boolean,
): Promise<number> {
  let query = db
    .selectFrom('auth_attempts')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('kind', '=', kind)
    .where('ip', '=', ip)
    .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${windowMinutes})`);
  if (failuresOnly) query = query.where('succeeded', '=', false);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Requests for an account within the window (email requests count whether or not they succeed). */
export async function countAccountRequests(
  db: Db,
  kind: AttemptKind,
  accountKey: string,
  windowMinutes: number,
): Promise<number> {
  const row = await db
    .selectFrom('auth_attempts')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('kind', '=', kind)
    .where('account_key', '=', accountKey)
    .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${windowMinutes})`)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function deleteAccountAttempts(db: Db, accountKeys: readonly string[]): Promise<void> {
  if (accountKeys.length === 0) return;
  await db.deleteFrom('auth_attempts').where('account_key', 'in', accountKeys).execute();
}
