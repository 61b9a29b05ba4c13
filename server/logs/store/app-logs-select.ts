/**
 * The statement of a log read: `selectLogs` builds the one query every read of the repository
 * runs (a page, a walk step, a chunk of a scan), from a filter and a time range.
 */
import { sql, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { Kysely } from 'kysely';
import type { AppLogsTable, Database } from '../../database/schema';
import { jobPatternOf, SEARCH_WINDOW_US, type LogFilter } from './app-logs-filter';
import { jobNameMatches } from './app-log-job-pattern';
import { logStoreOf } from './log-store-of';
import { fieldConditionSql } from './app-logs-field-conditions';
import { STORED_LOG_COLUMNS } from './app-logs-page';

/** Time range of a query in µs: `lowUs` inclusive, `highUs` exclusive. */
export interface TimeRange {
  lowUs?: number;
  highUs?: number;
}

export function rangeOf(filter: LogFilter): TimeRange {
  const range: TimeRange = {};
  if (filter.sinceUs !== undefined) range.lowUs = filter.sinceUs;
  else if (filter.search) range.lowUs = (filter.beforeUs ?? Date.now() * 1000) - SEARCH_WINDOW_US;
  if (filter.beforeUs !== undefined) range.highUs = filter.beforeUs;
  return range;
}

/**
 * The query of `queryLogs` (the EXPLAIN QUERY PLAN test compiles it). `range` replaces the
 * filter's own time range; `indexTerms` adds the text index candidate restriction, and
 * `deadline` (epoch ms) stops it (see LogStore.searchIndexCandidates); `unordered` leaves out
 * the order, so the first `limit` matches found end it.
 */
export function selectLogs(
  db: Kysely<Database>,
  appId: number,
  filter: LogFilter,
  options: {
    range?: TimeRange;
    indexTerms?: string[];
    deadline?: number;
    unordered?: boolean;
    /** This level only, instead of the filter's minimum (a walk's step, app-logs-walk.ts). */
    level?: number;
    /**
     * The one name of the filter's job pattern this read takes, a column of the statement around
     * it (app-log-job-pattern-walk.ts): instead of the pattern's condition.
     */
    jobName?: RawBuilder<unknown>;
  } = {},
) {
  const store = logStoreOf(db);
  const range = options.range ?? rangeOf(filter);
  const byIndex = options.indexTerms !== undefined && options.indexTerms.length > 0;
  // With index candidates the rows must be found from the candidates, not by walking the
  // (app_id, time_us) index over the whole range: notIndexed keeps the planner off it.
  const appIdRef = byIndex ? store.notIndexed('app_id') : sql.ref('app_id');
  const timeRef = byIndex ? store.notIndexed('time_us') : sql.ref('time_us');
  let query = db.selectFrom('app_logs').select(STORED_LOG_COLUMNS).where(appIdRef, '=', appId);
  if (!byIndex && options.deadline !== undefined) {
    query = query.where(store.withinDeadline(options.deadline));
  }
  if (byIndex) {
    const scope = { appId, lowUs: range.lowUs, highUs: range.highUs };
    query = query.where(
      store.searchIndexCandidates(options.indexTerms ?? [], scope, options.deadline),
    );
  }
  if (range.lowUs !== undefined) query = query.where(timeRef, '>=', range.lowUs);
  if (range.highUs !== undefined) query = query.where(timeRef, '<', range.highUs);
  if (options.level !== undefined) query = query.where('level', '=', options.level);
  else if (filter.minLevel !== undefined) query = query.where('level', '>=', filter.minLevel);
  const pattern = jobPatternOf(filter);
  if (options.jobName !== undefined) query = query.where(sql<SqlBool>`job = ${options.jobName}`);
  else if (pattern !== undefined) {
    const inTime = options.deadline === undefined ? null : store.withinDeadline(options.deadline);
    query = query.where(jobNameMatches(sql.ref('job'), appId, pattern, inTime));
  } else if (filter.job !== undefined) query = query.where('job', '=', filter.job);
  if (filter.search) {
    for (const level of filter.search.exactLevels) query = query.where('level', '=', level);
    if (filter.search.minLevel !== undefined) {
      query = query.where('level', '>=', filter.search.minLevel);
    }
    for (const term of filter.search.terms) query = query.where(store.searchContains(term));
  }
  for (const condition of filter.fields ?? [])
    query = query.where(fieldConditionSql(db, condition));
  if (options.unordered !== true) {
    query = query.orderBy('time_us', filter.sinceUs === undefined ? 'desc' : 'asc');
  }
  return query.limit(filter.limit);
}

export type LogRow = Pick<
  Selectable<AppLogsTable>,
  'id' | 'level' | 'data' | 'context' | 'created_at' | 'time_us'
>;
