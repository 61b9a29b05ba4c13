import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import playwright from 'eslint-plugin-playwright';
import globals from 'globals';

const features = ['apps', 'logs', 'consent', 'notifications'];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
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
      'src/api/schemas/**/*.ts',
      'src/api/client.ts',
      'src/api/liquid-check.ts',
      'src/api/app-callback.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-dom', '@tanstack/*', '**/features/**'] },
      ],
    },
  },
  // A feature never imports another feature.
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: features
            .filter((other) => other !== feature)
            .map((other) => `**/features/${other}/**`)
            .concat(['**/app/**']),
        },
      ],
    },
  })),
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
  {
    files: ['e2e/**/*.ts'],
    ...playwright.configs['flat/recommended'],
  },
);
