import type { Generated, Insertable } from 'kysely';

/**
 * The `app_logs` table. Rows are shaped for the hot read path: `data` and `context` are kept
 * as the JSON text the response is built from, so a page of entries is written by string
 * concatenation instead of parse + stringify per entry.
 */
export interface AppLogsTable {
  /** Autoincrement row id; exposed as a fixed-width string so ids sort as text and as numbers. */
  id: Generated<number>;
  /** `apps.id`; cascades on delete. */
  app_id: number;
  /**
   * Commit time in integer microseconds since the epoch, strictly increasing per app. The API's
   * float `time` is `time_us / 1e6`, which round-trips exactly through JSON.
   */
  time_us: number;
  /** Rank of the level in LOG_LEVELS (debug = 0 … unknown = 5), so "at least" is a range. */
  level: number;
  /** `context.job.name` when it is a string, else null: the `job` filter's indexed column. */
  job: string | null;
  /** JSON text of `data` (an object, or a JSON string literal when data is a string). */
  data: string;
  /** JSON text of `context`, or null. */
  context: string | null;
  /** Producer's event time as an ISO 8601 UTC string (defaults to the commit time). */
  created_at: string;
  /** Lower-cased text of data and context that `q` is matched against (see searchText in app-logs.ts). */
  search: string;
}

/** A row to insert: what `toLogRow` in app-logs.ts builds from an ingested entry. */
export type NewLogRow = Insertable<AppLogsTable>;

/**
 * An ingested entry's row before its commit time is decided (under the app's lock):
 * `created_at` null stands for the commit time.
 */
export type PendingLogRow = Omit<NewLogRow, 'time_us' | 'created_at'> & {
  created_at: string | null;
};

/**
 * A batch appended after its app's last entry: the rows' times are `firstUs`, `firstUs + 1`, …
 * in batch order, `ids` their row ids in that order, `previousUs` the app's last time before.
 */
export interface AppendedRows {
  previousUs: number;
  firstUs: number;
  ids: readonly number[];
}

/** The app and time range (µs, `lowUs` inclusive, `highUs` exclusive) a search looks in. */
export interface SearchScope {
  appId: number;
  lowUs?: number;
  highUs?: number;
}

/**
 * The `app_log_minutes` rollup (migration 005, app-logs-rollup.ts): how many of an app's entries
 * of one level fall into one minute, in all and per job. Written with the rows, in the same
 * transactions.
 */
export interface AppLogMinutesTable {
  app_id: number;
  /** '' counts every entry; '=' and a job's name counts that job's entries (jobKey()). */
  job_key: string;
  /** The minute's first µs (a multiple of 60,000,000). */
  minute_us: number;
  /** Rank of the level, as `app_logs.level`. */
  level: number;
  entries: number;
  /** Their stored size: the length of `data`, `context` and `search` (migration 011, rowBytes). */
  bytes: number;
}
