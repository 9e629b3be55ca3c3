import type { App } from '../app-types';
import { pathOf } from '../lib/api-paths';

/**
 * One log line per request, written when the response is done. Fastify's own incoming/completed
 * pair is switched off in app.ts. Only the path is logged: query strings can carry tokens.
 */
export function registerRequestLog(app: App): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: pathOf(request.url),
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
        host: request.host,
      },
      'request',
    );
    done();
  });
}

/** Never written to the log, wherever a later change might put them. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'password',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.password_hash',
  '*.token',
  '*.refresh_token',
  '*.access_token',
];
