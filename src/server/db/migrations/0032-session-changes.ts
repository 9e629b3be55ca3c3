import { sql, type Kysely } from 'kysely';

/*
 * The session cache (decision 0087) hears every change to what an access token stands for: its row, its session
 * family and its user (what findAccessToken reads). Statement-level triggers send the ids of the users touched on the
 * `session_changed` channel (NOTIFY, delivered at commit, so never for a write rolled back), whichever code path or
 * SQL made the change.
 *
 * - Not sent: inserts (a new token, family or user is in no cache), and a token's expiry moved later with nothing
 *   else changed (the sliding session timeout on every call; a cache holding the earlier expiry reads the row again
 *   when it passes).
 * - A statement touching more than SESSION_CHANGE_USERS users sends one empty notice, which empties every cache:
 *   a bulk update of users must not queue a notice per user.
 */
const SESSION_CHANGE_USERS = 50;

/** For each statement: the users whose sessions changed, from the transition tables. */
const TRIGGERS = [
  {
    table: 'session_tokens',
    event: 'update',
    transition: 'old table as old_rows new table as new_rows',
    users: `select o.user_id from old_rows o left join new_rows n on n.token_hash = o.token_hash
      where n.token_hash is null
        or (n.kind, n.family_id, n.organization_id, n.user_id) is distinct from (o.kind, o.family_id, o.organization_id, o.user_id)
        or n.expires_at < o.expires_at
      union select n.user_id from new_rows n left join old_rows o on o.token_hash = n.token_hash
      where o.token_hash is null`,
  },
  {
    table: 'session_tokens',
    event: 'delete',
    transition: 'old table as old_rows',
    users: 'select user_id from old_rows',
  },
  {
    table: 'session_families',
    event: 'update',
    transition: 'old table as old_rows new table as new_rows',
    users: 'select user_id from old_rows union select user_id from new_rows',
  },
  {
    table: 'session_families',
    event: 'delete',
    transition: 'old table as old_rows',
    users: 'select user_id from old_rows',
  },
  {
    table: 'users',
    event: 'update',
    transition: 'old table as old_rows new table as new_rows',
    users: 'select id from old_rows union select id from new_rows',
  },
  { table: 'users', event: 'delete', transition: 'old table as old_rows', users: 'select id from old_rows' },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create function session_changed(user_ids uuid[]) returns void language plpgsql as $$
      declare
        changed_user uuid;
      begin
        if cardinality(user_ids) > ${SESSION_CHANGE_USERS} then
          perform pg_notify('session_changed', '');
          return;
        end if;
        foreach changed_user in array user_ids loop
          perform pg_notify('session_changed', changed_user::text);
        end loop;
      end $$`,
    )
    .execute(db);
  for (const { table, event, transition, users } of TRIGGERS) {
    await sql
      .raw(
        `create function session_changed_${table}_${event}() returns trigger language plpgsql as $$
        begin
          perform session_changed(array(select distinct user_id from (${users}) as changed(user_id)));
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger session_changed_${event} after ${event} on ${table}
        referencing ${transition} for each statement execute function session_changed_${table}_${event}()`,
      )
      .execute(db);
  }
  await sql`create function session_changed_truncate() returns trigger language plpgsql as $$
    begin
      perform pg_notify('session_changed', '');
      return null;
    end $$`.execute(db);
  for (const table of new Set(TRIGGERS.map((t) => t.table)))
    await sql
      .raw(
        `create trigger session_changed_truncate after truncate on ${table}
        for each statement execute function session_changed_truncate()`,
      )
      .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of new Set(TRIGGERS.map((t) => t.table))) {
    for (const event of ['update', 'delete', 'truncate'])
      await sql.raw(`drop trigger if exists session_changed_${event} on ${table}`).execute(db);
    for (const event of ['update', 'delete'])
      await sql.raw(`drop function if exists session_changed_${table}_${event}()`).execute(db);
  }
  await sql`drop function if exists session_changed_truncate()`.execute(db);
  await sql`drop function if exists session_changed(uuid[])`.execute(db);
}
