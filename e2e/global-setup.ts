// Before any browser test: checks the dashboard is built, bundles the service once to plain
// JavaScript and prepares the SQLite templates (e2e/service-build.ts; decision 058).
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { build } from 'esbuild';
import { seedDemo } from '../server/demo/seed';
import { openDatabase } from '../server/database/db';
import { migrateToLatest } from '../server/database/migrate';
import {
  DEMO_TEMPLATE,
  MIGRATED_TEMPLATE,
  SERVICE_DIR,
  SERVICE_ENTRY,
  SERVICE_WORKER_FILES,
} from './service-build';

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
  const options = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // node_modules stay where they are (resolved from the repository's node_modules).
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
  } as const;
  await build({ ...options, entryPoints: ['server/platform/main.ts'], outfile: SERVICE_ENTRY });
  // The workers are bundled too, not copied: they import project files by relative paths (the
  // render worker imports contract/render-document.js) that do not exist beside the bundle.
  for (const file of SERVICE_WORKER_FILES) {
    await build({ ...options, entryPoints: [file], outfile: join(SERVICE_DIR, basename(file)) });
  }
  await template(MIGRATED_TEMPLATE, false);
  await template(DEMO_TEMPLATE, true);
}
