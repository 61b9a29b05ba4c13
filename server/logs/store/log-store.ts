/**
 * The engine-specific half of the app log repository, behind one small interface.
 *
 * `app-logs-write.ts` and `app-logs-read.ts` own the rules every engine follows (commit times
 * strictly increasing per app, the filter, the two-step search, the page as JSON text); a
 * `LogStore` owns the SQL only its engine speaks: the append, the batch insert with its search
 * index, the substring test of `q`, the text index lookup with its time budget, and pruning. This
 * file holds the interface only; each engine's store `satisfies` it, and `logStoreOf(db)` (log-store-of.ts) picks one from the engine the
 * database was opened with, for the database or any of its transactions. See
 * docs/decisions/009-storage-encoding-and-log-store-seam.md and 043.
 */
import type { CompiledQuery, Expression, Kysely, RawBuilder, SqlBool } from 'kysely';
import type { AppendedRows, NewLogRow, PendingLogRow, SearchScope } from './app-logs-table';
import type { Database } from '../../database/schema';
import type { SizedLogRow, WalkItem } from './app-logs-sized-rows';

export interface LogStore {
  /**
   * Appends a batch after the app's last entry, with times from `nowUs` on, in one statement:
   * waits for every other ingestion into the app (in any process), reads the app's last time,
   * inserts the rows and counts them into the volume rollup. PostgreSQL: one statement under an
   * advisory lock on the app (decision 033; outside a transaction it commits in the same round
   * trip). SQLite: the same steps in one write transaction, whose write lock already serializes
   * (it reads the clock again once it holds the lock).
   */
  appendRows(
    db: Kysely<Database>,
    appId: number,
    rows: readonly PendingLogRow[],
    nowUs: number,
  ): Promise<AppendedRows>;
  /**
   * Inserts rows of ONE app (times unique, at most 1000) in the caller's transaction, at times
   * chosen by the caller (SQLite's appends; tests, tools and the benchmark's fill). Returns each
   * row's id and time, in any order. Their search index entries come later, off the commit path,
   * from the indexer (decisions 023 and 030); PostgreSQL indexes rows below its per-app watermark
   * at once, since its indexer only looks above it.
   */
  insertRows(
    db: Kysely<Database>,
    rows: readonly NewLogRow[],
  ): Promise<Array<{ id: number; time_us: number }>>;
  /**
   * True when a `q` whose newest rows hold no match asks the text index for a page of matches
   * in any order before it scans on (queryLogs): cheap where the index lookup is (PostgreSQL's
   * trigram GIN: a rare word over 24 h in ~1 ms against ~40 ms for the scan step, decision 029).
   */
  probesIndexFirst: boolean;
  /**
   * Runs a walk of the (app_id, time_us) index (a page without `q`), whose plan does not depend
   * on the values: PostgreSQL plans it once per connection (runWithGenericPlan in postgres.ts).
   * Its rows (SIZED_LOG_COLUMNS, in that order: a page's or a tail's walk) come back as the
   * page's entries, or as the rows whose values wait for the page's cut (WalkItem,
   * app-logs-sized-rows.ts): SQLite reads them as arrays (issue 43).
   */
  runWalk(db: Kysely<Database>, query: CompiledQuery<SizedLogRow>): Promise<WalkItem[]>;
  /** True when the row's lower-cased search text contains `term` (lower-cased): `q`'s rule. */
  searchContains(term: string): Expression<SqlBool>;
  /**
   * Rows whose search text may contain every term (each 3+ characters), found through the text
   * index, and the rows the indexer has not reached yet. Only narrows: `searchContains` still
   * decides. `scope` is the app and range the statement reads (PostgreSQL looks its candidates
   * up there). With a `deadline` (epoch ms) the statement fails past it with an error
   * `searchTimedOut` recognizes.
   */
  searchIndexCandidates(
    terms: readonly string[],
    scope: SearchScope,
    deadline?: number,
  ): Expression<SqlBool>;
  /** True while the clock is before `deadline` (epoch ms); past it, fails as `searchTimedOut`. */
  withinDeadline(deadline: number): Expression<SqlBool>;
  /** True for the error a statement fails with when it ran past its `deadline`. */
  searchTimedOut(error: unknown): boolean;
  /** The column, written so that the planner does not walk its index (the index step). */
  notIndexed(column: 'app_id' | 'time_us'): RawBuilder<number>;
  /** Deletes every entry with `time_us < cutoffUs`; returns how many. */
  prune(db: Kysely<Database>, cutoffUs: number): Promise<number>;
  /** Deletes one app's entries with `time_us < cutoffUs` (retention by size); returns how many. */
  pruneApp(db: Kysely<Database>, appId: number, cutoffUs: number): Promise<number>;
  /** Storage work ahead of time (PostgreSQL: the coming days' partitions); at start and hourly. */
  prepare(db: Kysely<Database>, nowUs: number): Promise<void>;
  /** True for a write refused by the unique (app_id, time_us) index. */
  isDuplicateTime(error: unknown): boolean;
}
