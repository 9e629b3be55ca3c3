import { buildApp } from './app';
import { ConfigError, parseConfig, redactUrl, type ServerConfig } from './config';
import { bypassesRowSecurity, openDatabase, type Db } from './db/client';
import { migrate, MigrationError } from './db/migrate';
import { loadOrganizationSources, seedOrganizations, type OrganizationSource } from './seed/seed';
import { seedDemoPipeline } from './seed/demo-pipeline';
import { seedDemoEvents } from './seed/demo-events';
import { createMailTransport } from './email/mail-transport';
import { emailJobHandlers } from './email/email.service';
import { startJobWorker, type JobWorker } from './jobs/worker';
import { moveJobHandlers } from './modules/moves/fast-track.service';
import { messageJobHandlers } from './modules/communications/delivery';
import { createSmsTransport } from './modules/communications/sms-transport';
import { createSigningProvider } from './modules/integrations/signing-provider';
import { createHrProvider } from './modules/integrations/hr-provider';
import { hrJobHandlers } from './modules/integrations/hr.service';
import { loadTokenKey } from './modules/integrations/token-cipher';
import { contextualJobHandlers, queueContextualRecompute } from './modules/contextual/contextual.service';
import { applyRetention } from './modules/audit/retention.service';
import { refreshAllReportRollups } from './modules/reports/reports.service';
import { every, type Schedule } from './jobs/schedule';
import { ConfigFileError } from './lib/json-validator';
import { configurePasswordHashing } from './lib/password';
import { loadSiteConfig, type SiteConfig } from './lib/site-config';

/** Prints why the server cannot start and exits non-zero: a failed start must never look like success. */
function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

async function start(): Promise<void> {
  let config: ServerConfig;
  let siteConfig: SiteConfig;
  let sources: OrganizationSource[];
  try {
    config = parseConfig(process.env, process.argv.slice(2));
    siteConfig = loadSiteConfig();
    // Validate the organisation files before touching the database: a typo stops the start.
    sources = await loadOrganizationSources();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    if (error instanceof ConfigFileError) fail(`Invalid configuration files:\n  - ${error.problems.join('\n  - ')}`);
    throw error;
  }

  configurePasswordHashing({ memoryKib: config.argon2MemoryKib, timeCost: config.argon2TimeCost });
  const where = config.databaseUrl ? redactUrl(config.databaseUrl) : config.pgliteDir;
  const db = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dir: config.pgliteDir },
  ).catch((error: unknown) => fail(`Database could not be opened (${where}): ${messageOf(error)}`));
  const closeDbAndFail = async (message: string): Promise<never> => {
    await db.destroy().catch(() => undefined);
    return fail(message);
  };
  try {
    await migrate(db);
  } catch (error) {
    if (error instanceof MigrationError) await closeDbAndFail(`Database migration failed: ${error.message}`);
    await closeDbAndFail(`Database migration failed: ${messageOf(error)}`);
  }
  // Row-level security is the second wall of tenancy (decision 0068); a superuser or BYPASSRLS role skips it.
  if (config.databaseUrl && (await bypassesRowSecurity(db)))
    console.warn(
      'The database role is a superuser or has BYPASSRLS: row-level security does not apply. ' +
        'Connect as a role without either (the owner of the schema is fine).',
    );
  const seeded = await seedOrganizations(db, sources).catch((error: unknown) =>
    closeDbAndFail(`Seeding the demo organisations failed: ${messageOf(error)}`),
  );
  // Demo candidates with applications across each organisation's pipeline (decision 0016), once.
  const pipeline = await seedDemoPipeline(
    db,
    sources.map((source) => source.organization.subdomain),
  ).catch((error: unknown) => closeDbAndFail(`Seeding the demo pipeline failed: ${messageOf(error)}`));
  // Upcoming and past events with registrants (issue 14), once.
  await seedDemoEvents(
    db,
    sources.map((source) => source.organization.subdomain),
  ).catch((error: unknown) => closeDbAndFail(`Seeding the demo events failed: ${messageOf(error)}`));
  // Contextual data computed with older reference data is recomputed by a job (issue 17, decision 0050).
  await queueContextualRecompute(db);

  // The HR system's tokens are encrypted with HR_TOKEN_KEY or a key file in the data directory (decision 0080).
  const hrTokenKey = await loadTokenKey(config.hrTokenKey, config.dataDir).catch((error: unknown) =>
    closeDbAndFail(`The HR token key could not be read or made: ${messageOf(error)}`),
  );
  const hr = createHrProvider(config);
  const app = await buildApp({
    db,
    logLevel: config.logLevel,
    clientDir: config.clientDir,
    dev: config.dev,
    siteConfig,
    commit: config.gitCommit,
    sessionSettings: { testSessionTimeoutSeconds: config.testSessionTimeoutSeconds },
    trustProxy: config.trustProxy,
    signing: createSigningProvider(config),
    hr,
    hrTokenKey,
  });
  // Email and SMS leave through the jobs table, on every API node.
  const transport = createMailTransport(config, app.log);
  const sms = createSmsTransport(config);
  // Pipeline jobs (fast-track to another role), message batches and contextual recomputes run on the same worker.
  const handlers = {
    ...emailJobHandlers(transport),
    ...moveJobHandlers(db),
    ...messageJobHandlers(db, { mail: transport, sms }),
    ...contextualJobHandlers(db),
    ...hrJobHandlers(db, hr, hrTokenKey),
  };
  const worker = startJobWorker(db, handlers, { log: app.log });
  // The retention periods (decision 0055): old audit entries purged, old applications anonymised, every 6 hours.
  const retention = every(6 * 60 * 60 * 1000, () => applyRetention(db), app.log);
  // The report roll-ups (decision 0085): months changed since they were built, rebuilt ahead of the next report.
  const reportRollups = every(60 * 1000, () => refreshAllReportRollups(db), app.log);
  installShutdown(app.close.bind(app), [worker, retention, reportRollups], db, (message) => app.log.info(message));
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await app.close().catch(() => undefined);
    await closeDbAndFail(`Cannot listen on ${config.host}:${config.port}: ${messageOf(error)}`);
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(banner(config, port, siteConfig, sources, seeded.usersCreated.length, pipeline.applications));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Seconds a stop may take before the process gives up waiting: below the 30 s a container platform allows. */
const SHUTDOWN_GRACE_SECONDS = 25;

/**
 * SIGTERM or SIGINT (decision 0077): the listening socket closes at once (new connections are refused), requests in
 * flight are answered, the job worker claims nothing more, finishes the job it is running and releases the ones it
 * had claimed, then the database pool closes and the process exits 0. A stop that outlasts the grace period exits 1;
 * a job still running then is queued again by another node's stale-job sweep.
 */
function installShutdown(
  closeApp: () => Promise<void>,
  background: readonly (JobWorker | Schedule)[],
  db: Db,
  log: (message: string) => void,
): void {
  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: shutting down (refusing new connections, finishing requests and the job in progress)`);
    setTimeout(() => {
      console.error(`Shutdown did not finish within ${SHUTDOWN_GRACE_SECONDS} s: exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_GRACE_SECONDS * 1000).unref();
    try {
      await Promise.all([closeApp(), ...background.map((task) => task.stop())]);
      await db.destroy();
      log('shut down');
      process.exit(0);
    } catch (error) {
      console.error('Shutdown failed:', error);
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

function banner(
  config: ServerConfig,
  port: number,
  { product, hosts }: SiteConfig,
  sources: readonly OrganizationSource[],
  usersCreated: number,
  applicationsCreated = 0,
): string {
  const base = (host: string): string => `http://${host}:${port}`;
  const lines = [
    '',
    `${product.productName} is running${config.dev ? ' (development: Vite serves the client)' : ''}`,
    `  Open            ${base('localhost')}  (default organisation: ${product.defaultSubdomain})`,
    `  API docs        ${base('localhost')}/api/docs`,
    `  Database        ${config.databaseUrl ? redactUrl(config.databaseUrl) : `PGlite in ${config.pgliteDir}`}`,
    `  Email           ${config.smtpUrl ? `SMTP ${redactUrl(config.smtpUrl)}` : `no SMTP_URL: messages are written to ${config.outboxDir} and their links logged`}`,
    '',
    '  Organisations   apply side / HR side',
  ];
  for (const { organization: org } of sources) {
    lines.push(
      `    ${org.name} (${org.edition})`.padEnd(40) +
        `${base(`${org.subdomain}.localhost`)}  ${base(`${org.subdomain}.hr.localhost`)}`,
    );
  }
  const named = Object.entries(hosts).filter(([host]) => host.endsWith('.localhost'));
  if (named.length > 0) {
    lines.push('', '  Named hosts');
    for (const [host, site] of named) lines.push(`    ${base(host)}  → ${site.subdomain} (${site.side})`);
  }
  const passwords = new Set(sources.flatMap((s) => s.demoUsers.map((u) => u.password)));
  lines.push('', `  Demo logins${passwords.size === 1 ? ` (password ${[...passwords][0]})` : ''}`);
  for (const source of sources) {
    for (const user of source.demoUsers) {
      const password = passwords.size === 1 ? '' : `  ${user.password}`;
      lines.push(`    ${user.email.padEnd(30)} ${user.userType}${password}`);
    }
  }
  const otp = sources.filter((s) => s.organization.settings.otpRequired).map((s) => s.organization.name);
  if (otp.length > 0)
    lines.push(
      `  ${otp.join(', ')}: sign-in also asks for a 6-digit code sent by email${config.smtpUrl ? '' : ' (see the outbox)'}`,
    );
  if (usersCreated > 0) lines.push('', `  (${usersCreated} demo users created on this start)`);
  if (applicationsCreated > 0)
    lines.push(`  (${applicationsCreated} demo applications created on this start: see the HR side's roles)`);
  lines.push('');
  return lines.join('\n');
}

start().catch((error: unknown) => {
  console.error('Server failed to start:', error);
  process.exit(1);
});
