import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, redactUrl } from '#server/config';

describe('parseConfig', () => {
  it('applies the documented defaults', () => {
    const config = parseConfig({}, [], '/srv/app');
    expect(config).toEqual({
      port: 3000,
      host: 'localhost',
      databaseUrl: null,
      dataDir: '/srv/app/data',
      pgliteDir: path.join('/srv/app/data', 'pglite'),
      logLevel: 'info',
      nodeEnv: 'development',
      clientDir: '/srv/app/dist/client',
      dev: false,
      gitCommit: null,
      smtpUrl: null,
      mailFrom: 'Candid <no-reply@candid.example>',
      outboxDir: path.join('/srv/app/data', 'outbox'),
      sms: null,
      signing: null,
      hr: null,
      hrTokenKey: null,
      argon2MemoryKib: 19_456,
      argon2TimeCost: 2,
      trustProxy: false,
      testSessionTimeoutSeconds: null,
    });
  });

  it('reads the mail, hashing and session settings', () => {
    const config = parseConfig(
      {
        SMTP_URL: 'smtp://mail:2525',
        MAIL_FROM: 'Jobs <jobs@x.example>',
        ARGON2_MEMORY_KIB: '4096',
        ARGON2_TIME_COST: '1',
        TRUST_PROXY: 'true',
        TEST_SESSION_TIMEOUT_SECONDS: '5',
      },
      [],
      '/srv/app',
    );
    expect(config).toMatchObject({
      smtpUrl: 'smtp://mail:2525',
      mailFrom: 'Jobs <jobs@x.example>',
      argon2MemoryKib: 4096,
      argon2TimeCost: 1,
      trustProxy: true,
      testSessionTimeoutSeconds: 5,
    });
    // The test-only session timeout never applies in production.
    expect(
      parseConfig({ NODE_ENV: 'production', TEST_SESSION_TIMEOUT_SECONDS: '5' }).testSessionTimeoutSeconds,
    ).toBeNull();
    expect(() => parseConfig({ SMTP_URL: 'http://x' })).toThrow('SMTP_URL must start with smtp:// or smtps://');
    expect(() => parseConfig({ ARGON2_MEMORY_KIB: '12' })).toThrow(
      'ARGON2_MEMORY_KIB must be a whole number from 1024',
    );
  });

  it('reads the SMS provider: all three variables or none', () => {
    const sms = { SMS_ACCOUNT_SID: 'AC1', SMS_AUTH_TOKEN: 'secret', SMS_FROM: '+447700900000' };
    expect(parseConfig(sms).sms).toEqual({
      apiUrl: 'https://api.twilio.com/2010-04-01',
      accountSid: 'AC1',
      authToken: 'secret',
      from: '+447700900000',
    });
    expect(parseConfig({ ...sms, SMS_API_URL: 'https://sms.example/v1' }).sms?.apiUrl).toBe('https://sms.example/v1');
    expect(() => parseConfig({ SMS_ACCOUNT_SID: 'AC1' })).toThrow('SMS needs all of SMS_ACCOUNT_SID');
  });

  it('reads every variable and the --dev flag', () => {
    const config = parseConfig(
      {
        PORT: '3999',
        HOST: '0.0.0.0',
        DATABASE_URL: 'postgres://app:secret@db:5432/candid',
        DATA_DIR: '/var/lib/candid',
        LOG_LEVEL: 'DEBUG',
        NODE_ENV: 'production',
        CLIENT_DIR: 'build/web',
        GIT_COMMIT: 'abc1234',
      },
      ['--dev'],
      '/srv/app',
    );
    expect(config).toMatchObject({
      port: 3999,
      host: '0.0.0.0',
      databaseUrl: 'postgres://app:secret@db:5432/candid',
      pgliteDir: '/var/lib/candid/pglite',
      logLevel: 'debug',
      nodeEnv: 'production',
      clientDir: '/srv/app/build/web',
      dev: true,
      gitCommit: 'abc1234',
    });
  });

  it.each([
    [{ PORT: 'abc' }, "PORT must be a whole number from 0 to 65535 (got 'abc')"],
    [{ PORT: '70000' }, 'PORT must be a whole number'],
    [{ LOG_LEVEL: 'loud' }, "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got 'loud')"],
    [
      { DATABASE_URL: 'mysql://u:pw@h/db' },
      "DATABASE_URL must start with postgres:// or postgresql:// (got 'mysql://u:***@h/db')",
    ],
  ])('rejects %o with a clear message', (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
  });

  it('reports every invalid value at once', () => {
    expect(() => parseConfig({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });

  it('hides passwords in printed URLs', () => {
    expect(redactUrl('postgres://user:s3cret@host:5432/db')).toBe('postgres://user:***@host:5432/db');
    expect(redactUrl('postgres://host/db')).toBe('postgres://host/db');
  });
});
