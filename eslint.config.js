import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import playwright from 'eslint-plugin-playwright';
import globals from 'globals';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

const features = ['apps', 'logs', 'consent', 'notifications'];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: { allowDefaultProject: ['*.js'] } },
    },
    plugins: { 'import-x': importX },
    settings: {
      // Imports are extensionless relative paths to .ts/.tsx files, and the cycle check must
      // parse them as TypeScript to follow their imports.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      // Type-only imports count too: a cycle through types still couples the two modules.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
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
  // Plain JS config files are not part of the TypeScript project.
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  // Tests and benchmarks may assert what they just arranged; product code may not.
  {
    files: ['**/*.test.{ts,tsx}', '**/*.test-helper.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['e2e/**/*.ts'],
    ...playwright.configs['flat/recommended'],
  },
);
