import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    port: number;
    /** The server's DATA_DIR: tests read emails from <dataDir>/outbox (no SMTP in e2e). */
    dataDir: string;
    /** Organisation session timeouts last this many seconds in e2e (TEST_SESSION_TIMEOUT_SECONDS). */
    sessionTimeoutSeconds: number;
  }
}

/** Short enough for a test to watch a session end; production keeps each organisation's minutes. */
const SESSION_TIMEOUT_SECONDS = 8;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForServer(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/public/version`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer within 180 s:\n${output()}`);
}

/** Starts the built product once for the whole e2e run, in a fresh data directory. */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'candid-e2e-'));
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      NODE_ENV: 'test',
      TEST_SESSION_TIMEOUT_SECONDS: String(SESSION_TIMEOUT_SECONDS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  try {
    await waitForServer(port, child, () => log);
  } catch (error) {
    // A server that did not answer in time must not outlive the run.
    child.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('port', port);
  project.provide('dataDir', dataDir);
  project.provide('sessionTimeoutSeconds', SESSION_TIMEOUT_SECONDS);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    await rm(dataDir, { recursive: true, force: true });
  };
}
