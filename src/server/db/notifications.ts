import pg from 'pg';
import { postgresUrlOf, type Db } from './client';

/** What a channel's follower is told: each message, and when its connection is lost and back. */
export interface ChannelEvents {
  message: (payload: string) => void;
  lost: () => void;
  resumed: () => void;
}

export interface ChannelListener {
  close: () => Promise<void>;
}

const RECONNECT_AFTER_MS = 1_000;

/**
 * Follows a PostgreSQL NOTIFY channel on a connection of its own (a pooled one cannot LISTEN: it is handed to
 * other queries), reconnecting every second after a loss. On PGlite there is nothing to follow: one process
 * owns the database, so nobody else sends.
 */
export async function listenOnChannel(db: Db, channel: string, events: ChannelEvents): Promise<ChannelListener> {
  const url = postgresUrlOf(db);
  if (!url) return { close: async () => undefined };
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
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
  };
}
