/**
 * The search indexer's thread (started by log-search-indexer.ts, which holds its SQL and its
 * reasons; decisions 023 and 032). Plain JavaScript so that a worker thread runs it under tsx,
 * vitest and plain Node alike. It looks for log rows above the watermark and indexes one chunk
 * per transaction (index rows and watermark together) in the search file, whose write lock is
 * its own: ingestion writes the log file meanwhile. Before each look it checkpoints the log
 * file's WAL, which the server's commits leave to it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const { filename, searchFilename, sql, chunkRows, sweepIds, sweepEveryMs, idleMs, retryMs } =
  workerData;
const port = parentPort;
const db = new SQLite(filename);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');
db.prepare('attach database ? as search').run(searchFilename);
db.pragma('search.synchronous = NORMAL');

const pending = db.prepare(sql.pending).pluck();
const lockSearchFile = db.prepare(sql.lock);
const chunkEnd = db.prepare(sql.chunkEnd).pluck();
const index = db.prepare(sql.index);
const advance = db.prepare(sql.advance);
const dropBelowOldest = db.prepare(sql.dropBelowOldest);
const staleIds = db.prepare(sql.staleIds).pluck();
const dropRow = db.prepare(sql.dropRow);
const sweptTo = db.prepare(sql.sweptTo);

// A deferred BEGIN and a write to the search file first: only that file's lock is taken.
const indexChunk = db.transaction((sweep) => {
  lockSearchFile.run();
  let changes = 0;
  const last = chunkEnd.get(chunkRows);
  if (last !== null && last !== undefined) {
    changes = index.run(last).changes;
    advance.run(last);
  }
  dropBelowOldest.run(chunkRows);
  if (sweep) {
    for (const id of staleIds.all(sweepIds)) dropRow.run(id);
    sweptTo.run(sweepIds, sweepIds);
  }
  return changes;
});

let lastSweep = 0;
let timer;
let stopped = false;

function later(ms) {
  if (!stopped) timer = setTimeout(look, ms);
}

function look() {
  try {
    // The server's commits leave checkpointing to this thread (see startLogSearchIndexer).
    db.pragma('main.wal_checkpoint(PASSIVE)');
    const sweep = Date.now() - lastSweep >= sweepEveryMs;
    if (sweep) lastSweep = Date.now();
    const rows = pending.get() || sweep ? indexChunk(sweep) : 0;
    if (rows > 0) port.postMessage({ type: 'indexed', rows });
    // A full chunk: more are probably waiting.
    later(rows >= chunkRows ? 0 : idleMs);
  } catch (error) {
    port.postMessage({ type: 'failed', message: String(error) });
    later(retryMs);
  }
}

port.on('message', (message) => {
  if (message !== 'stop') return;
  stopped = true;
  clearTimeout(timer);
  db.close();
  port.close();
});

look();
