import { createHash } from 'node:crypto';
import type { onSendHookHandler } from 'fastify';
import type { App } from '../app-types';
import { addRouteHook } from '../lib/route';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public GET a browser may keep and revalidate: its answers carry an ETag, a match answers 304 (0056). */
    revalidate?: boolean;
  }
}

/** Weak: the same answer compressed differently is still the same answer. */
const etagOf = (payload: string): string => `W/"${createHash('sha1').update(payload).digest('base64url')}"`;

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag === etag || `W/${tag}` === etag);
}

const revalidate: onSendHookHandler<unknown> = (request, reply, payload, done) => {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload);
  const etag = etagOf(payload);
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (!matches(request.headers['if-none-match'], etag)) return done(null, payload);
  reply.code(304).removeHeader('content-type').removeHeader('content-length');
  done(null, '');
};

/**
 * ETag and 304 on the routes marked `revalidate` (decision 0056), and on no other. Registered before compression (whose
 * own hook is added to each route the same way), so the tag is of the JSON as written; `no-cache` makes the browser ask
 * each time, with If-None-Match.
 */
export function registerRevalidation(app: App): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.revalidate) addRouteHook(route, 'onSend', revalidate);
  });
}
