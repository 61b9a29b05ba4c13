/**
 * The app log repository: ingestion, the query of `GET /apps/{app_id}/logs`, and pruning.
 *
 * Hot-path choices (measured in bench/api.ts): rows keep `data` and `context` as JSON text and a
 * page is answered as one JSON string built by concatenation, with no parse + stringify per
 * entry; times are integer microseconds, exposed as `time_us / 1e6`.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AppLogsTable } from './app-logs-table';
import { LOG_LEVELS, type AppLogEntry, type LogIngestBody } from '../../src/api/schemas/app-log';
import type { Database } from './db';
import { lowerBoundUs, SEARCH_WINDOW_US, US_PER_SECOND, type LogFilter } from './app-logs-filter';
import { insertLogRows, searchContains } from './app-logs-sqlite';

export type LogIngestEntry = LogIngestBody['logs'][number];

/** A page of entries as the JSON array text the route sends, and how many it holds. */
export interface LogPage {
  json: string;
  count: number;
}

const ID_WIDTH = 16;

/** Row id → API id: fixed width, so ids sort the same as text and as numbers. */
export function formatLogId(id: number): string {
  return String(id).padStart(ID_WIDTH, '0');
}

/** The text `q` is matched against: data (the string, or its JSON) and context's JSON. */
export function logSearchText(data: unknown, context: unknown): string {
  const dataText = typeof data === 'string' ? data : JSON.stringify(data);
  const contextText = context === null || context === undefined ? '' : JSON.stringify(context);
  return `${dataText}\n${contextText}`.toLowerCase();
}

function jobName(context: Record<string, unknown> | null | undefined): string | null {
  const job = context?.job;
  if (job === null || typeof job !== 'object') return null;
  const name = (job as Record<string, unknown>).name;
  return typeof name === 'string' ? name : null;
}

function isoFromUs(us: number): string {
  return new Date(Math.floor(us / 1000)).toISOString();
}

/** An ingested entry → its row, committed at `timeUs` (the bench fills tables with this too). */
export function toLogRow(
  appId: number,
  entry: LogIngestEntry,
  timeUs: number,
): Insertable<AppLogsTable> {
  return {
    app_id: appId,
    time_us: timeUs,
    level: LOG_LEVELS.indexOf(entry.level),
    job: jobName(entry.context),
    data: JSON.stringify(entry.data),
    context: entry.context ? JSON.stringify(entry.context) : null,
    created_at: entry.created_at ? new Date(entry.created_at).toISOString() : isoFromUs(timeUs),
    search: logSearchText(entry.data, entry.context),
  };
}

/**
 * Stores a batch in one transaction. `time` is the commit time, strictly increasing per app in
 * batch order: the transaction reads the app's last time and continues after it, so a client
 * polling with `since` never misses an entry that commits late. Kysely runs one transaction at
 * a time on the connection, and SQLite serializes writers across processes.
 */
export async function insertLogs(
  db: Kysely<Database>,
  appId: number,
  entries: readonly LogIngestEntry[],
): Promise<AppLogEntry[]> {
  if (entries.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('app_logs')
      .select((eb) => eb.fn.max('time_us').as('last'))
      .where('app_id', '=', appId)
      .executeTakeFirst();
    const lastUs = Number(last?.last ?? 0);
    const firstUs = Math.max(Date.now() * 1000, lastUs + 1);
    const rows = entries.map((entry, index) => toLogRow(appId, entry, firstUs + index));
    const inserted = await insertLogRows(trx, rows);
    // RETURNING order is not guaranteed; times are unique per app, so they map rows back.
    const idByTime = new Map(inserted.map((row) => [Number(row.time_us), row.id]));
    return rows.map((row, index) => {
      const entry = entries[index] as LogIngestEntry;
      return {
        id: formatLogId(idByTime.get(row.time_us) as number),
        level: entry.level,
        data: entry.data,
        context: entry.context ?? null,
        created_at: row.created_at,
        time: row.time_us / US_PER_SECOND,
      };
    });
  });
}

/**
 * The entries of one app matching `filter` (see app-logs-filter.ts for the rules): ascending
 * from `since` when it is given, else newest first; `q` without `since` only searches the 24 h
 * before `before` (or before now).
 */
export async function queryLogs(
  db: Kysely<Database>,
  appId: number,
  filter: LogFilter,
): Promise<LogPage> {
  return pageToJson(await selectLogs(db, appId, filter).execute());
}

/** The query of `queryLogs`, unexecuted (the EXPLAIN QUERY PLAN test compiles it). */
export function selectLogs(db: Kysely<Database>, appId: number, filter: LogFilter) {
  let query = db
    .selectFrom('app_logs')
    .select(['id', 'level', 'data', 'context', 'created_at', 'time_us'])
    .where('app_id', '=', appId);
  const { sinceUs, beforeUs, search } = filter;
  if (sinceUs !== undefined) {
    query = query.where('time_us', '>=', sinceUs);
  } else if (search) {
    const windowEnd = beforeUs ?? Date.now() * 1000;
    query = query.where('time_us', '>=', windowEnd - SEARCH_WINDOW_US);
  }
  if (beforeUs !== undefined) query = query.where('time_us', '<', beforeUs);
  if (filter.minLevel !== undefined) query = query.where('level', '>=', filter.minLevel);
  if (filter.job !== undefined) query = query.where('job', '=', filter.job);
  if (search) {
    for (const level of search.exactLevels) query = query.where('level', '=', level);
    for (const term of search.terms) query = query.where(searchContains(term));
  }
  return query.orderBy('time_us', sinceUs === undefined ? 'desc' : 'asc').limit(filter.limit);
}

type LogRow = Pick<
  Selectable<AppLogsTable>,
  'id' | 'level' | 'data' | 'context' | 'created_at' | 'time_us'
>;

function pageToJson(rows: readonly LogRow[]): LogPage {
  // Built by concatenation: stored JSON goes out as it is; every other part is ours and safe.
  let json = '[';
  for (let i = 0; i < rows.length; i += 1) {
    const row = rows[i] as LogRow;
    if (i > 0) json += ',';
    json += `{"id":"${formatLogId(row.id)}","level":"${LOG_LEVELS[row.level] ?? 'unknown'}","data":${row.data},"context":${row.context ?? 'null'},"created_at":"${row.created_at}","time":${row.time_us / US_PER_SECOND}}`;
  }
  json += ']';
  return { json, count: rows.length };
}

/** Deletes entries older than `olderThanEpochSeconds`, app by app through the (app, time) index. */
export async function pruneLogs(
  db: Kysely<Database>,
  olderThanEpochSeconds: number,
): Promise<number> {
  const cutoffUs = lowerBoundUs(olderThanEpochSeconds);
  const apps = await db.selectFrom('apps').select('id').execute();
  let deleted = 0;
  for (const app of apps) {
    const result = await db
      .deleteFrom('app_logs')
      .where('app_id', '=', app.id)
      .where('time_us', '<', cutoffUs)
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}
