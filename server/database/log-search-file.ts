/**
 * SQLite's search index lives in a file of its own, `<database>-search`, beside the log file
 * (decision 032): the FTS5 trigram index `app_logs_fts` (detail=none, decision 098) and its
 * watermark `app_logs_fts_state` (the highest `app_logs.id` indexed; decisions 002, 023). Every
 * connection attaches it as the schema `search`, so a `q` still reads index, watermark and rows
 * in one statement.
 *
 * Why a second file: SQLite has one write lock per file. With the index in the log file, the
 * indexer's chunks and ingestion's batches took turns at one lock and their hold times added up.
 * Now the indexer writes only this file and ingestion only the log file; each transaction
 * locks just the file it writes (sqlite-write-lock.ts), so the two run side by side.
 *
 * The index and its watermark stay one commit (one file), so a restart or `kill -9` loses
 * nothing. Rows deleted from the log (retention, a deleted app) may leave index rows behind:
 * harmless, as ids are never reused (AUTOINCREMENT) and a candidate is always checked against
 * its row; the indexer drops them (log-search-indexer.ts). The one danger is a log file older
 * than its index (a restored backup): its new ids would be at or below the watermark and never
 * indexed. So opening compares the watermark with the log's id sequence and starts the index
 * again when it is ahead.
 */
import type SQLite from 'better-sqlite3';

/** The schema name the search file is attached as, on every connection. */
const SEARCH_SCHEMA = 'search';

/** The search index file of the SQLite database `filename` (an absolute path). */
export function searchFileOf(filename: string): string {
  return `${filename}-search`;
}

const STATE = `${SEARCH_SCHEMA}.app_logs_fts_state`;

/**
 * The index's module and options. `detail=none` (migration 031, decision 098): the index keeps
 * which rows hold a trigram, not where, so FTS5 refuses phrase queries and a search asks for a
 * term's trigrams ANDed (trigramMatch); `instr` on the row decides as before.
 */
export const SEARCH_INDEX_MODULE = `fts5(search, content='', contentless_delete=1, tokenize='trigram', detail=none)`;

/** FTS5's `hashsize` for the index: a chunk's pending terms held in memory (decision 098). */
export const SEARCH_INDEX_HASH_BYTES = 8 * 1024 * 1024;

/** `"…"` for FTS5: a string token, its own quotes doubled. */
function quoted(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * The FTS5 query asking the index for the candidates of a search's `terms` (each of 3 code
 * points or more: logs' `indexableTerms`): every trigram of every term, once, ANDed. The index
 * keeps which rows hold a trigram, not where (SEARCH_INDEX_MODULE), so a row holding a term's
 * trigrams in another order is a candidate too: a superset of the rows holding the term, and
 * `instr` on the row decides, as it always did (decision 002). A row holding the term holds
 * every trigram of it, so none is lost. Trigrams are of code points, as FTS5's tokenizer counts.
 */
export function trigramMatch(terms: readonly string[]): string {
  const trigrams = new Set<string>();
  for (const term of terms) {
    const points = Array.from(term);
    for (let at = 0; at + 3 <= points.length; at += 1) {
      trigrams.add(points.slice(at, at + 3).join(''));
    }
  }
  if (trigrams.size === 0) throw new Error('A text index search needs a term of 3 characters');
  return [...trigrams].map(quoted).join(' AND ');
}

/**
 * A write that changes nothing but takes the search file's write lock (and no other file's):
 * `BEGIN IMMEDIATE` would lock every attached file.
 */
export const LOCK_SEARCH_FILE = `update ${STATE} set indexed_id = indexed_id where 0`;

/**
 * Attaches the search file of `filename` (or an in-memory one for `:memory:`) to `sqlite` as
 * `search`, creating its tables, and starts the index again when it is ahead of the log file.
 * Synchronous: runs once as the database opens.
 */
export function attachSearchFile(sqlite: SQLite.Database, filename: string): void {
  const memory = filename === ':memory:';
  sqlite
    .prepare(`attach database ? as ${SEARCH_SCHEMA}`)
    .run(memory ? ':memory:' : searchFileOf(filename));
  if (!memory) sqlite.pragma(`${SEARCH_SCHEMA}.journal_mode = WAL`);
  sqlite.pragma(`${SEARCH_SCHEMA}.synchronous = NORMAL`);
  sqlite.exec(`create table if not exists ${STATE} (
    id integer primary key check (id = 1),
    indexed_id integer not null,
    swept_id integer not null default 0
  )`);
  sqlite.exec('begin');
  try {
    sqlite.exec(LOCK_SEARCH_FILE);
    const created = !sqlite
      .prepare(`select 1 from ${SEARCH_SCHEMA}.sqlite_master where name = 'app_logs_fts'`)
      .get();
    const indexedId = sqlite.prepare(`select indexed_id from ${STATE}`).pluck().get();
    if (created || (typeof indexedId === 'number' && indexedId > lastLogId(sqlite))) {
      startIndexAgain(sqlite);
    }
    sqlite.exec('commit');
  } catch (error) {
    sqlite.exec('rollback');
    throw error;
  }
}

/** The highest id `app_logs` ever gave (its AUTOINCREMENT sequence), 0 before the first. */
function lastLogId(sqlite: SQLite.Database): number {
  const sequence = sqlite
    .prepare(`select 1 from main.sqlite_master where name = 'sqlite_sequence'`)
    .get();
  if (!sequence) return 0;
  const seq = sqlite
    .prepare(`select seq from main.sqlite_sequence where name = 'app_logs'`)
    .pluck()
    .get();
  return typeof seq === 'number' ? seq : 0;
}

/** An empty index, watermark 0: the indexer catches up from the first row. */
function startIndexAgain(sqlite: SQLite.Database): void {
  sqlite.exec(`drop table if exists ${SEARCH_SCHEMA}.app_logs_fts`);
  sqlite.exec(`create virtual table ${SEARCH_SCHEMA}.app_logs_fts using ${SEARCH_INDEX_MODULE}`);
  // Merge index segments 16 at a time instead of 4 (decision 002).
  sqlite.exec(
    `insert into ${SEARCH_SCHEMA}.app_logs_fts (app_logs_fts, rank) values ('automerge', 16)`,
  );
  // The terms of a whole chunk in memory before they are written (default 1 MiB): one segment
  // per chunk of the indexer, not several, so less merging (decision 098).
  sqlite.exec(
    `insert into ${SEARCH_SCHEMA}.app_logs_fts (app_logs_fts, rank) values ('hashsize', ${String(SEARCH_INDEX_HASH_BYTES)})`,
  );
  sqlite.exec(`delete from ${STATE}`);
  sqlite.exec(`insert into ${STATE} (id, indexed_id, swept_id) values (1, 0, 0)`);
}
