/**
 * The SQLite log store (the LogStore of log-store.ts): the SQL of app logs only SQLite speaks.
 *
 * - Text search: `instr` on the pre-lowered `search` column decides (PostgreSQL:
 *   `strpos(search, $1) > 0`); past the scan budget, candidates come from the contentless FTS5
 *   trigram index `search.app_logs_fts` (detail=none, asked for every trigram of the terms:
 *   trigramMatch, decision 098; PostgreSQL: a pg_trgm GIN index on `search`). The
 *   index only narrows, `instr` still decides, so both paths answer exactly the same rule. See
 *   docs/decisions/002-log-storage-and-search.md.
 * - The index is filled off the ingestion's commit path (log-search-indexer.ts, decision 023):
 *   rows with an id up to the watermark in `search.app_logs_fts_state` are in it, the rows above
 *   are candidates too (and the index step checks them with `instr` like every other), so a
 *   search answers the same whatever the indexer's lag. Index and watermark live in the search
 *   file (log-search-file.ts, decision 032); index rows of deleted log rows may linger there,
 *   which changes no answer: ids are never reused and `instr` checks the row.
 * - Batch inserts skip Kysely's query compiler, which costs more than SQLite itself for a
 *   500-row insert: the statement text is built once per batch size, with `?` placeholders;
 *   ingestion's append runs it on the connection's prepared statement (decision 094).
 */
import {
  CompiledQuery,
  sql,
  type Expression,
  type Kysely,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import type { AppendedRows, NewLogRow, PendingLogRow, SearchScope } from './app-logs-table';
import type { AppLogsTable } from '../../database/schema';
import type { Database } from '../../database/schema';
import { StatementDeadlineError } from '../../database/sqlite';
import { inSqliteWriteTransaction } from '../../database/sqlite-write-lock';
import { rollupCounts, upsertParameters, upsertSql } from './app-logs-rollup';
import { onSqliteConnection } from '../../database/sqlite-connection';
import { trigramMatch } from '../../database/log-search-file';
import { pruneAppInSteps } from './app-logs-prune-steps';
import { placedRow } from './app-logs-rows';
import {
  SIZED_LOG_COLUMNS,
  walkItemOfColumns,
  type SizedLogRow,
  type WalkItem,
} from './app-logs-sized-rows';
import type SQLite from 'better-sqlite3';
import type { LogStore } from './log-store';

/** True when the row's lower-cased search text contains `term` (already lower-cased). */
function searchContains(term: string): Expression<SqlBool> {
  return sql<SqlBool>`instr(search, ${term}) > 0`;
}

/** Rows the indexer has not reached yet: above the watermark (decision 023). */
const NOT_YET_INDEXED = sql<SqlBool>`"id" > (select indexed_id from search.app_logs_fts_state)`;

/**
 * Rows whose search text has every term as a substring, by the FTS5 trigram index, and the rows
 * not indexed yet; with a `deadline` (epoch ms), both reading the candidates and checking them
 * stop there with StatementDeadlineError (sqlite.ts). SQLite runs on the event loop and better-sqlite3 cannot
 * interrupt a statement, so this per-row check (`within_deadline`) is what bounds a search's
 * time (PostgreSQL: a `statement_timeout` for the transaction). The watermark is read by the
 * same statement, so index and rows are one snapshot. The scope is the outer statement's own
 * (SQLite plans the rowid lookups from the FTS candidates without it).
 */
function searchIndexCandidates(
  terms: readonly string[],
  _scope: SearchScope,
  deadline?: number,
): Expression<SqlBool> {
  // Every trigram of every term (the index is detail=none: no phrases; decision 098).
  const match = trigramMatch(terms);
  if (deadline === undefined) {
    return sql<SqlBool>`("id" in (select rowid from search.app_logs_fts where app_logs_fts match ${match}) or ${NOT_YET_INDEXED})`;
  }
  return sql<SqlBool>`(("id" in (select rowid from search.app_logs_fts where app_logs_fts match ${match} and within_deadline(${deadline})) or ${NOT_YET_INDEXED}) and within_deadline(${deadline}))`;
}

function withinDeadline(deadline: number): Expression<SqlBool> {
  return sql<SqlBool>`within_deadline(${deadline})`;
}

function searchTimedOut(error: unknown): boolean {
  return error instanceof StatementDeadlineError;
}

/** `+column`: the same value, but SQLite's planner will not use an index on it. */
function notIndexed(column: 'app_id' | 'time_us'): RawBuilder<number> {
  return sql<number>`+${sql.ref(column)}`;
}

const INSERT_COLUMNS = [
  'app_id',
  'time_us',
  'level',
  'job',
  'data',
  'context',
  'created_at',
  'search',
] as const satisfies ReadonlyArray<keyof AppLogsTable>;

const insertSqlBySize = new Map<number, string>();

function insertSql(rows: number): string {
  let text = insertSqlBySize.get(rows);
  if (text === undefined) {
    const tuple = `(${INSERT_COLUMNS.map(() => '?').join(',')})`;
    text =
      `insert into "app_logs" (${INSERT_COLUMNS.map((c) => `"${c}"`).join(',')}) values ` +
      Array.from({ length: rows }, () => tuple).join(',');
    insertSqlBySize.set(rows, text);
  }
  return text;
}

/**
 * The values `insertSql(rows.length)` binds, row by row in INSERT_COLUMNS order. Written out
 * property by property: a lookup by column name per value (4,000 per batch) was 4 % of
 * ingestion's CPU (issue 43).
 */
function insertParameters(rows: readonly NewLogRow[]): unknown[] {
  const parameters = new Array<unknown>(rows.length * INSERT_COLUMNS.length);
  let at = 0;
  for (const row of rows) {
    parameters[at] = row.app_id;
    parameters[at + 1] = row.time_us;
    parameters[at + 2] = row.level;
    parameters[at + 3] = row.job ?? null;
    parameters[at + 4] = row.data;
    parameters[at + 5] = row.context ?? null;
    parameters[at + 6] = row.created_at;
    parameters[at + 7] = row.search;
    at += INSERT_COLUMNS.length;
  }
  return parameters;
}

/**
 * The ids of a batch inserted by one statement, in VALUES order, from the last rowid. No
 * `returning`: the caller holds the one write lock and AUTOINCREMENT gives the rows of one
 * statement consecutive ids in VALUES order, so nothing is left to read back (0.82× the time of
 * a batch with `returning`, BENCHMARKS.md).
 */
function insertedIds(lastInsertRowid: number | bigint | undefined, count: number): number[] {
  if (lastInsertRowid === undefined) throw new Error('The log insert reported no row id');
  const firstId = Number(lastInsertRowid) - count + 1;
  return Array.from({ length: count }, (_row, index) => firstId + index);
}

/**
 * Inserts rows of ONE app (times unique); at most 4000 rows (SQLite's 32766 bound parameters).
 * Returns their ids. Their search index entries are written later, off the commit path, by the
 * indexer (log-search-indexer.ts); until then a search scans them (searchIndexCandidates).
 */
async function insertRows(
  db: Kysely<Database>,
  rows: readonly NewLogRow[],
): Promise<Array<{ id: number; time_us: number }>> {
  const { insertId } = await db.executeQuery(
    CompiledQuery.raw(insertSql(rows.length), insertParameters(rows)),
  );
  const ids = insertedIds(insertId, rows.length);
  return rows.map((row, index) => ({ id: ids[index] ?? 0, time_us: row.time_us }));
}

/** The app's last time (µs), bound to its id. */
export const LAST_TIME_SQL = 'select max("time_us") as "last" from "app_logs" where "app_id" = ?';

/**
 * The app's last time, then the rows after it with their counts in the volume rollup, in one
 * write transaction: its write lock (`BEGIN IMMEDIATE`, taken first) serializes every ingestion
 * into the file, in any process. The clock is read once the lock is held, so a batch that waited
 * for it still commits at about its commit time.
 *
 * Inside the transaction the three statements run on the connection's prepared statements
 * (sqlite-connection.ts), back to back: through Kysely's driver, freezing the 4,000 values of a
 * 500-row insert and its promise per statement were ~6 % of ingestion's CPU (issue 43, decision
 * 094). The texts are the ones Kysely compiles (app-logs-sqlite.test.ts holds them equal).
 */
async function appendRows(
  db: Kysely<Database>,
  appId: number,
  pending: readonly PendingLogRow[],
): Promise<AppendedRows> {
  return inSqliteWriteTransaction(db, (trx) =>
    onSqliteConnection(trx, (prepare): AppendedRows => {
      const [last] = prepare(LAST_TIME_SQL).all([appId]) as Array<{ last: number | null }>;
      const previousUs = last?.last ?? 0;
      const firstUs = Math.max(Date.now() * 1000, previousUs + 1);
      const rows = pending.map((row, index) => placedRow(row, firstUs + index));
      const { lastInsertRowid } = prepare(insertSql(rows.length)).run(insertParameters(rows));
      const counts = rollupCounts(rows);
      if (counts.length > 0) {
        prepare(upsertSql('sqlite', counts.length)).run(upsertParameters(counts));
      }
      return { previousUs, firstUs, ids: insertedIds(lastInsertRowid, rows.length) };
    }),
  );
}

/** Statements whose columns were checked against a walk's (once each). */
const walkStatements = new WeakSet<SQLite.Statement>();

/** The columns every walk step selects: a page's or a tail's sized rows (issue 42). */
const WALK_COLUMNS = SIZED_LOG_COLUMNS.join();

/**
 * A page's walk statement, on the connection's prepared statement (decision 094), its rows read
 * as arrays: better-sqlite3 builds a row object by looking up and setting each column's name,
 * which was most of the 14 % of a page's CPU this read took (issue 43); an array row is built
 * without names, and made into the page's entry at once (or, a row whose values wait for the
 * page's cut, into the few columns that cut needs: walkItemOfColumns). The statement is the
 * cache's, shared with Kysely's driver, so it reads objects again before anything else runs on it.
 */
function runWalk(db: Kysely<Database>, query: CompiledQuery<SizedLogRow>): Promise<WalkItem[]> {
  return onSqliteConnection(db, (prepare) => {
    const statement = prepare(query.sql);
    if (!walkStatements.has(statement)) {
      const names = statement.columns().map((column) => column.name);
      if (names.join() !== WALK_COLUMNS) {
        throw new Error(`A walk reads ${names.join()}, not ${WALK_COLUMNS}`);
      }
      walkStatements.add(statement);
    }
    statement.raw(true);
    try {
      return (statement.all(query.parameters) as unknown[][]).map(walkItemOfColumns);
    } finally {
      statement.raw(false);
    }
  });
}

/**
 * Deletes entries older than `cutoffUs`, app by app through the (app_id, time_us) index, with
 * their counts in the volume rollup, in bounded steps with a turn between (app-logs-prune-steps.ts).
 * Each step is one write transaction that waits for the write lock on a timer, not in SQLite's
 * busy handler (which sleeps on the event loop while another process writes; decision 031); when
 * the lock stays held it throws DatabaseBusyError with that step untouched, and the next
 * retention run deletes what is left. Their
 * search index rows are the indexer's to drop (log-search-indexer.ts): the search file is
 * written by it alone (decision 032).
 */
async function prune(db: Kysely<Database>, cutoffUs: number): Promise<number> {
  const apps = await db.selectFrom('apps').select('id').execute();
  let deleted = 0;
  for (const app of apps) deleted += await pruneApp(db, app.id, cutoffUs);
  return deleted;
}

/** One app's share of `prune`: its entries older than `cutoffUs` (retention by size too). */
function pruneApp(db: Kysely<Database>, appId: number, cutoffUs: number): Promise<number> {
  return pruneAppInSteps(db, appId, cutoffUs);
}

/** Nothing to prepare: the table is not partitioned. */
function prepare(): Promise<void> {
  return Promise.resolve();
}

function isDuplicateTime(error: unknown): boolean {
  return (
    error !== null &&
    typeof error === 'object' &&
    'code' in error &&
    error.code === 'SQLITE_CONSTRAINT_UNIQUE'
  );
}

/** The LogStore of log-store.ts for SQLite. */
export const sqliteLogStore = {
  appendRows,
  insertRows,
  probesIndexFirst: false,
  runWalk,
  searchContains,
  searchIndexCandidates,
  withinDeadline,
  searchTimedOut,
  notIndexed,
  prune,
  pruneApp,
  prepare,
  isDuplicateTime,
} satisfies LogStore;
