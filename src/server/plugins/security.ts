import helmet from '@fastify/helmet';
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

export async function registerSecurityHeaders(app: App): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    // Links between an organisation's apply and HR hosts keep the origin, never the path.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
}
