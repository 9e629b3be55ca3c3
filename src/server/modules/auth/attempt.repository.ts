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

export interface FailureStats {
  failures: number;
  /** The latest counted failure, if any. */
  last: Date | null;
}

const stats = (row: { n: number | string; last: Date | string | null } | undefined): FailureStats => ({
  failures: Number(row?.n ?? 0),
  last: row?.last ? new Date(row.last) : null,
});

/**
 * Sign-in failures of an account within the window since its last success: from one client
 * address when `ip` is given (and since that address's last success), else from anywhere.
 */
export async function accountFailures(
  db: Db,
  accountKey: string,
  windowMinutes: number,
  ip?: string,
): Promise<FailureStats> {
  const sameIp = ip === undefined ? sql`true` : sql`ip = ${ip}`;
  const row = await sql<{ n: number; last: Date | null }>`
    select count(*)::int as n, max(a.created_at) as last from auth_attempts a
    where a.kind = 'login' and a.account_key = ${accountKey} and not a.succeeded and ${sameIp}
      and a.created_at > now() - make_interval(mins => ${windowMinutes})
      and a.created_at > coalesce((
        select max(s.created_at) from auth_attempts s
        where s.kind = 'login' and s.account_key = ${accountKey} and s.succeeded and ${sameIp}
      ), '-infinity')`.execute(db);
  return stats(row.rows[0]);
}

/** Sign-in failures from one client address (any account) within the window. */
export async function addressFailures(db: Db, ip: string, windowMinutes: number): Promise<FailureStats> {
  const row = await sql<{ n: number; last: Date | null }>`
    select count(*)::int as n, max(created_at) as last from auth_attempts
    where kind = 'login' and ip = ${ip} and not succeeded
      and created_at > now() - make_interval(mins => ${windowMinutes})`.execute(db);
  return stats(row.rows[0]);
}

/** Whether the account signed in from this client address within the last `days`. */
export async function signedInFrom(db: Db, accountKey: string, ip: string, days: number): Promise<boolean> {
  const row = await db
    .selectFrom('auth_attempts')
    .select('id')
    .where('kind', '=', 'login')
    .where('account_key', '=', accountKey)
    .where('ip', '=', ip)
    .where('succeeded', '=', true)
    .where('created_at', '>', sql<Date>`now() - make_interval(days => ${days})`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims the right to alert an account holder about failed sign-ins: true for the first caller
 * in each window (one row per user, moved forward atomically), false while an alert is recent.
 */
export async function claimSignInAlert(
  db: Db,
  row: { organizationId: string; userId: string },
  windowMinutes: number,
): Promise<boolean> {
  const claimed = await sql<{ user_id: string }>`
    insert into sign_in_alerts (user_id, organization_id, sent_at) values (${row.userId}, ${row.organizationId}, now())
    on conflict (user_id) do update set sent_at = now()
      where sign_in_alerts.sent_at <= now() - make_interval(mins => ${windowMinutes})
    returning user_id`.execute(db);
  return claimed.rows.length > 0;
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
