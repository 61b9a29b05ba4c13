/**
 * The SQLite search indexer (decision 023): copies the search text of committed log rows into
 * the FTS5 index `app_logs_fts` off the ingestion's commit path, in a worker thread with its own
 * connection, so neither the request nor the event loop pays for it.
 *
 * The watermark (`app_logs_fts_state.indexed_id`, migration 005) is the highest row id indexed;
 * it moves in the same transaction as the index rows it covers, and ids only grow (AUTOINCREMENT
 * under the one write lock), so every row at or below it is indexed and a search scans the rows
 * above it (app-logs-sqlite.ts). A restart or a killed process loses nothing: the indexer
 * starts again from the watermark. Rows written by other processes (the demo, a second tool)
 * are indexed too: the worker polls for rows above the watermark.
 */
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { writeTransaction, type Database } from './db';
import { engineOf, isPostgresUrl } from './engine';
import {
  indexPendingLogsPostgres,
  startPostgresSearchIndexer,
} from './log-search-indexer-postgres';
import { setWriteTurns, WriteTurns } from './sqlite-write-turns';

/**
 * Rows per index transaction: large enough that FTS5 writes few segments, small enough that
 * ingestion waits for one chunk only a few milliseconds.
 */
export const INDEX_CHUNK_ROWS = 2000;

/** How often an idle indexer looks for rows above the watermark. */
const IDLE_POLL_MS = 50;

/** After an indexing error (disk full, a lock held past busy_timeout), the next try waits this. */
const RETRY_MS = 1000;

/** SQLite's default: the WAL is checkpointed by the commit that grows it past 1000 pages. */
const DEFAULT_WAL_AUTOCHECKPOINT = 1000;

const ABOVE_WATERMARK = 'id > (select indexed_id from app_logs_fts_state)';

/** The indexer's statements, run by the worker and by `indexPendingLogs`. */
export const INDEXER_SQL = {
  pending: `select exists (select 1 from app_logs where ${ABOVE_WATERMARK}) as pending`,
  /** The last id of the next chunk (`?`: its size, -1 for all); null when there is none. */
  chunkEnd: `select max(id) as last from (select id from app_logs where ${ABOVE_WATERMARK} order by id limit ?)`,
  index: `insert into app_logs_fts (rowid, search) select id, search from app_logs where ${ABOVE_WATERMARK} and id <= ?`,
  advance: 'update app_logs_fts_state set indexed_id = ?',
} as const;

/**
 * Indexes up to `maxRows` rows above the watermark in one write transaction, on this thread
 * (on PostgreSQL: log-search-indexer-postgres.ts);
 * returns how many. For tests (an index at a chosen lag) and tools; the server uses the worker.
 */
export async function indexPendingLogs(
  db: Kysely<Database>,
  maxRows: number = INDEX_CHUNK_ROWS,
): Promise<number> {
  // PostgreSQL: up to `maxRows` per app, in each app's time order (decision 030).
  if (engineOf(db) === 'postgres') return indexPendingLogsPostgres(db, maxRows);
  return writeTransaction(db, async (trx) => {
    const limit = Number.isFinite(maxRows) ? maxRows : -1;
    const end = await trx.executeQuery<{ last: number | null }>(
      CompiledQuery.raw(INDEXER_SQL.chunkEnd, [limit]),
    );
    const last = end.rows[0]?.last ?? null;
    if (last === null) return 0;
    const indexed = await trx.executeQuery(CompiledQuery.raw(INDEXER_SQL.index, [last]));
    await trx.executeQuery(CompiledQuery.raw(INDEXER_SQL.advance, [last]));
    return Number(indexed.numAffectedRows ?? 0);
  });
}

export interface LogSearchIndexer {
  /** Waits for the chunk being indexed, then ends the worker. */
  stop(): Promise<void>;
}

/** What the worker (log-search-indexer-worker.js) posts. */
type WorkerMessage =
  { type: 'turn' } | { type: 'indexed'; rows: number } | { type: 'failed'; message: string };

/**
 * Starts the indexer on the SQLite file `url` opened as `db`, or on PostgreSQL the loop of
 * log-search-indexer-postgres.ts (in every instance; decision 030); nothing for `:memory:` (no
 * other connection can open it; searches still answer, scanning every row above the watermark). `db`'s write transactions and the worker's
 * take turns (sqlite-write-turns.ts) until `stop`. The worker also checkpoints the WAL
 * (PASSIVE: it never blocks a writer), so `db`'s commits stop doing it until the worker ends.
 */
export async function startLogSearchIndexer(
  db: Kysely<Database>,
  url: string,
  onError: (error: Error) => void,
): Promise<LogSearchIndexer | undefined> {
  if (isPostgresUrl(url)) return startPostgresSearchIndexer(db, onError);
  if (url === ':memory:') return undefined;
  await sql`pragma wal_autocheckpoint = 0`.execute(db);
  const turns = new WriteTurns();
  const worker = new Worker(new URL('./log-search-indexer-worker.js', import.meta.url), {
    workerData: {
      filename: resolve(url),
      sql: INDEXER_SQL,
      chunkRows: INDEX_CHUNK_ROWS,
      idleMs: IDLE_POLL_MS,
      retryMs: RETRY_MS,
    },
  });
  // The server stops it on shutdown; anything else (a test, a tool) must not be kept alive by it.
  worker.unref();
  let exited = false;
  let endTurn: (() => void) | undefined;
  const finishTurn = () => {
    endTurn?.();
    endTurn = undefined;
  };
  const exit = new Promise<void>((done) => {
    worker.once('exit', () => {
      exited = true;
      finishTurn();
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
    if (message.type !== 'turn') {
      finishTurn();
      return;
    }
    // The worker writes only inside this turn, so no write of ours finds the lock held by it.
    void turns.run(
      () =>
        new Promise<void>((done) => {
          if (exited) {
            done();
            return;
          }
          endTurn = done;
          worker.postMessage('go');
        }),
    );
  });
  setWriteTurns(db, turns);
  return {
    stop: async () => {
      await turns.run(async () => {
        if (!exited) worker.postMessage('stop');
        await exit;
      });
      setWriteTurns(db, undefined);
    },
  };
}
