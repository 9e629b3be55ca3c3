import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '#server/paths';
import { TEST_PASSWORD_HASHING } from './test-db';

/** src/server/main.ts running in a process of its own, as `npm start` runs it. */
export interface ServerProcess {
  url: string;
  port: number;
  /** Everything written to stdout and stderr so far: the banner and the log lines (JSON). */
  output: () => string;
  /** Sends a signal to the process. */
  kill: (signal: NodeJS.Signals) => void;
  /** The exit code once the process has ended (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Ends the process if still running (SIGKILL) and removes its data directory. */
  dispose: () => Promise<void>;
}

/**
 * Starts the server on a free port of 127.0.0.1 with `env` added to a minimal environment (no client build, light
 * password hashing), and resolves once it prints where it listens. Fails with its output if it ends or takes longer
 * than `timeoutMs` to start.
 */
export async function startServerProcess(
  env: Record<string, string>,
  { timeoutMs = 60_000 }: { timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'candid-process-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      LOG_LEVEL: 'info',
      ARGON2_MEMORY_KIB: String(TEST_PASSWORD_HASHING.memoryKib),
      ARGON2_TIME_COST: String(TEST_PASSWORD_HASHING.timeCost),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const dispose = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
      const onData = () => {
        const found = /Open +http:\/\/localhost:(\d+)/.exec(output);
        if (!found) return;
        clearTimeout(timer);
        child.stdout.off('data', onData);
        resolve(Number(found[1]));
      };
      child.stdout.on('data', onData);
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`the server ended with ${code} before listening:\n${output}`));
      });
    });
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      output: () => output,
      kill: (signal) => child.kill(signal),
      exited,
      dispose,
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** Whether a new TCP connection to the port is refused (nothing listens there any more). */
export function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}
