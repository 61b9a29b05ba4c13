import { defineConfig } from '@playwright/test';
import { testBrowserPath, testChromiumArgs } from './e2e/chromium';

// Browser tests run the built dashboard (`vite build` first: `npm test` does) against the real
// service: one per worker, built once in global setup, each test on sites of its own (decision
// 058, e2e/fixtures.ts).
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  // Nothing is retried, in CI neither: a flake is fixed at its cause (decision 058), and
  // `npm run test:steady` runs the suite three times beside busy loops to show it is steady.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  outputDir: 'test-results',
  use: {
    // No trace by default: recording one for every test (to keep it only on a failure) was 30 %
    // of the stage's CPU — the screencast of its screenshots kept Chromium's compositor and the
    // browser encoding frames, its DOM snapshots the renderer and the worker busy (BENCHMARKS.md,
    // "the browser stage's CPU by process"). A failure still leaves its screenshot and the page's
    // ARIA snapshot; to get its trace, run the failing spec again with `--trace retain-on-failure`
    // (decision 100).
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: testBrowserPath(), args: testChromiumArgs },
  },
});
