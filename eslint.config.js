import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import playwright from 'eslint-plugin-playwright';
import globals from 'globals';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

// Every folder of src/features is a feature: a new one is covered without editing this file.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'test-results',
      'playwright-report',
      'coverage',
      '.tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true },
    },
    plugins: { 'import-x': importX },
    settings: {
      // Imports are extensionless relative paths to .ts/.tsx files; the zones below resolve them.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      // No import-x/no-cycle: scripts/check-imports.ts (`npm run lint` runs it after ESLint,
      // `npm test` beside it) finds every cycle among the files ESLint lints, type-only imports
      // counted, so the rule could find nothing more (decisions 043 and 099).
      // Numbers in messages are fine; objects and undefined are not.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `onClick={() => setOpen(false)}` says what it means; a block body would add noise.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // TanStack Router's redirect() and notFound() are thrown by design.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/router-core', name: 'Redirect' }] },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, '@tanstack/query': pluginQuery },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...pluginQuery.configs.recommended.rules,
    },
  },
  // The fetch layer has no React components and no DOM; the contract (schemas) has not even
  // React Query, because the server imports it.
  {
    files: ['src/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'react',
            'react-dom',
            'react/*',
            '**/features/**',
            '**/app/**',
            '**/components/**',
            '**/lib/**',
          ],
        },
      ],
    },
  },
  {
    files: [
      'contract/schemas/**/*.ts',
      'src/api/client.ts',
      'contract/liquid-check.ts',
      'contract/app-callback.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-dom', '@tanstack/*', '**/features/**'] },
      ],
    },
  },
  // Layers import only downward: src/lib is generic helpers, src/components shared UI and
  // src/session the connection, so none may reach up into a feature or the shell (and lib not
  // into components either).
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}', 'src/session/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/lib',
              from: ['./src/components', './src/features', './src/app'],
              message: 'src/lib sits below components, features and the shell.',
            },
            {
              target: './src/components',
              from: ['./src/features', './src/app'],
              message: 'src/components sits below features and the shell.',
            },
            {
              target: './src/session',
              from: ['./src/features', './src/app'],
              message:
                'src/session (the connection and the session hook) sits below features and the shell.',
            },
          ],
        },
      ],
    },
  },
  // A feature never imports another feature or the shell (bulletproof-react's zones). Paths are
  // resolved, so a sibling's `../members/…` is caught as well as `../../features/members/…`.
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message:
                'A feature never imports another: move what they share into components/, lib/ or api/.',
            })),
            {
              target: './src/features',
              from: './src/app',
              message: 'A feature never imports the shell (src/app).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'react',
            'react-dom',
            '**/src/features/**',
            '**/src/app/**',
            '**/src/components/**',
          ],
        },
      ],
    },
  },
  // Fastify plugins are async by contract, even those that register their routes synchronously.
  {
    files: [
      'server/*/routes/**/*.ts',
      'server/platform/health.ts',
      'server/platform/openapi.ts',
      'server/consent/records/record-routes.ts',
      'server/consent/records/public-records.ts',
      'bench/**/*.ts',
    ],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  // Plain JS config files are not part of the TypeScript project.
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  // Tests and benchmarks may assert what they just arranged; product code may not.
  {
    files: ['**/*.test.{ts,tsx}', '**/*.test-helper.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Stubs that return a promise read naturally as async functions.
      '@typescript-eslint/require-await': 'off',
      // Tests read JSON bodies untyped and use vitest's asymmetric matchers, which are typed any.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  {
    files: ['e2e/**/*.ts'],
    ...playwright.configs['flat/recommended'],
    // Fixture-extended tests imported from helper modules (e2e/mail-test.ts) are tests too.
    settings: { playwright: { globalAliases: { test: ['mailTest', 'inboxTest'] } } },
  },
);
