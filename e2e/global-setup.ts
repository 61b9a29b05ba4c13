// Before any browser test: checks the dashboard is built, bundles the service once to plain
// JavaScript and prepares the SQLite templates (e2e/service-build.ts; decision 058).
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { seedDemo } from '../server/demo/seed';
import { openDatabase } from '../server/database/db';
import { migrateToLatest } from '../server/database/migrate';
import { bundleService } from '../server/reliability/service-bundle';
import { DEMO_TEMPLATE, MIGRATED_TEMPLATE, SERVICE_DIR } from './service-build';

async function template(file: string, seed: boolean): Promise<void> {
  const db = openDatabase(file);
  try {
    await migrateToLatest(db);
    if (seed) await seedDemo(db);
  } finally {
    // Closing the last connection checkpoints the WAL into the file, so the file alone is whole.
    await db.destroy();
  }
}

export default async function globalSetup(): Promise<void> {
  if (!existsSync(join(process.cwd(), 'dist', 'index.html'))) {
    throw new Error(
      'dist/index.html is missing: run `npx vite build` (npm test does) before the browser tests.',
    );
  }
  rmSync(SERVICE_DIR, { recursive: true, force: true });
  mkdirSync(SERVICE_DIR, { recursive: true });
  // The same bundle as the reliability suite's (the service, its workers and the token command).
  await bundleService(process.cwd(), SERVICE_DIR);
  await template(MIGRATED_TEMPLATE, false);
  await template(DEMO_TEMPLATE, true);
}
