/*
 * Access tokens held in the process (decision 0087, amending 0057): what a bearer token stands for (its row, its
 * session family and its user, findAccessToken) is read once, then answered from here until any of the three rows
 * changes.
 *
 * Every change to those rows, by any code path or by SQL, is told by database triggers (migration 0032) on the
 * `session_changed` channel: the ids of the users touched, or an empty notice for everyone. Each app follows the
 * channel of its database (`followSessionChanges`) and drops the tokens of those users. A held token is answered only
 * after the listening connection has caught up (ChannelListener.caughtUp): every change committed before the call
 * began, on this node, another node or by hand, has then been heard, so sign-out, revocation, deactivation and a
 * change of user type refuse the very next call. On PostgreSQL that is one empty round trip on the listening
 * connection, shared by the calls that wait together and begun as the call arrives (decision 0089); on PGlite, which
 * hears a trigger's notice with the statement that committed it, nothing.
 *
 * A read that overlapped a change is not kept. The times are checked on every call (plugins/auth, authenticateToken):
 * a token held past its expiry is read again (the sliding session timeout moves it on without a notice), and the
 * session's absolute expiry is compared with the clock. While the listening connection is down nothing is kept or
 * answered from here.
 */
import type { Db } from '../../db/client';
import { listenOnChannel } from '../../db/notifications';
import type { AccessTokenRecord } from './session.repository';

const CHANNEL = 'session_changed';
/** Beyond this many tokens held for one database, the oldest are dropped. */
const MAX_ENTRIES = 10_000;

interface Follower {
  /** The listening connection's ChannelListener.caughtUp. */
  caughtUp: () => Promise<void>;
  /** Access tokens by hash. */
  tokens: Map<string, AccessTokenRecord>;
  /** The hashes held for each user, to drop them when the user's sessions change. */
  byUser: Map<string, Set<string>>;
  /** Moves on with every notice: a read that saw it move may have read the rows before the change. */
  changes: number;
  hearing: boolean;
}

const followers = new WeakMap<Db, Follower>();

function forgetUser(follower: Follower, userId: string): void {
  for (const hash of follower.byUser.get(userId) ?? []) follower.tokens.delete(hash);
  follower.byUser.delete(userId);
}

function forgetAll(follower: Follower): void {
  follower.tokens.clear();
  follower.byUser.clear();
}

function forget(follower: Follower, hash: string): void {
  const record = follower.tokens.get(hash);
  if (!record) return;
  follower.tokens.delete(hash);
  const hashes = follower.byUser.get(record.userId);
  hashes?.delete(hash);
  if (hashes?.size === 0) follower.byUser.delete(record.userId);
}

/** Follows the session changes of `db` until closed: from then on authenticated calls may be answered from here. */
export async function followSessionChanges(
  db: Db,
  log: { warn: (message: string) => void },
): Promise<{ close: () => Promise<void> }> {
  const follower: Follower = {
    // Replaced by the listener's once it listens; nothing asks before (the follower is not yet found by its db).
    caughtUp: () => Promise.reject(new Error('not listening yet')),
    tokens: new Map(),
    byUser: new Map(),
    changes: 0,
    hearing: true,
  };
  const listener = await listenOnChannel(db, CHANNEL, {
    message: (userId) => {
      follower.changes += 1;
      if (userId === '') forgetAll(follower);
      else forgetUser(follower, userId);
    },
    lost: () => {
      follower.hearing = false;
      follower.changes += 1;
      forgetAll(follower);
      log.warn('Session cache: the session changes channel was lost; reading every token until it is back');
    },
    resumed: () => {
      follower.hearing = true;
      log.warn('Session cache: listening to session changes again');
    },
  });
  // A handle with nothing to listen on holds nothing: every call reads its token.
  if (!listener) return { close: async () => undefined };
  follower.caughtUp = listener.caughtUp;
  followers.set(db, follower);
  return {
    close: async () => {
      if (followers.get(db) === follower) followers.delete(db);
      await listener.close();
    },
  };
}

const caughtUpOf = (follower: Follower): Promise<boolean> =>
  follower.caughtUp().then(
    () => true,
    () => false,
  );

/**
 * Begins, as a call arrives, the round trip after which the listening connection has heard every change committed
 * before the call (decision 0089): it then runs while the call's body is read, not after. Resolves whether it got
 * there; undefined when nothing is held for `db`.
 */
export function catchUp(db: Db): Promise<boolean> | undefined {
  const follower = followers.get(db);
  return follower?.hearing ? caughtUpOf(follower) : undefined;
}

/**
 * The access token `hash`, from the process when it is held and nothing has changed it, else read through `read`
 * (and kept when it is found and no change was heard while it was read). `stillGood` tells whether a held record
 * may still be answered at this time (its expiry); when it may not, the token is read again. `caughtUp`: the round
 * trip the call began as it arrived (catchUp); without it, one begins here.
 */
export async function cachedAccessToken(
  db: Db,
  hash: string,
  stillGood: (record: AccessTokenRecord) => boolean,
  read: () => Promise<AccessTokenRecord | undefined>,
  caughtUp?: Promise<boolean>,
): Promise<AccessTokenRecord | undefined> {
  const follower = followers.get(db);
  if (!follower?.hearing) return read();
  const held = heldAccessToken(db, hash, stillGood);
  if (held && (await held.confirmed(caughtUp))) return held.record;
  const changesBefore = follower.changes;
  const record = await read();
  if (record && follower.hearing && follower.changes === changesBefore) keep(follower, hash, record);
  else forget(follower, hash);
  return record;
}

/**
 * The held record of the access token `hash`, when `stillGood`. `confirmed` resolves whether the record still stands
 * once the listening connection has heard every change committed before the round trip `caughtUp` (begun as the call
 * arrived), or before one it begins itself; a read-only call answers the record before it is confirmed (decision
 * 0091). Undefined when nothing is held (the token must be read).
 */
export function heldAccessToken(
  db: Db,
  hash: string,
  stillGood: (record: AccessTokenRecord) => boolean,
): { record: AccessTokenRecord; confirmed: (caughtUp?: Promise<boolean>) => Promise<boolean> } | undefined {
  const follower = followers.get(db);
  const held = follower?.hearing ? follower.tokens.get(hash) : undefined;
  if (!follower || !held || !stillGood(held)) return undefined;
  return {
    record: held,
    confirmed: (caughtUp = caughtUpOf(follower)) =>
      caughtUp.then((heard) => heard && follower.tokens.get(hash) === held),
  };
}

function keep(follower: Follower, hash: string, record: AccessTokenRecord): void {
  forget(follower, hash);
  // Shared by the calls of the token from now on: none may change it.
  Object.freeze(record.user);
  follower.tokens.set(hash, Object.freeze(record));
  let hashes = follower.byUser.get(record.userId);
  if (!hashes) {
    hashes = new Set();
    follower.byUser.set(record.userId, hashes);
  }
  hashes.add(hash);
  if (follower.tokens.size > MAX_ENTRIES) forget(follower, follower.tokens.keys().next().value!);
}
