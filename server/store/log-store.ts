/**
 * The engine-specific half of the app log repository, behind one small interface.
 *
 * `app-logs.ts` owns the rules every engine follows (commit times strictly increasing per app,
 * the filter, the two-step search, the page as JSON text); a `LogStore` owns the SQL only its
 * engine speaks: the batch insert with its search index, the substring test of `q`, the text
 * index lookup with its time budget, and pruning. `logStoreOf(db)` picks the implementation from
 * the dialect the database was opened with (`openDatabase` in db.ts), for the database or any of
 * its transactions. See docs/decisions/009-storage-encoding-and-log-store-seam.md.
 */
import { SqliteAdapter, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { NewLogRow } from './app-logs-table';
import { sqliteLogStore } from './app-logs-sqlite';
import type { Database } from './db';

export interface LogStore {
  /**
   * Inserts rows of ONE app (times unique, at most 1000) and their search index entries, in the
   * caller's transaction. Returns each row's id and time, in any order.
   */
  insertRows(
    db: Kysely<Database>,
    rows: readonly NewLogRow[],
  ): Promise<Array<{ id: number; time_us: number }>>;
  /** True when the row's lower-cased search text contains `term` (lower-cased): `q`'s rule. */
  searchContains(term: string): Expression<SqlBool>;
  /**
   * Rows whose search text may contain every term (each 3+ characters), found through the text
   * index. Only narrows: `searchContains` still decides. With a `deadline` (epoch ms) the
   * statement fails past it with an error `searchTimedOut` recognizes.
   */
  searchIndexCandidates(terms: readonly string[], deadline?: number): Expression<SqlBool>;
  /** True for the error a statement fails with when it ran past its `deadline`. */
  searchTimedOut(error: unknown): boolean;
  /** The column, written so that the planner does not walk its index (the index step). */
  notIndexed(column: 'app_id' | 'time_us'): RawBuilder<number>;
  /** Deletes every entry with `time_us < cutoffUs`; returns how many. */
  prune(db: Kysely<Database>, cutoffUs: number): Promise<number>;
}

/** The log store of the engine `db` (or the transaction) runs on. */
export function logStoreOf(db: Kysely<Database>): LogStore {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof SqliteAdapter) return sqliteLogStore;
  throw new Error(`No log store for the ${adapter.constructor.name} dialect`);
}
