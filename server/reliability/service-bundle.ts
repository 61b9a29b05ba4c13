/**
 * The service and its token command bundled once to plain JavaScript for the reliability suite
 * (issue 36): each start then runs `node` on a file instead of compiling TypeScript through
 * tsx's loader (a start took 2.4–4.1 s through tsx, about 1.1 s on a bundle: BENCHMARKS.md).
 * The same code is bundled, so what the suite tests is what `npm start` runs.
 *
 * vitest.reliability.config.ts's global setup (service-bundle.global-setup.ts) bundles into a
 * folder of its own under the repository's .tmp/ (so the bundle's imports of packages resolve
 * from the repository's node_modules) and names it in RELIABILITY_SERVICE_BUNDLE; service-process.ts uses it when
 * it is set and tsx otherwise (the chaos script, a test file run from another config).
 */
import { basename, join } from 'node:path';
import { build } from 'esbuild';

export const SERVICE_BUNDLE_ENV = 'RELIABILITY_SERVICE_BUNDLE';

/** The files the service loads by URL at run time (its worker threads): bundled beside it. */
const WORKER_FILES = [
  'server/notifications/mail/template-render-worker.js',
  'server/logs/search/log-search-indexer-worker.js',
];

export const bundleEntry = (dir: string) => join(dir, 'main.js');
export const bundleTokenCommand = (dir: string) => join(dir, 'token.js');

export async function bundleService(root: string, dir: string): Promise<void> {
  const options = {
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // node_modules stay where they are; the bundle resolves them from the repository.
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
  } as const;
  await build({
    ...options,
    entryPoints: ['server/platform/main.ts'],
    outfile: bundleEntry(dir),
  });
  await build({
    ...options,
    entryPoints: ['server/access/cli/token.ts'],
    outfile: bundleTokenCommand(dir),
  });
  // Bundled, not copied: the workers import project files by relative paths that do not exist
  // beside the bundle.
  for (const file of WORKER_FILES) {
    await build({ ...options, entryPoints: [file], outfile: join(dir, basename(file)) });
  }
}
