/**
 * The writes of the app log repository: ingestion (`insertLogs`: a batch appended after the app's
 * last entry), rows placed at chosen times (`placeLogRows`) and pruning by age. Reads are in
 * app-logs-read.ts.
 */
import type { Kysely } from 'kysely';
import type { AppendedRows, NewLogRow, PendingLogRow } from './app-logs-table';
import type { Database } from '../../database/schema';
import { lowerBoundUs } from './app-logs-filter';
import { logStoreOf } from './log-store-of';
import { addToRollup } from './app-logs-rollup';
import { isoFromUs, pendingRow, type LogIngestEntry } from './app-logs-rows';
import {
  entryJson,
  pageOfEntries,
  type CommittedLogRow,
  type LogCommit,
  type LogPage,
} from './app-logs-page';

/** What ingestion asks before it writes, and tells after (the quota, server/logs/waits/log-quota.ts). */
export interface IngestHooks {
  /** Throws (an HttpError) to refuse a batch of `count` entries before its rows are built. */
  admitCount?: (count: number) => Promise<void>;
  /** Throws (an HttpError) to refuse the batch's rows before anything is written. */
  admitRows?: (rows: readonly PendingLogRow[]) => Promise<void>;
  /** The batch was committed. */
  stored?: (rows: readonly PendingLogRow[]) => void;
}

/** Attempts of a batch refused by the (app_id, time_us) index before the error goes out. */
const DUPLICATE_TIME_ATTEMPTS = 3;

/** A stored batch: the entries as the POST answers them (JSON text), and the commit for waiting tails. */
export interface StoredLogBatch {
  page: LogPage;
  commit: LogCommit;
}

/**
 * Stores a batch in one transaction. `time` is the commit time, strictly increasing per app in
 * batch order: the transaction reads the app's last time and continues after it, so a client
 * polling with `since` never misses an entry that commits late. Ingestion into one app is
 * serialized before that read, in every process, by the engine's `appendRows`: on SQLite by the
 * write lock taken first (a deferred transaction would fail with "database is locked" when the
 * token CLI commits between its read and its write), on PostgreSQL by an advisory lock on the
 * app, inside one statement. A batch the unique (app_id, time_us) index still refuses (a row
 * written around this function) is tried again after the new last time.
 */
export async function insertLogs(
  db: Kysely<Database>,
  appId: number,
  entries: readonly LogIngestEntry[],
  hooks: IngestHooks = {},
): Promise<StoredLogBatch> {
  if (entries.length === 0) return { page: pageOfEntries([]), commit: { previousUs: 0, rows: [] } };
  const store = logStoreOf(db);
  await hooks.admitCount?.(entries.length);
  const rows = entries.map((entry) => pendingRow(appId, entry));
  await hooks.admitRows?.(rows);
  for (let attempt = 1; ; attempt += 1) {
    try {
      const appended = await store.appendRows(db, appId, rows, Date.now() * 1000);
      hooks.stored?.(rows);
      return storedBatch(rows, appended);
    } catch (error) {
      if (attempt >= DUPLICATE_TIME_ATTEMPTS || !store.isDuplicateTime(error)) throw error;
    }
  }
}

/**
 * The answer is built from the rows' JSON texts, as a page is: nothing is stringified twice. Each
 * entry's text straight from its columns, with one object per entry (the commit's row): this runs
 * for every ingested entry.
 */
function storedBatch(pending: readonly PendingLogRow[], appended: AppendedRows): StoredLogBatch {
  const committed = pending.map((row, index): CommittedLogRow => {
    const timeUs = appended.firstUs + index;
    const json = entryJson(
      appended.ids[index] ?? 0,
      row.level,
      row.data,
      row.context ?? null,
      row.created_at ?? isoFromUs(timeUs),
      timeUs,
    );
    return { timeUs, json, level: row.level, job: row.job ?? null, search: row.search };
  });
  return {
    page: pageOfEntries(committed),
    commit: { previousUs: appended.previousUs, rows: committed },
  };
}

/**
 * Inserts rows built by `toLogRow` (rows of ONE app, times unique) with their counts in the
 * volume rollup, in the caller's transaction: tests, tools and benchmarks placing entries at
 * chosen times (ingestion appends through `insertLogs`).
 */
export async function placeLogRows(
  db: Kysely<Database>,
  rows: readonly NewLogRow[],
): Promise<Array<{ id: number; time_us: number }>> {
  const inserted = await logStoreOf(db).insertRows(db, rows);
  await addToRollup(db, rows);
  return inserted;
}

/** Deletes entries older than `olderThanEpochSeconds`; returns how many. */
export async function pruneLogs(
  db: Kysely<Database>,
  olderThanEpochSeconds: number,
): Promise<number> {
  return logStoreOf(db).prune(db, lowerBoundUs(olderThanEpochSeconds));
}
