import path from 'node:path';

/** Pino levels; 'silent' turns logging off. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LogLevel = (typeof LOG_LEVELS)[number];

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
  /** SMTP server for outgoing email (nodemailer URL); null writes each message to `outboxDir` instead. */
  smtpUrl: string | null;
  /** From address of outgoing email. */
  mailFrom: string;
  /** `<dataDir>/outbox`: .eml files of the messages when no SMTP server is configured (and .sms files without
   * an SMS provider). */
  outboxDir: string;
  /** A Twilio-style SMS provider (SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM, optional SMS_API_URL); null writes
   * each SMS to `outboxDir` (decision 0045). */
  sms: SmsProviderSettings | null;
  /** A DocuSign-style signing provider (DOCUSIGN_ACCOUNT_ID, DOCUSIGN_ACCESS_TOKEN, optional DOCUSIGN_API_URL); null
   * uses the local fake provider (decision 0080). */
  signing: SigningProviderSettings | null;
  /** A Workday-style HR system (WORKDAY_API_URL, WORKDAY_CLIENT_ID, WORKDAY_CLIENT_SECRET); null uses the local fake
   * that writes new hires to `<dataDir>/hr-outbox` (decision 0080). */
  hr: HrProviderSettings | null;
  /** HR_TOKEN_KEY: 64 hex characters, the AES-256-GCM key of the HR access tokens; null: a key file in dataDir. */
  hrTokenKey: string | null;
  /** Argon2id cost of new password hashes (OWASP minimum by default; tests may lower it). */
  argon2MemoryKib: number;
  argon2TimeCost: number;
  /** Trust X-Forwarded-* from a proxy in front (client address for rate limits, https links). */
  trustProxy: boolean;
  /**
   * Tests only, ignored when NODE_ENV is production: every organisation session timeout becomes
   * this many seconds, so an end-to-end test can watch a session end without waiting minutes.
   */
  testSessionTimeoutSeconds: number | null;
}

export interface SmsProviderSettings {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
}

export interface SigningProviderSettings {
  apiUrl: string;
  accountId: string;
  accessToken: string;
}

export interface HrProviderSettings {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
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

  const smtpUrl = value('SMTP_URL') ?? null;
  if (smtpUrl !== null && !/^smtps?:\/\//.test(smtpUrl)) {
    problems.push(`SMTP_URL must start with smtp:// or smtps:// (got '${redactUrl(smtpUrl)}')`);
  }

  const wholeNumber = (name: string, fallback: number, min: number, max: number): number => {
    const text = value(name);
    if (text === undefined) return fallback;
    const n = Number(text);
    if (!/^\d+$/.test(text) || n < min || n > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got '${text}')`);
      return fallback;
    }
    return n;
  };
  const argon2MemoryKib = wholeNumber('ARGON2_MEMORY_KIB', 19_456, 1024, 4_194_304);
  const argon2TimeCost = wholeNumber('ARGON2_TIME_COST', 2, 1, 100);
  const testSessionTimeout =
    value('TEST_SESSION_TIMEOUT_SECONDS') === undefined
      ? null
      : wholeNumber('TEST_SESSION_TIMEOUT_SECONDS', 0, 1, 86_400);

  const trustProxyText = (value('TRUST_PROXY') ?? 'false').toLowerCase();
  if (!['true', 'false', '1', '0'].includes(trustProxyText))
    problems.push(`TRUST_PROXY must be true or false (got '${trustProxyText}')`);

  const smsNames = ['SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'] as const;
  const smsValues = smsNames.map(value);
  const sms: SmsProviderSettings | null = smsValues.every((v) => v !== undefined)
    ? {
        apiUrl: value('SMS_API_URL') ?? 'https://api.twilio.com/2010-04-01',
        accountSid: smsValues[0]!,
        authToken: smsValues[1]!,
        from: smsValues[2]!,
      }
    : null;
  if (!sms && smsValues.some((v) => v !== undefined))
    problems.push(`SMS needs all of ${smsNames.join(', ')} (or none, to write SMS to the outbox)`);

  const signingNames = ['DOCUSIGN_ACCOUNT_ID', 'DOCUSIGN_ACCESS_TOKEN'] as const;
  const signingValues = signingNames.map(value);
  const signing: SigningProviderSettings | null = signingValues.every((v) => v !== undefined)
    ? {
        apiUrl: value('DOCUSIGN_API_URL') ?? 'https://demo.docusign.net/restapi',
        accountId: signingValues[0]!,
        accessToken: signingValues[1]!,
      }
    : null;
  if (!signing && signingValues.some((v) => v !== undefined))
    problems.push(
      `Document signing needs both ${signingNames.join(' and ')} (or neither, for the local fake provider)`,
    );

  const hrNames = ['WORKDAY_API_URL', 'WORKDAY_CLIENT_ID', 'WORKDAY_CLIENT_SECRET'] as const;
  const hrValues = hrNames.map(value);
  const hr: HrProviderSettings | null = hrValues.every((v) => v !== undefined)
    ? { apiUrl: hrValues[0]!, clientId: hrValues[1]!, clientSecret: hrValues[2]! }
    : null;
  if (!hr && hrValues.some((v) => v !== undefined))
    problems.push(`The HR system needs all of ${hrNames.join(', ')} (or none, for the local fake)`);
  const hrTokenKey = value('HR_TOKEN_KEY') ?? null;
  if (hrTokenKey !== null && !/^[0-9a-fA-F]{64}$/.test(hrTokenKey))
    problems.push('HR_TOKEN_KEY must be 64 hexadecimal characters (a 256-bit key)');

  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }

  const dataDir = path.resolve(cwd, value('DATA_DIR') ?? 'data');
  const nodeEnv = value('NODE_ENV') ?? 'development';
  return {
    port,
    host: value('HOST') ?? 'localhost',
    databaseUrl,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    logLevel: logLevel as LogLevel,
    nodeEnv,
    clientDir: path.resolve(cwd, value('CLIENT_DIR') ?? 'dist/client'),
    dev: argv.includes('--dev'),
    gitCommit: value('GIT_COMMIT') ?? null,
    smtpUrl,
    mailFrom: value('MAIL_FROM') ?? 'Candid <no-reply@candid.example>',
    outboxDir: path.join(dataDir, 'outbox'),
    sms,
    signing,
    hr,
    hrTokenKey,
    argon2MemoryKib,
    argon2TimeCost,
    trustProxy: trustProxyText === 'true' || trustProxyText === '1',
    testSessionTimeoutSeconds: nodeEnv === 'production' ? null : testSessionTimeout,
  };
}

/** Hides the password of a connection URL before it is printed. */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:/@]*):[^@]*@/i, '$1:***@');
}
