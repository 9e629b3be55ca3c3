import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Import boundaries: the engine is pure; client and server meet only in engine/ and schemas/;
// client features do not import each other.
const restrict = (patterns) => ['error', { patterns }];
// Everything in src/ reaches the engine through its public entry and other folders through the
// package.json "imports" aliases (#engine, #schemas/*, #configs/*, #server/*, #client/*).
const srcImports = [
  { group: ['#engine/*'], message: 'src/ uses the engine through its public entry: import from #engine.' },
  {
    group: ['../../../*'],
    message: 'Import across folders through an alias (#engine, #schemas/*, #configs/*, #server/*, #client/*).',
  },
];
const srcRestrict = (patterns) => restrict([...patterns, ...srcImports]);

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'coverage/', 'tests/e2e/.artifacts/', '**/*.generated.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
      // Prettier (npm run lint) lays code out at 120 columns; comments are wrapped by hand, and only
      // strings, template literals and addresses may run longer.
      'max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Client test files share loaded modules (vitest.config.ts): a module graph imported afresh would be every
    // later file's, with the state it was created in.
    files: ['tests/client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'vi', property: 'resetModules', message: 'Client files share modules: see vitest.config.ts.' },
      ],
    },
  },
  {
    files: ['engine/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['react', 'react-*', 'fastify', '@fastify/*', 'kysely', 'pg', '@electric-sql/*', 'axios'],
          message: 'engine/ is pure: no UI, server or I/O libraries.',
        },
        {
          group: ['**/src/**', '#server/*', '#client/*', 'node:*', 'fs', 'path'],
          message: 'engine/ imports nothing from src/ and does no I/O.',
        },
      ]),
    },
  },
  {
    files: ['schemas/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/src/**', '**/engine/**', '#engine', '#engine/*', '#server/*', '#client/*', 'react', 'fastify'],
          message: 'schemas/ depends on typebox only.',
        },
      ]),
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': srcRestrict([
        {
          group: ['**/server/**', '#server/*', 'fastify', '@fastify/*', 'kysely', 'pg', '@electric-sql/*', 'node:*'],
          message: 'The client never imports the server.',
        },
      ]),
    },
  },
  {
    files: ['src/client/features/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': srcRestrict([
        {
          regex: '^\\.\\./[a-z]',
          message: 'Features do not import each other: move shared code to ui/, state/ or api/.',
        },
        { group: ['**/server/**', '#server/*'], message: 'The client never imports the server.' },
      ]),
    },
  },
  {
    files: ['src/client/features/*/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': srcRestrict([
        {
          regex: '^\\.\\./\\.\\./[a-z]',
          message: 'Features do not import each other: move shared code to ui/, state/ or api/.',
        },
        { group: ['**/server/**', '#server/*'], message: 'The client never imports the server.' },
      ]),
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': srcRestrict([
        { group: ['**/client/**', '#client/*', 'react', 'react-dom'], message: 'The server never imports the client.' },
      ]),
    },
  },
  {
    files: ['src/server/main.ts', 'src/server/seed/seed.ts', 'bench/**/*.ts', 'tests/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
