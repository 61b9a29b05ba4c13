/**
 * The reliability suite's global setup (vitest.reliability.config.ts): bundles the service and
 * its token command once per run (service-bundle.ts) for every service process the suite starts.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { bundleService, SERVICE_BUNDLE_ENV } from './service-bundle';

export default async function setup(): Promise<() => void> {
  const root = resolve(import.meta.dirname, '..', '..');
  mkdirSync(join(root, '.tmp'), { recursive: true });
  const dir = mkdtempSync(join(root, '.tmp', 'reliability-service-'));
  await bundleService(root, dir);
  process.env[SERVICE_BUNDLE_ENV] = dir;
  return () => {
    rmSync(dir, { recursive: true, force: true });
  };
}
