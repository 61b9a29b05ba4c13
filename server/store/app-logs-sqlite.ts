/**
 * The SQLite log store (the LogStore of log-store.ts): the SQL of app logs only SQLite speaks.
 *
 * - Text search: `instr` on the pre-lowered `search` column decides (PostgreSQL:
 *   `strpos(search, $1) > 0`); past the scan budget, candidates come from the contentless FTS5
 *   trigram index `app_logs_fts` (PostgreSQL: a pg_trgm GIN index on `search`). The index only
 *   narrows, `instr` still decides, so both paths answer exactly the same rule. See
 *   docs/decisions/002-log-storage-and-search.md.
 * - Batch inserts skip Kysely's query compiler, which costs more than SQLite itself for a
 *   500-row insert: the statement text is built once per batch size, with `?` placeholders.
 */
import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  sql,
  type Expression,
  type Kysely,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import type { AppLogsTable, NewLogRow } from './app-logs-table';
import type { Database } from './db';
import { removeFromRollup } from './app-logs-rollup';

/** True when the row's lower-cased search text contains `term` (already lower-cased). */
function searchContains(term: string): Expression<SqlBool> {
  return sql<SqlBool>`instr(search, ${term}) > 0`;
}

/**
 * Rows whose search text has every term as a substring, by the FTS5 trigram index; with a
 * `deadline` (epoch ms), both reading the candidates and checking them stop there with
 * SearchTimeoutError. SQLite runs on the event loop and better-sqlite3 cannot interrupt a
 * statement, so this per-row check (`within_deadline`) is what bounds a search's time
 * (PostgreSQL: a `statement_timeout` for the transaction).
 */
function searchIndexCandidates(terms: readonly string[], deadline?: number): Expression<SqlBool> {
  const match = terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(' AND ');
  if (deadline === undefined) {
    return sql<SqlBool>`"id" in (select rowid from app_logs_fts where app_logs_fts match ${match})`;
  }
  return sql<SqlBool>`("id" in (select rowid from app_logs_fts where app_logs_fts match ${match} and within_deadline(${deadline})) and within_deadline(${deadline}))`;
}

function withinDeadline(deadline: number): Expression<SqlBool> {
  return sql<SqlBool>`within_deadline(${deadline})`;
}

/** A search ran past its time budget; thrown from inside the statement by `within_deadline`. */
class SearchTimeoutError extends Error {
  override name = 'SearchTimeoutError';
}

function searchTimedOut(error: unknown): boolean {
  return error instanceof SearchTimeoutError;
}

/** The SQL functions of this store (`within_deadline`), registered on a connection when it opens. */
export function registerLogSqlFunctions(sqlite: SQLite.Database): void {
  sqlite.function('within_deadline', { deterministic: false }, (deadline: unknown) => {
    if (typeof deadline === 'number' && Date.now() >= deadline) {
      throw new SearchTimeoutError('The search ran past its time budget');
    }
    return 1;
  });
}

/** `+column`: the same value, but SQLite's planner will not use an index on it. */
function notIndexed(column: 'app_id' | 'time_us'): RawBuilder<number> {
  return sql<number>`+${sql.ref(column)}`;
}

/** Removes an app's rows older than `cutoffUs` from the FTS index (before deleting them). */
async function deleteFromSearchIndex(
  db: Kysely<Database>,
  appId: number,
  cutoffUs: number,
): Promise<void> {
  await sql`delete from app_logs_fts where rowid in (select id from app_logs where app_id = ${appId} and time_us < ${cutoffUs})`.execute(
    db,
  );
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
      `${Array.from({ length: rows }, () => tuple).join(',')} returning "id", "time_us"`;
    insertSqlBySize.set(rows, text);
  }
  return text;
}

const indexSqlBySize = new Map<number, string>();

function indexSql(rows: number): string {
  let text = indexSqlBySize.get(rows);
  if (text === undefined) {
    text = `insert into app_logs_fts (rowid, search) values ${Array.from({ length: rows }, () => '(?,?)').join(',')}`;
    indexSqlBySize.set(rows, text);
  }
  return text;
}

const INDEX_ID_RANGE_SQL =
  'insert into app_logs_fts (rowid, search) select id, search from app_logs where id between ? and ?';

/**
 * Inserts rows of ONE app (times unique) and their FTS entries; at most 4000 rows (SQLite's
 * 32766 bound parameters). Returns their ids.
 *
 * The FTS rows are copied inside SQLite (`insert … select` over the new ids) instead of binding
 * every search text a second time: 10% less per 500-entry batch (bench in decision 002). That
 * needs the new ids to be one contiguous range, which they are when the statement ran under the
 * write lock; when they are not (never seen), the texts are bound one by one as before.
 */
async function insertLogRows(
  db: Kysely<Database>,
  rows: readonly NewLogRow[],
): Promise<Array<{ id: number; time_us: number }>> {
  const parameters: unknown[] = [];
  for (const row of rows) {
    for (const column of INSERT_COLUMNS) parameters.push(row[column] ?? null);
  }
  const result = await db.executeQuery<{ id: number; time_us: number }>(
    CompiledQuery.raw(insertSql(rows.length), parameters),
  );
  let low = Infinity;
  let high = -Infinity;
  for (const { id } of result.rows) {
    if (id < low) low = id;
    if (id > high) high = id;
  }
  // n distinct ids spanning exactly n values: the range holds these rows and no other.
  if (high - low + 1 === result.rows.length) {
    await db.executeQuery(CompiledQuery.raw(INDEX_ID_RANGE_SQL, [low, high]));
    return result.rows;
  }
  // RETURNING order is not guaranteed: match rows to their search text by time.
  const searchByTime = new Map(rows.map((row) => [row.time_us, row.search]));
  const indexParameters: unknown[] = [];
  for (const { id, time_us } of result.rows) indexParameters.push(id, searchByTime.get(time_us));
  await db.executeQuery(CompiledQuery.raw(indexSql(result.rows.length), indexParameters));
  return result.rows;
}

/**
 * Deletes entries older than `cutoffUs`, app by app through the (app_id, time_us) index, with
 * their search index entries and their counts in the volume rollup.
 */
async function prune(db: Kysely<Database>, cutoffUs: number): Promise<number> {
  const apps = await db.selectFrom('apps').select('id').execute();
  let deleted = 0;
  for (const app of apps) {
    deleted += await db.transaction().execute(async (trx) => {
      await deleteFromSearchIndex(trx, app.id, cutoffUs);
      await removeFromRollup(trx, { cutoffUs, appId: app.id });
      const result = await trx
        .deleteFrom('app_logs')
        .where('app_id', '=', app.id)
        .where('time_us', '<', cutoffUs)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }
  return deleted;
}

/** Nothing to lock: ingestion's `BEGIN IMMEDIATE` already holds the one write lock of the file. */
function lockApp(): Promise<void> {
  return Promise.resolve();
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

/** The LogStore of log-store.ts for SQLite (checked against the interface there). */
export const sqliteLogStore = {
  lockApp,
  insertRows: insertLogRows,
  searchContains,
  searchIndexCandidates,
  withinDeadline,
  searchTimedOut,
  notIndexed,
  prune,
  prepare,
  isDuplicateTime,
};
