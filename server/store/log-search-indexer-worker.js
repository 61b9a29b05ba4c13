/**
 * The search indexer's thread (started by log-search-indexer.ts, which holds its SQL and its
 * reasons; decision 023). Plain JavaScript so that a worker thread runs it under tsx, vitest and
 * plain Node alike. It looks for rows above the watermark, asks the main thread for a turn at the
 * write lock, indexes one chunk in one transaction (index rows and watermark together) and
 * hands the turn back. Before each look it checkpoints the WAL, which the server's commits leave
 * to it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const { filename, sql, chunkRows, idleMs, retryMs } = workerData;
const port = parentPort;
const db = new SQLite(filename);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');

const pending = db.prepare(sql.pending).pluck();
const chunkEnd = db.prepare(sql.chunkEnd).pluck();
const index = db.prepare(sql.index);
const advance = db.prepare(sql.advance);

const indexChunk = db.transaction(() => {
  const last = chunkEnd.get(chunkRows);
  if (last === null || last === undefined) return 0;
  const { changes } = index.run(last);
  advance.run(last);
  return changes;
}).immediate;

let timer;
let stopped = false;

function later(ms) {
  if (!stopped) timer = setTimeout(look, ms);
}

function look() {
  try {
    // The server's commits leave checkpointing to this thread (see startLogSearchIndexer).
    db.pragma('wal_checkpoint(PASSIVE)');
    if (pending.get()) port.postMessage({ type: 'turn' });
    else later(idleMs);
  } catch (error) {
    port.postMessage({ type: 'failed', message: String(error) });
    later(retryMs);
  }
}

port.on('message', (message) => {
  if (message === 'stop') {
    stopped = true;
    clearTimeout(timer);
    db.close();
    port.close();
    return;
  }
  try {
    const rows = indexChunk();
    port.postMessage({ type: 'indexed', rows });
    // A full chunk: more are probably waiting.
    later(rows >= chunkRows ? 0 : idleMs);
  } catch (error) {
    port.postMessage({ type: 'failed', message: String(error) });
    later(retryMs);
  }
});

look();
