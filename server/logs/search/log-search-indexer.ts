/**
 * The SQLite search indexer (decisions 023 and 032): copies the search text of committed log
 * rows into the FTS5 index `search.app_logs_fts` off the ingestion's commit path, in a worker
 * thread with its own connection, so neither the request nor the event loop pays for it.
 *
 * The index and its watermark (`search.app_logs_fts_state.indexed_id`, the highest row id
 * indexed) live in the search file (log-search-file.ts) and move in one transaction; ids only
 * grow (AUTOINCREMENT), so every row at or below the watermark is indexed and a search scans
 * the rows above it (app-logs-sqlite.ts). A restart or a killed process loses nothing: the
 * indexer starts again from the watermark. Rows written by other processes (the demo, a second
 * service) are indexed too: the worker polls for rows above the watermark. Index rows of deleted
 * log rows (retention, a deleted app) change no answer; each chunk drops those below the oldest
 * log row (retention's), and a slow sweep the others (decision 032).
 */
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Database } from '../../database/schema';
import { engineOf, isPostgresUrl } from '../../database/engine';
import {
  indexPendingLogsPostgres,
  startPostgresSearchIndexer,
} from './log-search-indexer-postgres';
import { LOCK_SEARCH_FILE, searchFileOf } from '../../database/log-search-file';

/**
 * Rows per index transaction: large enough that FTS5 writes few segments; ingestion no longer
 * waits for a chunk (it writes another file), so only the catch-up granularity bounds it.
 */
export const INDEX_CHUNK_ROWS = 4000;

/** Ids whose index rows one sweep checks against the log (see `staleIds`). */
export const SWEEP_IDS = 16_000;

/** How often the worker sweeps a window of ids for a deleted app's index rows. */
const SWEEP_EVERY_MS = 10_000;

/** How often an idle indexer looks for rows above the watermark. */
const IDLE_POLL_MS = 50;

/** After an indexing error (disk full, a lock held past busy_timeout), the next try waits this. */
const RETRY_MS = 1000;

/** SQLite's default: the WAL is checkpointed by the commit that grows it past 1000 pages. */
const DEFAULT_WAL_AUTOCHECKPOINT = 1000;

const WATERMARK = '(select indexed_id from search.app_logs_fts_state)';
const ABOVE_WATERMARK = `id > ${WATERMARK}`;
/** Where the sweep for index rows of deleted log rows goes on (decision 032). */
const SWEEP_FROM = 'case when swept_id < indexed_id then swept_id else 0 end';

/** The indexer's statements, run by the worker and by `indexPendingLogs`. */
export const INDEXER_SQL = {
  pending: `select exists (select 1 from main.app_logs where ${ABOVE_WATERMARK}) as pending`,
  /** Takes the search file's write lock (first in a deferred transaction). */
  lock: LOCK_SEARCH_FILE,
  /** The last id of the next chunk (`?`: its size, -1 for all); null when there is none. */
  chunkEnd: `select max(id) as last from (select id from main.app_logs where ${ABOVE_WATERMARK} order by id limit ?)`,
  index: `insert into search.app_logs_fts (rowid, search) select id, search from main.app_logs where ${ABOVE_WATERMARK} and id <= ?`,
  advance: 'update search.app_logs_fts_state set indexed_id = ?',
  /**
   * Drops up to `?` ids' worth of index rows below the oldest log row: what retention deleted
   * (ids are never reused). Cheap when there are none.
   */
  dropBelowOldest: `delete from search.app_logs_fts where rowid < (select min(coalesce((select min(id) from main.app_logs), indexed_id + 1), indexed_id + 1, coalesce((select min(rowid) from search.app_logs_fts), 0) + ?) from search.app_logs_fts_state)`,
  /**
   * The other index rows of deleted log rows (a deleted app's) among the next `?` ids of the
   * sweep, which starts again at 0 past the watermark; `sweptTo` (`?`: the same) moves it on.
   * Read, then dropped one by one (`dropRow`): a `delete … where rowid in (…)` scans the whole
   * FTS5 table (≈200 ms at 1,000,000 rows), a rowid lookup does not. A window of 16,000 ids
   * costs ≈30 ms, so the worker sweeps one every SWEEP_EVERY_MS.
   */
  staleIds: `with span as (select ${SWEEP_FROM} as low, min(${SWEEP_FROM} + ?, indexed_id) as high from search.app_logs_fts_state)
    select rowid from search.app_logs_fts where rowid > (select low from span) and rowid <= (select high from span)
    except select id from main.app_logs where id > (select low from span) and id <= (select high from span)`,
  dropRow: 'delete from search.app_logs_fts where rowid = ?',
  sweptTo: `update search.app_logs_fts_state set swept_id = case when ${SWEEP_FROM} + ? >= indexed_id then 0 else ${SWEEP_FROM} + ? end`,
} as const;

/**
 * Indexes up to `maxRows` rows above the watermark in one transaction on the search file, on
 * this thread (on PostgreSQL: log-search-indexer-postgres.ts), and drops index rows of deleted
 * log rows; returns how many rows it indexed. For tests (an index at a chosen lag) and tools;
 * the server uses the worker.
 */
export async function indexPendingLogs(
  db: Kysely<Database>,
  maxRows: number = INDEX_CHUNK_ROWS,
): Promise<number> {
  // PostgreSQL: up to `maxRows` per app, in each app's time order (decision 030).
  if (engineOf(db) === 'postgres') return indexPendingLogsPostgres(db, maxRows);
  // Kysely's SQLite transaction is a deferred BEGIN: the lock statement takes the search file's.
  return db.transaction().execute(async (trx) => {
    const run = <R>(text: string, parameters: unknown[] = []) =>
      trx.executeQuery<R>(CompiledQuery.raw(text, parameters));
    await run(INDEXER_SQL.lock);
    const limit = Number.isFinite(maxRows) ? maxRows : -1;
    const last = (await run<{ last: number | null }>(INDEXER_SQL.chunkEnd, [limit])).rows[0]?.last;
    let indexed = 0;
    if (last !== null && last !== undefined) {
      indexed = Number((await run(INDEXER_SQL.index, [last])).numAffectedRows ?? 0);
      await run(INDEXER_SQL.advance, [last]);
    }
    const sweep = Number.isFinite(maxRows) ? SWEEP_IDS : Number.MAX_SAFE_INTEGER;
    await run(INDEXER_SQL.dropBelowOldest, [sweep]);
    const stale = await run<{ rowid: number }>(INDEXER_SQL.staleIds, [sweep]);
    for (const { rowid } of stale.rows) await run(INDEXER_SQL.dropRow, [rowid]);
    await run(INDEXER_SQL.sweptTo, [sweep, sweep]);
    return indexed;
  });
}

export interface LogSearchIndexer {
  /** Waits for the chunk being indexed, then ends the worker. */
  stop(): Promise<void>;
}

/** What the worker (log-search-indexer-worker.js) posts. */
type WorkerMessage = { type: 'indexed'; rows: number } | { type: 'failed'; message: string };

/**
 * Starts the indexer on the SQLite file `url` opened as `db`, or on PostgreSQL the loop of
 * log-search-indexer-postgres.ts (in every instance; decision 030); nothing for `:memory:` (no
 * other connection can open it; searches still answer, scanning every row above the
 * watermark). The worker also checkpoints the log file's WAL (PASSIVE: it never blocks a
 * writer), so `db`'s commits stop doing it until the worker ends.
 */
export async function startLogSearchIndexer(
  db: Kysely<Database>,
  url: string,
  onError: (error: Error) => void,
): Promise<LogSearchIndexer | undefined> {
  if (isPostgresUrl(url)) return startPostgresSearchIndexer(db, onError);
  if (url === ':memory:') return undefined;
  await sql`pragma wal_autocheckpoint = 0`.execute(db);
  const filename = resolve(url);
  const worker = new Worker(new URL('./log-search-indexer-worker.js', import.meta.url), {
    workerData: {
      filename,
      searchFilename: searchFileOf(filename),
      sql: INDEXER_SQL,
      chunkRows: INDEX_CHUNK_ROWS,
      sweepIds: SWEEP_IDS,
      sweepEveryMs: SWEEP_EVERY_MS,
      idleMs: IDLE_POLL_MS,
      retryMs: RETRY_MS,
    },
  });
  // The server stops it on shutdown; anything else (a test, a tool) must not be kept alive by it.
  worker.unref();
  const exit = new Promise<void>((done) => {
    worker.once('exit', () => {
      // Commits checkpoint again; a closed database has nothing left to checkpoint.
      sql`pragma wal_autocheckpoint = ${sql.lit(DEFAULT_WAL_AUTOCHECKPOINT)}`
        .execute(db)
        .catch(() => undefined)
        .finally(done);
    });
  });
  worker.on('error', onError);
  worker.on('message', (message: WorkerMessage) => {
    if (message.type === 'failed') onError(new Error(`log search indexer: ${message.message}`));
  });
  let stopping: Promise<void> | undefined;
  return {
    // The worker ends the chunk in progress first: it reads the message between chunks.
    stop: () => {
      stopping ??= (async () => {
        worker.postMessage('stop');
        await exit;
      })();
      return stopping;
    },
  };
}
