import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const shared = { environment: 'node', testTimeout: 20_000, hookTimeout: 30_000 } as const;

/** One migrated template database per run, copied per test file (issue 36). */
const globalSetup = ['server/database/test-templates.global-setup.ts'];

/**
 * The suites that touch the database run a second time on PostgreSQL (decision 012), each file
 * on a database of its own (server/database/test-database.test-helper.ts) of the server at
 * TEST_DATABASE_URL, which `scripts/ensure-postgres.sh` provides (scripts/test.sh sets it).
 */
const POSTGRES_SUITES = [
  'server/database/**/*.test.ts',
  'server/routes/**/*.test.ts',
  'server/*/routes/**/*.test.ts',
  'server/*/store/**/*.test.ts',
  'server/platform/app.test.ts',
  'server/access/auth.test.ts',
  'server/access/authority-in-flight.test.ts',
  'server/access/authority-tails.test.ts',
  'server/http/request-bounds.test.ts',
  // Ids past what a column holds, on every wing's routes (issue 42).
  'server/http/integer-params.test.ts',
  'server/access/cli/**/*.test.ts',
  'server/demo/seed.test.ts',
  'server/demo/seed/layouts.test.ts',
  'server/logs/store/**/*.test.ts',
  'server/logs/search/**/*.test.ts',
  'server/logs/routes/**/*.test.ts',
  'server/consent/**/*.test.ts',
  'server/logs/log-writes.test.ts',
  'server/logs/waits/postgres-log-notifier.test.ts',
  'server/platform/leader.test.ts',
  'server/http/work-gate-hook.test.ts',
  // Waiting tails answered from commits against the query of each engine.
  'server/logs/waits/log-waits.property.test.ts',
  // The client modules against the real service (the others are unit tests of the client).
  'src/api/{apps,app-logs,consent,notifications}.test.ts',
];

const postgres: TestProjectInlineConfiguration[] = process.env.TEST_DATABASE_URL
  ? [
      {
        test: {
          ...shared,
          name: 'postgres',
          include: POSTGRES_SUITES,
          env: { TEST_ENGINE: 'postgres' },
        },
      },
    ]
  : [];
if (postgres.length === 0) {
  console.warn(
    'PostgreSQL runs skipped: TEST_DATABASE_URL is not set (bash scripts/ensure-postgres.sh provides one)',
  );
}

export default defineConfig({
  test: {
    globalSetup,
    projects: [
      {
        test: {
          ...shared,
          name: 'sqlite',
          include: [
            'src/**/*.test.ts',
            'src/**/*.test.tsx',
            'contract/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          // The reliability suite has its own config and step (vitest.reliability.config.ts).
          exclude: ['server/reliability/**', 'node_modules/**'],
        },
      },
      ...postgres,
    ],
  },
});
