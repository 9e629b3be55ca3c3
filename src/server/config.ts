import path from 'node:path';

/** Pino levels; 'silent' turns logging off. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface ServerConfig {
  port: number;
  host: string;
  /** PostgreSQL server URL; when absent the embedded PGlite database is used. */
  databaseUrl: string | null;
  /** Absolute directory for local state; PGlite keeps its data in `<dataDir>/pglite`. */
  dataDir: string;
  pgliteDir: string;
  logLevel: LogLevel;
  nodeEnv: string;
  /** Absolute directory of the built client (vite build output). */
  clientDir: string;
  /** `--dev`: the client is served by Vite in middleware mode instead of from clientDir. */
  dev: boolean;
  gitCommit: string | null;
}

/** Thrown for unusable environment values; main.ts prints the message and exits 1. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads the environment once. Pure apart from resolving relative paths against `cwd`,
 * so tests can call it with a literal env.
 */
export function parseConfig(
  env: Record<string, string | undefined>,
  argv: readonly string[] = [],
  cwd: string = process.cwd(),
): ServerConfig {
  const problems: string[] = [];
  const value = (name: string): string | undefined => {
    const raw = env[name]?.trim();
    return raw === '' ? undefined : raw;
  };

  const portText = value('PORT') ?? '3000';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) {
    problems.push(`PORT must be a whole number from 0 to 65535 (got '${portText}')`);
  }

  const logLevel = (value('LOG_LEVEL') ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got '${logLevel}')`);
  }

  const databaseUrl = value('DATABASE_URL') ?? null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push(`DATABASE_URL must start with postgres:// or postgresql:// (got '${redactUrl(databaseUrl)}')`);
  }

  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }

  const dataDir = path.resolve(cwd, value('DATA_DIR') ?? 'data');
  return {
    port,
    host: value('HOST') ?? 'localhost',
    databaseUrl,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    logLevel: logLevel as LogLevel,
    nodeEnv: value('NODE_ENV') ?? 'development',
    clientDir: path.resolve(cwd, value('CLIENT_DIR') ?? 'dist/client'),
    dev: argv.includes('--dev'),
    gitCommit: value('GIT_COMMIT') ?? null,
  };
}

/** Hides the password of a connection URL before it is printed. */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:/@]*):[^@]*@/i, '$1:***@');
}
