import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Import boundaries: the engine is pure; client and server meet only in engine/ and schemas/;
// client features do not import each other.
const restrict = (patterns) => ['error', { patterns }];

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'coverage/', 'tests/e2e/.artifacts/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['engine/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['react', 'react-*', 'fastify', '@fastify/*', 'kysely', 'pg', '@electric-sql/*', 'axios'], message: 'engine/ is pure: no UI, server or I/O libraries.' },
        { group: ['**/src/**', 'node:*', 'fs', 'path'], message: 'engine/ imports nothing from src/ and does no I/O.' },
      ]),
    },
  },
  {
    files: ['schemas/**/*.ts'],
    rules: { 'no-restricted-imports': restrict([{ group: ['**/src/**', '**/engine/**', 'react', 'fastify'], message: 'schemas/ depends on typebox only.' }]) },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict([{ group: ['**/server/**', 'fastify', '@fastify/*', 'kysely', 'pg', '@electric-sql/*', 'node:*'], message: 'The client never imports the server.' }]) },
  },
  {
    files: ['src/client/features/*/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict([{ regex: '^\\.\\./[a-z]', message: 'Features do not import each other: move shared code to ui/, state/ or api/.' }, { group: ['**/server/**'], message: 'The client never imports the server.' }]) },
  },
  {
    files: ['src/client/features/*/*/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict([{ regex: '^\\.\\./\\.\\./[a-z]', message: 'Features do not import each other: move shared code to ui/, state/ or api/.' }, { group: ['**/server/**'], message: 'The client never imports the server.' }]) },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': restrict([{ group: ['**/client/**', 'react', 'react-dom'], message: 'The server never imports the client.' }]) },
  },
  {
    files: ['src/server/main.ts', 'src/server/db/seed.ts', 'bench/**/*.ts', 'tests/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
