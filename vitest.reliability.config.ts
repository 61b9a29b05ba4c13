import { defineConfig } from 'vitest/config';

/**
 * The reliability suite (server/reliability): fuzzing and concurrency against the real service
 * as a child process. One file at a time, apart from the unit and API tests, so their load does
 * not blur the responsiveness it measures. `npm run test:reliability`; part of `npm test`.
 */
export default defineConfig({
  test: {
    include: ['server/reliability/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
