import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { App } from '../app-types';

const GTM = 'https://www.googletagmanager.com';
const GA = 'https://*.google-analytics.com';

/**
 * The Content-Security-Policy of every response, spelled out in full (useDefaults: false) so
 * nothing like upgrade-insecure-requests breaks http://<sub>.localhost. Google Tag Manager and
 * Analytics are the only third parties (loaded after cookie consent).
 */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  // No 'unsafe-eval': the browser runs validators the server compiled to standalone code (decision 0076).
  scriptSrc: ["'self'", GTM],
  // Inline styles: the design system sets CSS variables per organisation theme at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', GTM, GA],
  connectSrc: ["'self'", GA, GTM],
  fontSrc: ["'self'", 'data:'],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/** Helmet's headers for every answer, as helmet writes them from these options. */
const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  // Links between an organisation's apply and HR hosts keep the origin, never the path.
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  xFrameOptions: { action: 'deny' },
} satisfies Parameters<typeof helmet>[0];

/**
 * The headers helmet sets with HELMET_OPTIONS, worked out once: none depends on the request, and helmet (through
 * @fastify/helmet) would build its whole configuration again on every request.
 */
function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(HELMET_OPTIONS)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/** Every answer carries the security headers; a route may replace one (a logo's or a document's own CSP). */
export function registerSecurityHeaders(app: App): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
