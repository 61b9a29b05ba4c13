import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const shared = {
  environment: 'node',
  fileParallelism: false,
  testTimeout: 120_000,
  hookTimeout: 60_000,
  // FC_NUM_RUNS / FC_SEED shake or replay the fast-check properties; nothing without them.
  setupFiles: './scripts/fast-check-runs.setup.ts',
} as const;

/**
 * With TEST_DATABASE_URL set, the API fuzz suite runs a second time with the service on a
 * PostgreSQL database of its own (decision 020): PostgreSQL refuses what SQLite stores (NUL in
 * text), so a 500 there hides on SQLite. The multi-instance test needs PostgreSQL anyway.
 */
const postgres: TestProjectInlineConfiguration[] = process.env.TEST_DATABASE_URL
  ? [
      {
        test: {
          ...shared,
          name: 'reliability-postgres',
          include: ['server/reliability/fuzz.test.ts'],
          env: { TEST_ENGINE: 'postgres' },
        },
      },
    ]
  : [];

/**
 * The reliability suite (server/reliability): fuzzing and concurrency against the real service
 * as a child process. One file at a time, apart from the unit and API tests, so their load does
 * not blur the responsiveness it measures. `npm run test:reliability`; part of `npm test`.
 */
export default defineConfig({
  test: {
    // The service and its token command bundled once for every process the suite starts, so no
    // start compiles TypeScript (server/reliability/service-bundle.ts; issue 36).
    // And one migrated template database per run (SQLite, and PostgreSQL with TEST_DATABASE_URL)
    // that each service process's new database is copied from, not migrated at start.
    globalSetup: [
      'server/reliability/service-bundle.global-setup.ts',
      'server/database/test-templates.global-setup.ts',
    ],
    // The projects run one after the other too, or two services would fuzz at once.
    fileParallelism: false,
    projects: [
      {
        test: { ...shared, name: 'reliability', include: ['server/reliability/**/*.test.ts'] },
      },
      ...postgres,
    ],
  },
});
