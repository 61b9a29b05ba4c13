/**
 * The log volume rollup (`app_log_minutes`, migration 005, decision 024): entries per app,
 * minute and level, in all and per job, kept exact by the writers of `app_logs` in their own
 * transactions: ingestion adds each batch with one upsert, retention takes out what it deletes.
 * The volume route (app-logs-volume.ts) sums it instead of counting every row of the range.
 */
import { CompiledQuery, sql, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { NewLogRow } from './app-logs-table';
import type { AppLogMinutesTable } from '../../database/schema';
import type { Database } from '../../database/schema';
import { engineOf } from '../../database/engine';

export const MINUTE_US = 60_000_000;

/** The rollup's `job_key` of a `job` filter; '' (no filter) counts every entry. */
export function jobKey(job: string | undefined): string {
  return job === undefined ? '' : `=${job}`;
}

/** The first µs of the minute holding `timeUs` (times are positive). */
export function minuteOf(timeUs: number): number {
  return timeUs - (timeUs % MINUTE_US);
}

/** The rollup's columns in the order the upsert binds them. */
const MINUTE_COLUMNS = ['app_id', 'job_key', 'minute_us', 'level', 'entries', 'bytes'] as const;

/**
 * A row's stored size, as the rollup counts it (migration 011): the length of the texts it is
 * stored as. SQL's `length` counts characters, as JavaScript's does (but for characters outside
 * the BMP, which JavaScript counts twice): close enough for a quota.
 */
export function rowBytes(row: { data: string; context?: string | null; search: string }): number {
  return row.data.length + (row.context?.length ?? 0) + row.search.length;
}

/** `rowBytes` in SQL, for rows of `app_logs` (PostgreSQL stores data and context as json). */
export function rowBytesSql(db: Kysely<Database>) {
  return engineOf(db) === 'postgres'
    ? sql<number>`length(app_logs.data::text) + coalesce(length(app_logs.context::text), 0) + length(app_logs.search)`
    : sql<number>`length(app_logs.data) + coalesce(length(app_logs.context), 0) + length(app_logs.search)`;
}

/** The upsert's SQL by engine and row count, built once per shape. */
const upsertSqlByShape = new Map<string, string>();

/** The conflict clause: a minute already counted adds the batch's counts to its own. */
const UPSERT_CONFLICT =
  ' on conflict ("app_id", "job_key", "minute_us", "level") do update set ' +
  '"entries" = "app_log_minutes"."entries" + "excluded"."entries", ' +
  '"bytes" = "app_log_minutes"."bytes" + "excluded"."bytes"';

/**
 * The upsert of `rows` minutes, text as Kysely compiles it (app-logs-rollup.test.ts holds them
 * equal) but written out here: a batch's number of minutes × levels × job keys varies from batch
 * to batch, and Kysely's compile of a new count was about 1.3 % of ingestion's CPU (issue 43).
 */
export function upsertSql(engine: 'sqlite' | 'postgres', rows: number): string {
  const shape = `${engine}:${String(rows)}`;
  let text = upsertSqlByShape.get(shape);
  if (text === undefined) {
    const tuples: string[] = [];
    for (let row = 0; row < rows; row += 1) {
      const marks = MINUTE_COLUMNS.map((_column, index) =>
        engine === 'postgres' ? `$${String(row * MINUTE_COLUMNS.length + index + 1)}` : '?',
      );
      tuples.push(`(${marks.join(', ')})`);
    }
    text =
      `insert into "app_log_minutes" (${MINUTE_COLUMNS.map((c) => `"${c}"`).join(', ')}) ` +
      `values ${tuples.join(', ')}${UPSERT_CONFLICT}`;
    // A few hundred shapes in practice (a batch's minutes × levels × job keys).
    if (upsertSqlByShape.size > 1_000) upsertSqlByShape.clear();
    upsertSqlByShape.set(shape, text);
  }
  return text;
}

/** One app's counts of a batch: in all, and per job name; each by `minute_us + level`. */
interface AppCounts {
  all: Map<number, AppLogMinutesTable>;
  jobs: Map<string, Map<number, AppLogMinutesTable>>;
}

/**
 * Adds a batch of new rows to the rollup, in the caller's transaction: counted here per
 * (app, minute, level), in all and per job, then one upsert (a batch spans a minute or two, so a
 * few rows). Building that statement with Kysely for every batch cost more than running it
 * (the profile in BENCHMARKS.md), so its SQL is compiled once per row count. The counts are
 * found by the rows' own numbers and job names, so a row allocates nothing but the first count
 * of its minute (issue 43: a key string and an object per row made this ~6 % of the service's
 * busy time in the ingestion profile, docs/benchmarks-history.md). A level is
 * below MINUTE_US, so `minute_us + level` tells every (minute, level) apart.
 */
export async function addToRollup(db: Kysely<Database>, rows: readonly NewLogRow[]): Promise<void> {
  await addCountsToRollup(db, rollupCounts(rows));
}

/** A batch's counts for addToRollup's upsert, in first-seen order (as the upsert binds them). */
export function rollupCounts(rows: readonly NewLogRow[]): AppLogMinutesTable[] {
  const counts: AppLogMinutesTable[] = [];
  const byApp = new Map<number, AppCounts>();
  const tally = (
    slots: Map<number, AppLogMinutesTable>,
    row: NewLogRow,
    job: string | null,
    minuteUs: number,
    bytes: number,
  ) => {
    const counted = slots.get(minuteUs + row.level);
    if (counted) {
      counted.entries += 1;
      counted.bytes += bytes;
      return;
    }
    const minute: AppLogMinutesTable = {
      app_id: row.app_id,
      job_key: jobKey(job ?? undefined),
      minute_us: minuteUs,
      level: row.level,
      entries: 1,
      bytes,
    };
    slots.set(minuteUs + row.level, minute);
    counts.push(minute);
  };
  let app: AppCounts | undefined;
  for (const row of rows) {
    if (app === undefined || app !== byApp.get(row.app_id)) {
      app = byApp.get(row.app_id);
      if (app === undefined) {
        app = { all: new Map(), jobs: new Map() };
        byApp.set(row.app_id, app);
      }
    }
    const minuteUs = minuteOf(row.time_us);
    const bytes = rowBytes(row);
    tally(app.all, row, null, minuteUs, bytes);
    if (row.job != null) {
      let slots = app.jobs.get(row.job);
      if (slots === undefined) {
        slots = new Map();
        app.jobs.set(row.job, slots);
      }
      tally(slots, row, row.job, minuteUs, bytes);
    }
  }
  return counts;
}

/**
 * The most rows one upsert binds: 30,000 values, within SQLite's 32,766 bound parameters and
 * PostgreSQL's 65,535 (past it the protocol's 16-bit count wraps: "bind message has 554 parameter
 * formats but 0 parameters").
 */
export const MAX_ROLLUP_ROWS_PER_UPSERT = 5_000;

/**
 * Adds counts (negative ones take out: retention's steps, app-logs-prune-steps.ts) to the rollup
 * with addToRollup's upsert, one per 5,000 rows (a request's batch is one; a bulk fill, more).
 */
export async function addCountsToRollup(
  db: Kysely<Database>,
  counts: readonly AppLogMinutesTable[],
): Promise<void> {
  for (let start = 0; start < counts.length; start += MAX_ROLLUP_ROWS_PER_UPSERT) {
    const part =
      counts.length <= MAX_ROLLUP_ROWS_PER_UPSERT
        ? counts
        : counts.slice(start, start + MAX_ROLLUP_ROWS_PER_UPSERT);
    await db.executeQuery(
      CompiledQuery.raw(upsertSql(engineOf(db), part.length), upsertParameters(part)),
    );
  }
}

/** The values `upsertSql(engine, counts.length)` binds, in its order. */
export function upsertParameters(counts: readonly AppLogMinutesTable[]): unknown[] {
  const parameters: unknown[] = [];
  for (const minute of counts) {
    for (const column of MINUTE_COLUMNS) parameters.push(minute[column]);
  }
  return parameters;
}

/**
 * Takes the rows with `time_us < cutoffUs` (of one app, or of every app) out of the rollup: whole
 * minutes before the cutoff go, the cutoff's own minute loses the rows before the cutoff. Call it
 * in the transaction that deletes those rows, before the delete. `fromUs` (a minute's start)
 * limits it to rows at or after that time (a dropped PostgreSQL day partition).
 */
export async function removeFromRollup(
  db: Kysely<Database>,
  range: { cutoffUs: number; appId?: number; fromUs?: number },
): Promise<void> {
  const { cutoffUs, appId, fromUs } = range;
  const cutoffMinute = minuteOf(cutoffUs);
  let whole = db.deleteFrom('app_log_minutes').where('minute_us', '<', cutoffMinute);
  if (appId !== undefined) whole = whole.where('app_id', '=', appId);
  if (fromUs !== undefined) whole = whole.where('minute_us', '>=', fromUs);
  await whole.execute();
  if (cutoffMinute === cutoffUs) return;
  // The cutoff's minute: each (app, job_key, level) of it loses its rows before the cutoff.
  const removed = (eb: ExpressionBuilder<Database, 'app_log_minutes'>) =>
    eb
      .selectFrom('app_logs')
      .whereRef('app_logs.app_id', '=', 'app_log_minutes.app_id')
      .where('app_logs.time_us', '>=', cutoffMinute)
      .where('app_logs.time_us', '<', cutoffUs)
      .whereRef('app_logs.level', '=', 'app_log_minutes.level')
      .where(
        sql<SqlBool>`(app_log_minutes.job_key = '' or '=' || app_logs.job = app_log_minutes.job_key)`,
      );
  let partial = db
    .updateTable('app_log_minutes')
    .set((eb) => ({
      entries: eb(
        'entries',
        '-',
        removed(eb).select((inner) => inner.fn.countAll<number>().as('n')),
      ),
      bytes: eb(
        'bytes',
        '-',
        removed(eb).select(sql<number>`coalesce(sum(${rowBytesSql(db)}), 0)`.as('n')),
      ),
    }))
    .where('minute_us', '=', cutoffMinute);
  if (appId !== undefined) partial = partial.where('app_id', '=', appId);
  await partial.execute();
  let empty = db
    .deleteFrom('app_log_minutes')
    .where('minute_us', '=', cutoffMinute)
    .where('entries', '<=', 0);
  if (appId !== undefined) empty = empty.where('app_id', '=', appId);
  await empty.execute();
}
