import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#server/paths';

/** Runs src/server/main.ts as `npm start` would, and collects how it ended. */
function runMain(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

// Process behaviour does not depend on the test database engine: run it once, in the PGlite project.
describe
  .skipIf(process.env.TEST_DB === 'postgres')
  .concurrent('main.ts refuses to start on a broken setup, with a clear message and exit code 1', () => {
    let dataDir: string;
    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'candid-main-'));
    });
    afterAll(() => rm(dataDir, { recursive: true, force: true }));

    it('an invalid PORT', async () => {
      const { code, stderr } = await runMain({ PORT: 'abc', DATA_DIR: dataDir });
      expect(code).toBe(1);
      expect(stderr).toContain("PORT must be a whole number from 0 to 65535 (got 'abc')");
    });

    it('a database that cannot be migrated', async () => {
      const { code, stderr } = await runMain({
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        DATA_DIR: dataDir,
        PORT: '0',
      });
      expect(code).toBe(1);
      expect(stderr).toMatch(/Database migration failed: \(migrator\): .*ECONNREFUSED/);
    });
  });
