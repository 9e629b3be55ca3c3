import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { fileURLToPath } from 'node:url';
import { browserSchemas } from './scripts/browser-schemas';
import { precompress } from './scripts/precompress';

// The client is a single-page app rooted at src/client; the Fastify server serves dist/client.
export default defineConfig({
  root: 'src/client',
  publicDir: false,
  plugins: [browserSchemas(), react(), vanillaExtractPlugin(), precompress()],
  resolve: {
    alias: {
      // RJSF's markdown renderer, never switched on by the engine: plain text instead (decision 0064).
      'markdown-to-jsx/react': fileURLToPath(new URL('src/client/engine-ui/theme/plain-markdown.tsx', import.meta.url)),
    },
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // Read by scripts/bundle-budget.ts to add up what each route loads first.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The libraries every page runs on, in one chunk apart from the app's code: a release of the app leaves
            // it cached. Libraries of one feature (RJSF, recharts, the table) stay in that feature's chunks.
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|axios|jotai|use-sync-external-store)[\\/]/,
              priority: 20,
            },
            { name: 'shell', tags: ['$initial'], priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    // *.localhost and *.hr.localhost carry the organisation and side of the product.
    allowedHosts: ['.localhost'],
  },
});
