import pg from 'pg';
import { pgliteOf, postgresUrlOf, type Db } from './client';

/** What a channel's follower is told: each message, and when its connection is lost and back. */
export interface ChannelEvents {
  message: (payload: string) => void;
  lost: () => void;
  resumed: () => void;
}

export interface ChannelListener {
  close: () => Promise<void>;
  /**
   * Resolves once every notice committed before the call has been handed to `message`; rejects while the connection
   * is down. On PostgreSQL, one round trip on the listening connection, shared by the callers that arrive while it is
   * under way (see caughtUpOn); on PGlite at once.
   */
  caughtUp: () => Promise<void>;
}

const RECONNECT_AFTER_MS = 1_000;

/**
 * Follows a PostgreSQL NOTIFY channel on a connection of its own (a pooled one cannot LISTEN: it is handed to
 * other queries), reconnecting every second after a loss. On PGlite, on its only connection: a notice sent by a
 * statement (or a trigger) is handed to `message` before the statement's own result, at its commit. Undefined for a
 * handle not opened by openDatabase.
 */
export async function listenOnChannel(
  db: Db,
  channel: string,
  events: ChannelEvents,
): Promise<ChannelListener | undefined> {
  const pglite = pgliteOf(db);
  if (pglite) {
    const unlisten = await pglite.listen(channel, events.message);
    return { close: () => unlisten(), caughtUp: async () => undefined };
  }
  const url = postgresUrlOf(db);
  // A handle derived from an opened one (Kysely's withPlugin, as the database fault tests wrap theirs): nothing to
  // listen on.
  if (!url) return undefined;
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    // Named, so an operator (and a test) can tell the listening connections in pg_stat_activity.
    const next = new pg.Client({ connectionString: url, application_name: `candid: listen ${channel}` });
    next.on('notification', (notice) => {
      if (notice.channel === channel) events.message(notice.payload ?? '');
    });
    // The loss is handled on 'end', which follows every error that closes the connection.
    next.on('error', () => undefined);
    next.on('end', () => {
      if (client !== next || closed) return;
      client = null;
      events.lost();
      reconnectLater();
    });
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) await next.end();
    else client = next;
  };
  const reconnectLater = (): void => {
    retry = setTimeout(() => {
      retry = null;
      if (closed) return;
      connect().then(events.resumed, reconnectLater);
    }, RECONNECT_AFTER_MS);
    retry.unref();
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end();
      client = null;
    },
    caughtUp: caughtUpOn(() => client),
  };
}

/**
 * The round trip that proves a listening connection has been handed every notice committed before it began: a
 * committing backend signals the listening ones before its client hears of the commit, and an idle listening backend
 * sends what it was signalled before it reads its next query, so those notices arrive ahead of the answer. One round
 * trip is under way at a time; callers arriving meanwhile share the next one (the one under way may have left before
 * their notices were committed).
 */
function caughtUpOn(clientOf: () => pg.Client | null): () => Promise<void> {
  let underWay: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const roundTrip = (): Promise<void> => {
    const client = clientOf();
    const sent = client
      ? client.query('').then(() => undefined)
      : Promise.reject(new Error('not listening: the connection is down'));
    const trip = sent.finally(() => {
      if (underWay === trip) underWay = null;
    });
    underWay = trip;
    return trip;
  };
  return () => {
    if (!underWay) return roundTrip();
    next ??= underWay
      .catch(() => undefined)
      .then(() => {
        next = null;
        return roundTrip();
      });
    return next;
  };
}
