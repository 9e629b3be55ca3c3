import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import fastifyAccepts from '@fastify/accepts';
import fastifyCompress from '@fastify/compress';
import { constants as zlibConstants } from 'node:zlib';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import packageJson from '#package.json' with { type: 'json' };
import type { App, RegisteredRoute } from './app-types';
import type { Db } from './db/client';
import { isApiPath } from './lib/api-paths';
import { followOrganizationChanges } from './lib/public-cache';
import { bodyValidatorCompiler } from './lib/body-validator';
import { serializerCompiler } from './lib/serializer';
import { wantsAppPage } from './lib/client-fallback';
import { loadSiteConfig, type SiteConfig } from './lib/site-config';
import { oauthRoutes } from './modules/auth/oauth.routes';
import { publicAuthRoutes } from './modules/auth/public-auth.routes';
import type { SessionSettings } from './modules/auth/session.service';
import { followSessionChanges } from './modules/auth/session-cache';
import { publicOrganizationRoutes } from './modules/organizations/organization.routes';
import { userRoutes } from './modules/users/user.routes';
import { applicationRoutes } from './modules/applications/application.routes';
import { documentRoutes } from './modules/documents/document.routes';
import { candidateItemRoutes } from './modules/candidate-items/candidate-items.routes';
import { profileRoutes } from './modules/profiles/profile.routes';
import { referenceDataRoutes } from './modules/reference-data/reference-data.routes';
import { publicRoleRoutes, roleRoutes } from './modules/roles/role.routes';
import { managerRoleRoutes } from './modules/roles/manager-role.routes';
import { formRoutes } from './modules/forms/form.routes';
import { publicReferenceDataRoutes } from './modules/reference-data/reference-data.public.routes';
import { siteRoutes } from './modules/site/site.routes';
import { stageRoutes } from './modules/stages/stage.routes';
import { searchRoutes } from './modules/search/search.routes';
import { translationRoutes } from './modules/translations/translation.routes';
import { versionRoutes } from './modules/version/version.routes';
import { registerStaticClient, registerViteClient, type AppPageHandler } from './plugins/client';
import { moveRoutes } from './modules/moves/moves.routes';
import { builderRoutes, organizationAdminRoutes } from './modules/organization-admin/organization-admin.routes';
import { configurationRoutes } from './modules/configurations/configuration.routes';
import { publicSchedulingRoutes, schedulingRoutes } from './modules/scheduling/scheduling.routes';
import { eventRoutes, publicEventRoutes } from './modules/events/events.routes';
import { reportRoutes } from './modules/reports/reports.routes';
import { communicationRoutes, publicCommunicationRoutes } from './modules/communications/communications.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import {
  candidateIntegrationRoutes,
  hiringIntegrationRoutes,
  hrAdminRoutes,
  publicIntegrationRoutes,
} from './modules/integrations/integrations.routes';
import { fakeHrProvider, type HrProvider } from './modules/integrations/hr-provider';
import { randomBytes } from 'node:crypto';
import { fakeSigningProvider, type SigningProvider } from './modules/integrations/signing-provider';
import { registerAuth } from './plugins/auth';
import { registerDocs } from './plugins/docs';
import { registerErrorHandler, sendNotFound } from './plugins/errors';
import { registerNulCharacterGuard } from './plugins/nul-characters';
import { REDACTED_LOG_PATHS, registerRequestLog } from './plugins/request-log';
import { registerRevalidation } from './plugins/revalidation';
import { registerSecurityHeaders } from './plugins/security';
import { registerTenancy } from './plugins/tenancy';
import { loadAllDateLocales } from '#engine';

export interface AppOptions {
  db: Db;
  /** Pino level; 'silent' or false for none (tests). */
  logLevel?: string | false;
  /** Where the log's lines go, one JSON line per write: standard output when not given. */
  logStream?: { write: (line: string) => void };
  /** Built client to serve (production); null serves no client: non-API paths are 404 JSON. */
  clientDir?: string | null;
  /** Serve the client through Vite middleware with hot reload instead of clientDir. */
  dev?: boolean;
  /** product.json + hosts.json; read from configs/ when not given. */
  siteConfig?: SiteConfig;
  /** GIT_COMMIT, reported by /api/public/version. */
  commit?: string | null;
  /** Session rules from configuration (the tests-only session timeout). */
  sessionSettings?: SessionSettings;
  /** Trust X-Forwarded-* (TRUST_PROXY): client address for rate limits, https in links. */
  trustProxy?: boolean;
  /** The document-signing provider (decision 0080): the local fake when not given. */
  signing?: SigningProvider;
  /** The HR system (decision 0080): the local fake, keeping new hires in memory, when not given. */
  hr?: HrProvider;
  /** The AES-256-GCM key of the HR access tokens: a random one (for this process only) when not given. */
  hrTokenKey?: Buffer;
}

/**
 * The whole HTTP application, not yet listening: main.ts listens, tests use inject().
 * Order matters: dev client first (it takes non-API requests before anything else), then
 * headers, errors and tenancy, then docs (which must see every route), then the routes.
 */
export async function buildApp(options: AppOptions): Promise<App> {
  const level = options.logLevel === false ? 'silent' : (options.logLevel ?? 'info');
  const logger: FastifyServerOptions['logger'] = {
    level,
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    ...(options.logStream && { stream: options.logStream }),
  };
  const app = Fastify({
    logger,
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true },
    // Every schema problem of a request is reported, each naming its field; verbose gives the
    // allowed values of enumerations to the error messages.
    ajv: { customOptions: { allErrors: true, verbose: true } },
    trustProxy: options.trustProxy ?? false,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('db', options.db);
  // Other API nodes on the same PostgreSQL database tell this one when an organisation's public pages change.
  const organizationChanges = await followOrganizationChanges(options.db, app.log);
  app.addHook('onClose', organizationChanges.close);
  // Access tokens are held in the process until the database tells that their rows changed (decision 0087).
  const sessionChanges = await followSessionChanges(options.db, app.log);
  app.addHook('onClose', sessionChanges.close);
  // Stopping (SIGTERM, decision 0077): a request in flight is answered, then its connection closes rather than wait as
  // an idle keep-alive one, which would hold the stop until the keep-alive timeout.
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  const routeTable: RegisteredRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (options) => {
    const contract = options.config?.contract;
    for (const method of [options.method].flat())
      routeTable.push({ method, url: options.url, ...(contract && { contract }) });
  });
  // JSON bodies are validated as sent: a wrong type is a 400 naming the field, never coerced.
  app.setValidatorCompiler(bodyValidatorCompiler);
  // Answers are written by fast-json-stringify from their schemas, nullable fields by type (lib/serializer).
  app.setSerializerCompiler(serializerCompiler);
  // request.accepts(): the Accept-Language a request's emails are written in (lib/request-language).
  await app.register(fastifyAccepts);
  // Before compression: the ETag is of the JSON as written.
  registerRevalidation(app);
  // API answers over a packet are compressed as they are sent; the client's files are compressed once at build
  // (scripts/precompress.ts) and sent as built. Brotli's fastest useful level: a search answer is not worth 11's time.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  const siteConfig = options.siteConfig ?? loadSiteConfig();
  // Answers, exports and emails write dates in any of the organisations' languages.
  await loadAllDateLocales();

  if (options.dev) await registerViteClient(app);
  registerSecurityHeaders(app);
  registerErrorHandler(app);
  registerRequestLog(app);
  registerNulCharacterGuard(app);
  registerTenancy(app, siteConfig);
  registerAuth(app);
  const sessionSettings = options.sessionSettings ?? { testSessionTimeoutSeconds: null };
  await registerDocs(app, { title: `${siteConfig.product.productName} API`, version: packageJson.version });

  await app.register(
    async (publicApi) => {
      await publicApi.register(versionRoutes, { commit: options.commit ?? null });
      await publicApi.register(siteRoutes);
      await publicApi.register(publicOrganizationRoutes);
      await publicApi.register(translationRoutes);
      await publicApi.register(formRoutes);
      await publicApi.register(publicReferenceDataRoutes);
      await publicApi.register(publicRoleRoutes);
      await publicApi.register(builderRoutes);
      await publicApi.register(publicEventRoutes);
    },
    { prefix: '/api/public' },
  );
  await app.register(publicAuthRoutes, { prefix: '/api/public', siteConfig });
  await app.register(oauthRoutes, { prefix: '/api/oauth', sessionSettings, siteConfig });
  await app.register(userRoutes, { prefix: '/api/v1', siteConfig });
  await app.register(profileRoutes, { prefix: '/api/v1' });
  await app.register(roleRoutes, { prefix: '/api/v1' });
  await app.register(managerRoleRoutes, { prefix: '/api/v1' });
  await app.register(applicationRoutes, { prefix: '/api/v1', siteConfig });
  await app.register(documentRoutes, { prefix: '/api/v1' });
  await app.register(candidateItemRoutes, { prefix: '/api/v1' });
  await app.register(referenceDataRoutes, { prefix: '/api/v1' });
  await app.register(stageRoutes, { prefix: '/api/v1' });
  await app.register(searchRoutes, { prefix: '/api/v1' });
  await app.register(configurationRoutes, { prefix: '/api/v1' });
  await app.register(moveRoutes, { prefix: '/api/v1', siteConfig });
  await app.register(organizationAdminRoutes, { prefix: '/api/v1', siteConfig });
  await app.register(schedulingRoutes, { prefix: '/api/v1', siteConfig });
  await app.register(publicSchedulingRoutes, { prefix: '/api/public', siteConfig });
  await app.register(eventRoutes, { prefix: '/api/v1', siteConfig });
  await app.register(reportRoutes, { prefix: '/api/v1' });
  await app.register(communicationRoutes, { prefix: '/api/v1', siteConfig });
  await app.register(publicCommunicationRoutes, { prefix: '/api/public' });
  await app.register(auditRoutes, { prefix: '/api/v1' });
  const integrations = {
    siteConfig,
    signing: options.signing ?? fakeSigningProvider(),
    hr: options.hr ?? fakeHrProvider(),
    hrTokenKey: options.hrTokenKey ?? randomBytes(32),
  };
  await app.register(hrAdminRoutes, { prefix: '/api/v1', ...integrations });
  await app.register(hiringIntegrationRoutes, { prefix: '/api/v1', ...integrations });
  await app.register(candidateIntegrationRoutes, { prefix: '/api/v1', ...integrations });
  await app.register(publicIntegrationRoutes, { prefix: '/api/public', ...integrations });

  let appPage: AppPageHandler | null = null;
  if (!options.dev && options.clientDir) appPage = await registerStaticClient(app, options.clientDir);

  app.setNotFoundHandler((request, reply) => {
    if (appPage && !isApiPath(request.url) && wantsAppPage(request)) return appPage(request, reply);
    return sendNotFound(request, reply);
  });

  return app;
}
