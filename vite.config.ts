import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { fileURLToPath } from 'node:url';
import { browserSchemas } from './scripts/browser-schemas.ts';
import { precompress } from './scripts/precompress.ts';

/** A file of React Router's production build. */
const reactRouterBuild = (file: string) =>
  fileURLToPath(new URL(`node_modules/react-router/dist/production/${file}`, import.meta.url));

// The client is a single-page app rooted at src/client; the Fastify server serves dist/client.
export default defineConfig(({ command }) => ({
  root: 'src/client',
  publicDir: false,
  plugins: [browserSchemas(), react(), vanillaExtractPlugin(), precompress()],
  resolve: {
    alias: [
      // RJSF's markdown renderer, never switched on by the engine: plain text instead (decision 0064).
      {
        find: 'markdown-to-jsx/react',
        replacement: fileURLToPath(new URL('src/client/engine-ui/theme/plain-markdown.tsx', import.meta.url)),
      },
      // React Router's exports name only its development build (remix-run/react-router#12532, #14102), whose one
      // difference is ENABLE_DEV_WARNINGS; the built client takes the production build (decision 0083). Both entries
      // together, or the page would hold two routers' contexts.
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
          ]
        : []),
    ],
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
}));
