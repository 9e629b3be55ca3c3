import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '#server/app';
import type { App } from '#server/app-types';
import type { SigningProvider } from '#server/modules/integrations/signing-provider';
import type { HrProvider } from '#server/modules/integrations/hr-provider';
import { createTestDb, type TestDb, type TestDbOptions } from './test-db';

export const FAKE_INDEX_HTML =
  '<!doctype html><html><head><title>Fake client</title></head><body><div id="root"></div></body></html>';

export interface TestAppOptions extends TestDbOptions {
  /** 'fake': a temp client dir with index.html and one asset; a path: that dir; default none. */
  client?: 'fake' | string;
  /** Add routes or hooks before the app is made ready (e.g. a route that throws). */
  configure?: (app: App) => void | Promise<void>;
  commit?: string | null;
  /** Tests-only session timeout (seconds) for organisations that set one. */
  testSessionTimeoutSeconds?: number | null;
  /** The document-signing provider (the local fake when not given). */
  signing?: SigningProvider;
  /** The HR system and its token key (the local fake and a random key when not given). */
  hr?: HrProvider;
  hrTokenKey?: Buffer;
  /** Log at 'info' into this stream (no log when not given). */
  logStream?: { write: (line: string) => void };
}

export interface TestApp {
  app: App;
  db: TestDb['db'];
  dbKind: TestDb['kind'];
  clientDir: string | null;
  close: () => Promise<void>;
}

/** The real app over a private test database, ready for app.inject(). One per test file. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const testDb = await createTestDb(options);
  let clientDir: string | null = null;
  let tempDir: string | null = null;
  if (options.client === 'fake') {
    tempDir = await mkdtemp(path.join(tmpdir(), 'candid-client-'));
    await mkdir(path.join(tempDir, 'assets'));
    await writeFile(path.join(tempDir, 'index.html'), FAKE_INDEX_HTML);
    await writeFile(path.join(tempDir, 'assets', 'app-abc123.js'), 'console.log("app");');
    clientDir = tempDir;
  } else if (options.client) {
    clientDir = options.client;
  }
  const app = await buildApp({
    db: testDb.db,
    logLevel: options.logStream ? 'info' : false,
    ...(options.logStream && { logStream: options.logStream }),
    clientDir,
    commit: options.commit ?? null,
    sessionSettings: { testSessionTimeoutSeconds: options.testSessionTimeoutSeconds ?? null },
    ...(options.signing && { signing: options.signing }),
    ...(options.hr && { hr: options.hr }),
    ...(options.hrTokenKey && { hrTokenKey: options.hrTokenKey }),
  });
  await options.configure?.(app);
  await app.ready();
  return {
    app,
    db: testDb.db,
    dbKind: testDb.kind,
    clientDir,
    close: async () => {
      await app.close();
      await testDb.close();
      if (tempDir) await rm(tempDir, { recursive: true, force: true });
    },
  };
}
