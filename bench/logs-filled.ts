/**
 * A database with one app's log of `entries` entries over `spanUs`, for the log benchmarks: on
 * SQLite in a temp folder, or on PostgreSQL when BENCH_DATABASE_URL is set (BENCH_KEEP_DB keeps a
 * filled database between runs, api-database.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/database/db';
import { migrateToLatest } from '../server/database/migrate';
import type { Db } from '../server/database/schema';
import { openBenchDatabase } from './api-database';
import { fillPostgresLogs } from './logs-fill-postgres';
import { fillSqlite } from './logs-fill-sqlite';

export async function openFilledLogs(
  entries: number,
  spanUs: number,
): Promise<{ db: Db; appId: number; close: () => Promise<void> }> {
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? '';
  if (postgresUrl !== '') {
    const bench = await openBenchDatabase(postgresUrl, process.env.BENCH_KEEP_DB ?? '');
    await migrateToLatest(bench.db);
    const appId = await fillPostgresLogs(bench.db, entries, spanUs);
    return { db: bench.db, appId, close: bench.close };
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-logs-'));
  const file = join(dir, 'bench.db');
  const db = openDatabase(file);
  await migrateToLatest(db);
  const { appId } = await fillSqlite(db, file, entries, spanUs);
  return {
    db,
    appId,
    close: async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
