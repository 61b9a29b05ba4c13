import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const shared = {
  environment: 'node',
  testTimeout: 20_000,
  hookTimeout: 30_000,
  // FC_NUM_RUNS / FC_SEED shake or replay the fast-check properties; nothing without them.
  setupFiles: './scripts/fast-check-runs.setup.ts',
} as const;

/**
 * The service's tests share a worker process from one file to the next (isolate: false; issue 36,
 * decision 077): importing the service (Fastify, the contract, every wing) anew for each file was
 * half the suite's CPU time. Each file still has its own database and its own service, and a
 * worker never crosses projects, so the engine a file runs on is its project's.
 */
const sharedWorker = { ...shared, isolate: false } as const;

const DASHBOARD = ['src/**/*.test.ts', 'src/**/*.test.tsx'];

/**
 * The dashboard's tests share a worker too (decision 101), each file with every module evaluated
 * anew and the globals checked as it leaves them (src/fresh-modules.test-helper.ts): its modules
 * hold state a test sets (the API client's connection, the toasts) that the next file must not
 * inherit, and a process per file for that was two thirds of the project's CPU (issue 36).
 */
const dashboardWorker = {
  ...sharedWorker,
  // Modules anew first, so that the fast-check setup after it runs in the file's fresh modules.
  setupFiles: ['src/fresh-modules.test-helper.ts', shared.setupFiles],
};

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
  // The alerts' own pool beside the requests' (decision 096).
  'server/platform/alerts-database.test.ts',
  'server/http/work-gate-hook.test.ts',
  // Waiting tails answered from commits against the query of each engine.
  'server/logs/waits/log-waits.property.test.ts',
];
/** The client modules against the real service (the others are unit tests of the client). */
const POSTGRES_DASHBOARD_SUITES = [
  'src/api/{apps,app-logs,consent,notifications}.test.ts',
  // Pages cut by bytes, followed by the client and the tail engine (issue 42).
  'src/api/app-logs-cut.test.ts',
  'src/features/logs/tail/tail-engine.cut.test.ts',
];

const postgres: TestProjectInlineConfiguration[] = process.env.TEST_DATABASE_URL
  ? [
      {
        test: {
          ...sharedWorker,
          name: 'postgres',
          include: POSTGRES_SUITES,
          env: { TEST_ENGINE: 'postgres' },
        },
      },
      {
        test: {
          ...dashboardWorker,
          name: 'dashboard-postgres',
          include: POSTGRES_DASHBOARD_SUITES,
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
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, which then
    // sits idle while a test waits on the service, PostgreSQL or a timer. Two at least.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          ...sharedWorker,
          name: 'sqlite',
          include: ['contract/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
          // The reliability suite has its own config and step (vitest.reliability.config.ts).
          exclude: ['server/reliability/**', 'node_modules/**'],
        },
      },
      { test: { ...dashboardWorker, name: 'dashboard', include: DASHBOARD } },
      ...postgres,
    ],
  },
});
