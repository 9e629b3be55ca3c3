import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// End-to-end suite: the built product on a free port with a fresh embedded database,
// driven by Debian's Chromium through playwright-core. `npm run test:e2e` builds the client first.
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One Chromium per file; two files at a time suit a 2-core machine.
    maxWorkers: 2,
  },
});
