/**
 * Filling the PostgreSQL benchmark database (bench/api.ts) with a million entries in reasonable
 * time, ending with the tables the service has: the span's day partitions, every index of
 * migrations 002, 004 and 007 (the pg_trgm GIN one included) and fresh planner statistics.
 *
 * How: the rows go through the store's own insert (`placeLogRows`: one statement over arrays per
 * batch) into the partitioned table, but with the indexes dropped first and built again once at
 * the end from their own definitions (`pg_indexes`), as a bulk load does: building a GIN index
 * once is far cheaper than updating it for every batch. The search text goes into
 * `app_log_search` through the indexer's own statement, each app's watermark at its last row
 * (decision 030), also before its trigram index is built. Then `ANALYZE`.
 */
import { sql, type Kysely } from 'kysely';
import { toLogRow } from '../server/logs/store/app-logs-rows';
import { placeLogRows } from '../server/logs/store/app-logs-write';
import { ensureDayPartition } from '../server/database/postgres-partitions';
import type { NewLogRow } from '../server/logs/store/app-logs-table';
import type { Database } from '../server/database/schema';
import { indexPendingLogsPostgres } from '../server/logs/search/log-search-indexer-postgres';
import { makeEntry } from './log-entries';

const DAY_US = 86_400_000_000;
/** Rows per insert statement (all of one app: the store's insert takes one app's rows). */
const BATCH = 10_000;

/** Calls `put` for every row to store, in time order per app. */
export type RowSource = (put: (appId: number, timeUs: number) => void) => void;

export async function fillPostgres(
  db: Kysely<Database>,
  fromUs: number,
  toUs: number,
  rows: RowSource,
): Promise<void> {
  for (let dayUs = fromUs; dayUs < toUs + DAY_US; dayUs += DAY_US) {
    await ensureDayPartition(db, dayUs);
  }
  // One connection throughout: the session setting below must hold for the index builds.
  await db.connection().execute(async (connection) => {
    const indexes = await sql<{ name: string; definition: string }>`
      select indexname as name, indexdef as definition from pg_indexes
      where schemaname = current_schema() and tablename in ('app_logs', 'app_log_search')`.execute(
      connection,
    );
    for (const { name } of indexes.rows) {
      await sql`drop index ${sql.id(name)}`.execute(connection);
    }
    const pending = new Map<number, NewLogRow[]>();
    const queued: Array<{ appId: number; timeUs: number }> = [];
    rows((appId, timeUs) => queued.push({ appId, timeUs }));
    for (const { appId, timeUs } of queued) {
      const batch = pending.get(appId) ?? [];
      batch.push(toLogRow(appId, makeEntry(), timeUs));
      pending.set(appId, batch);
      if (batch.length >= BATCH) {
        pending.set(appId, []);
        await placeLogRows(connection, batch);
      }
    }
    for (const batch of pending.values()) {
      if (batch.length > 0) await placeLogRows(connection, batch);
    }
    await indexPendingLogsPostgres(connection, Infinity);
    await sql`set maintenance_work_mem = '512MB'`.execute(connection);
    for (const { definition } of indexes.rows) {
      // pg_indexes writes a partitioned table's index `ON ONLY` it: without ONLY it is built on
      // every partition too, as the migration's `create index` did.
      await sql.raw(definition.replace(' ON ONLY ', ' ON ')).execute(connection);
    }
    await sql`analyze app_logs, app_log_search`.execute(connection);
  });
}
