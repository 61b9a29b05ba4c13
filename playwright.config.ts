import { defineConfig } from '@playwright/test';
import { chromiumPath, chromiumArgs } from './e2e/chromium';

// Browser tests run the built dashboard (`vite build` first: `npm test` does) against the real
// service, one fresh SQLite database per test (see e2e/fixtures.ts).
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  // CI retries a failed test once and reports it as flaky: a flake is fixed at its cause (as the
  // volume chart's minute roll-over was), but a shared, loaded runner should not drop a whole
  // submission over one. Locally nothing is retried, so a flake shows at once.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  outputDir: 'test-results',
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
  },
});
