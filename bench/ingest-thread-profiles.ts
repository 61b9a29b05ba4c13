/**
 * `BENCH_DATABASE_FILE=<a bench:guard file> BENCH_TOKEN=<its bench token> npx tsx
 * bench/ingest-thread-profiles.ts <dir> [tree]`: where
 * the service's CPU goes during bench:guard's ingestion, on every thread (issue 43). Starts this
 * tree's bench/api-server.ts under `node --cpu-prof` (which profiles the main thread and each
 * worker, the search indexer's included), waits for the index to catch up, ingests BENCH_RUNS
 * (3) runs of bench:guard's workload (120 batches of 500, 4 in flight, a new app each) and stops
 * the service, which writes one .cpuprofile per thread into `<dir>`. Read each with
 * `npx tsx bench/cpu-profile-summary.ts <file> <entries>`. The service's start (module loading)
 * is in the main thread's profile too: read it apart by its functions (compile, require).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase } from '../server/database/db';
import { ingest } from './api-ingest';
import { startServer } from './api-servers';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 18440);

async function main(): Promise<void> {
  const dir = resolve(process.argv[2] ?? '/tmp/ingest-thread-profiles');
  const file = process.env.BENCH_DATABASE_FILE;
  if (!file) throw new Error('BENCH_DATABASE_FILE: a filled bench:guard database');
  mkdirSync(dir, { recursive: true });
  // argv[3]: another tree whose bench/api-server.ts to profile (default this one).
  const script = process.argv[3]
    ? join(resolve(process.argv[3]), 'bench', 'api-server.ts')
    : undefined;
  const server = await startServer(file, PORT, script, {}, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  const token = process.env.BENCH_TOKEN ?? '';
  const headers = { Authorization: `Bearer ${token}`, 'X-Service-Site': 'bench' };
  const db = openDatabase(file);
  try {
    for (let run = 1; run <= RUNS; run += 1) {
      const key = `profile-${String(Date.now())}-${String(run)}`;
      const sqlite = new Database(file);
      const columns = (sqlite.pragma('table_info(apps)') as Array<{ name: string }>)
        .map((column) => column.name)
        .filter((name) => name !== 'id' && name !== 'key')
        .map((name) => `"${name}"`)
        .join(', ');
      const { id } = sqlite
        .prepare(
          `insert into apps (key, ${columns}) select ?, ${columns} from apps where key = 'main' returning id`,
        )
        .get(key) as { id: number };
      sqlite.close();
      const result = await ingest(db, {
        bases: [server.base],
        headers,
        apps: [{ key, id }],
        batches: 120,
        batchSize: 500,
        inFlight: 4,
        indexed: true,
      });
      console.log(`run ${String(run)}: ${JSON.stringify(result)}`);
    }
  } finally {
    await db.destroy();
    await server.stop();
  }
  console.log(`profiles in ${dir}`);
}

await main();
