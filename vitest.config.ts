import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { browserSchemas } from './scripts/browser-schemas.ts';

// Unit suites. The PostgreSQL copy of the server suite runs only when TEST_DATABASE_URL is set;
// end-to-end tests have their own config (tests/e2e/vitest.config.ts).
const postgres = process.env.TEST_DATABASE_URL;

/**
 * The server suite on one database engine. Each file builds its own app over its own database, so
 * files share a worker's loaded modules (isolate: false) instead of importing Fastify, PGlite and
 * the engine again for every file.
 */
function serverProject(name: string, database: 'pglite' | 'postgres') {
  return {
    test: {
      name,
      environment: 'node',
      include: ['tests/server/**/*.test.ts'],
      // On PostgreSQL too, less what its SQL does not change: the hostile files are judged before the database is
      // reached (what is kept is a plain insert), and fuzzing runs 10 cases per route there (200 on PGlite).
      ...(database === 'postgres' && { exclude: ['tests/server/hostile-files.test.ts'] }),
      env: { TEST_DB: database, ...(database === 'postgres' && { FUZZ_RUNS: process.env.FUZZ_RUNS ?? '10' }) },
      isolate: false,
      // Each file's database starts as a copy of one migrated (and seeded) once per run.
      globalSetup: ['tests/helpers/database-templates.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

/**
 * Client files that need modules no earlier file has used: the hiring side's and the other candidate pages' texts
 * load once per page load (src/client/i18n), and these tests check how instances made before and after get them.
 */
const ISOLATED_CLIENT_FILES = ['tests/client/i18n/hiring-texts.test.ts'];

/**
 * The client suite in jsdom. Its files share a worker's loaded modules and jsdom document (isolate: false): importing
 * React, the router and the app's pages again for every file took most of the suite's time. What a test changes in the
 * document, storage, cookies and the one HTTP client (its adapter, interceptors and headers) is put back after it by
 * tests/client/setup.ts, and vitest restores spies after each file. What a module keeps for the page load is not
 * reset: the session atom reads storage once, when first imported (so no test may import the app's modules afresh
 * with vi.resetModules); the page texts load once; caches keep what they were given. A test that needs it fresh
 * belongs in ISOLATED_CLIENT_FILES.
 */
function clientProject(name: string, files: { include?: string[]; exclude?: string[]; isolate: boolean }) {
  return {
    // The browser's copy of schemas/ (contracts keep only their method and path, decision 0083), as built.
    plugins: [browserSchemas(), react(), vanillaExtractPlugin()],
    test: {
      name,
      environment: 'jsdom',
      include: files.include ?? ['tests/client/**/*.test.{ts,tsx}'],
      exclude: [...configDefaults.exclude, ...(files.exclude ?? [])],
      isolate: files.isolate,
      setupFiles: ['tests/client/setup.ts'],
      // axe over a whole step in jsdom takes seconds on a busy 2-core machine.
      testTimeout: 30_000,
    },
  };
}

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: a single worker on a 2-core machine.
    // Each server test file has its own database, so files run side by side safely.
    maxWorkers: 2,
    projects: [
      {
        test: { name: 'engine', environment: 'node', include: ['tests/engine/**/*.test.ts'] },
      },
      serverProject('server', 'pglite'),
      ...(postgres ? [serverProject('server-pg', 'postgres')] : []),
      clientProject('client', { exclude: ISOLATED_CLIENT_FILES, isolate: false }),
      clientProject('client-isolated', { include: ISOLATED_CLIENT_FILES, isolate: true }),
    ],
  },
});
