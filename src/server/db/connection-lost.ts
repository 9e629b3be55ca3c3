/**
 * Whether an error means the database connection went away (a restart, a failover, an administrator ending the
 * session, the network): the statement in flight and its transaction did not commit, so the request can safely be
 * sent again. The error handler answers these 503 with Retry-After instead of 500 (issue 19, decision 0069).
 */
export function isConnectionLost(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (LOST_SQLSTATES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code)))
      return true;
    if (LOST_MESSAGES.some((text) => cause instanceof Error && cause.message.includes(text))) return true;
  }
  return false;
}

/** admin_shutdown, crash_shutdown, cannot_connect_now (class 08 is connection_exception as a whole). */
const LOST_SQLSTATES = new Set(['57P01', '57P02', '57P03']);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
/** node-postgres reports a dropped socket and an exhausted connect wait by message only. */
const LOST_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
];

/** Seconds a client waits before sending a request again after a lost connection. */
export const RETRY_AFTER_SECONDS = 5;
