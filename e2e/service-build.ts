// Where global setup puts the service for the browser tests (decision 058): the server bundled
// once to plain JavaScript (run with `node`, nothing compiled at each start), its worker threads'
// files beside it (they are loaded by URL at run time), and two SQLite templates copied per
// service so no start migrates or seeds: `migrated` (empty) and `demo` (the demo seeded).
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { bundleEntry } from '../server/reliability/service-bundle';

export const SERVICE_DIR = join(process.cwd(), '.tmp', 'e2e-service');
/** What global setup's `bundleService` writes (server/reliability/service-bundle.ts). */
export const SERVICE_ENTRY = bundleEntry(SERVICE_DIR);
export const MIGRATED_TEMPLATE = join(SERVICE_DIR, 'migrated.db');
export const DEMO_TEMPLATE = join(SERVICE_DIR, 'demo.db');

/** Copies a SQLite database made from a template: the file and its search file. */
export function copyDatabase(template: string, target: string): void {
  copyFileSync(template, target);
  if (existsSync(`${template}-search`)) copyFileSync(`${template}-search`, `${target}-search`);
}
