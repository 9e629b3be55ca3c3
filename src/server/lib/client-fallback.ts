import type { FastifyRequest } from 'fastify';
import { pathOf } from './api-paths';

/**
 * Whether a request that matched nothing should get the single-page app's index.html:
 * a GET/HEAD for a page (no file extension, as a missing /assets/x.js must stay a 404 and
 * not turn into HTML) from a client that accepts HTML.
 */
export function wantsAppPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const last = pathOf(request.url).split('/').pop() ?? '';
  if (last.includes('.')) return false;
  const accept = request.headers.accept;
  return accept === undefined || accept.includes('text/html') || accept.includes('*/*');
}
