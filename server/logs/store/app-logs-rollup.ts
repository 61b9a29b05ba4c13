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

/** The upsert's SQL by engine and row count: Kysely compiles it once, not once per batch. */
const upsertSqlByShape = new Map<string, string>();

function upsertSql(db: Kysely<Database>, rows: number): string {
  const shape = `${engineOf(db)}:${String(rows)}`;
  let text = upsertSqlByShape.get(shape);
  if (text === undefined) {
    const placeholder = { app_id: 0, job_key: '', minute_us: 0, level: 0, entries: 0, bytes: 0 };
    text = db
      .insertInto('app_log_minutes')
      .values(Array.from({ length: rows }, () => placeholder))
      .onConflict((conflict) =>
        conflict.columns(['app_id', 'job_key', 'minute_us', 'level']).doUpdateSet((eb) => ({
          entries: eb('app_log_minutes.entries', '+', eb.ref('excluded.entries')),
          bytes: eb('app_log_minutes.bytes', '+', eb.ref('excluded.bytes')),
        })),
      )
      .compile().sql;
    // A handful of shapes in practice (a batch's minutes × levels × job keys).
    if (upsertSqlByShape.size > 1_000) upsertSqlByShape.clear();
    upsertSqlByShape.set(shape, text);
  }
  return text;
}

/**
 * Adds a batch of new rows to the rollup, in the caller's transaction: counted here per
 * (app, minute, level), in all and per job, then one upsert (a batch spans a minute or two, so a
 * few rows). Building that statement with Kysely for every batch cost more than running it
 * (the profile in BENCHMARKS.md), so its SQL is compiled once per row count.
 */
export async function addToRollup(db: Kysely<Database>, rows: readonly NewLogRow[]): Promise<void> {
  const counts = new Map<string, AppLogMinutesTable>();
  const count = (row: NewLogRow, job: string | undefined) => {
    const minute = {
      app_id: row.app_id,
      job_key: jobKey(job),
      minute_us: minuteOf(row.time_us),
      level: row.level,
    };
    // `job_key` last: whatever it holds, the key stays unique.
    const key = `${minute.app_id}:${minute.minute_us}:${minute.level}:${minute.job_key}`;
    const counted = counts.get(key);
    const bytes = rowBytes(row);
    if (counted) {
      counted.entries += 1;
      counted.bytes += bytes;
    } else counts.set(key, { ...minute, entries: 1, bytes });
  };
  for (const row of rows) {
    count(row, undefined);
    if (row.job != null) count(row, row.job);
  }
  await addCountsToRollup(db, [...counts.values()]);
}

/**
 * Adds counts (negative ones take out: retention's steps, app-logs-prune-steps.ts) to the rollup
 * with addToRollup's one upsert; at most 5,000 (SQLite's bound parameters).
 */
export async function addCountsToRollup(
  db: Kysely<Database>,
  counts: readonly AppLogMinutesTable[],
): Promise<void> {
  if (counts.length === 0) return;
  const parameters: unknown[] = [];
  for (const minute of counts) {
    for (const column of MINUTE_COLUMNS) parameters.push(minute[column]);
  }
  await db.executeQuery(CompiledQuery.raw(upsertSql(db, counts.length), parameters));
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
