import { defineConfig } from '@playwright/test';
import { chromiumArgs, testBrowserPath } from './e2e/chromium';

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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: testBrowserPath(), args: chromiumArgs },
  },
});
