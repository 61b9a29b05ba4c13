/**
 * The reads of the app log repository: the query planner of `GET /apps/{app_id}/logs` (a walk
 * without `q`; with `q` a scan step, then the text index) and a waiting tail's page. The writes
 * are in app-logs-write.ts.
 *
 * Hot-path choices (measured in bench/api.ts): rows keep `data` and `context` as JSON text and a
 * page is answered as one JSON string built by concatenation, with no parse + stringify per
 * entry; times are integer microseconds, exposed as `time_us / 1e6`.
 */
import type { CompiledQuery, Kysely } from 'kysely';
import { PATTERN_WALK_NAME, selectPatternWalkStep } from './app-log-job-pattern-walk';
import type { Database } from '../../database/schema';
import { jobPatternOf, type LogFilter } from './app-logs-filter';
import { rangeOf, selectLogs, type LogRow, type TimeRange } from './app-logs-select';
import { logStoreOf } from './log-store-of';
import { walkLogs } from './app-logs-walk';
import { plainWalkStepQuery } from './app-logs-walk-sql';
import { SearchBudgetExhausted } from '../../database/search-budget-exhausted';
import {
  pageEntryOf,
  pageOfEntries,
  walkEntryOf,
  type LogPage,
  type PageEntry,
} from './app-logs-page';
import { engineOf } from '../../database/engine';
import { firstMatches, matchingRowsInChunks, type ChunkQueries } from './app-logs-chunked-read';
import { outOfTime } from './work-slices';
import { LOG_FIELD_SCAN_ROWS, LOG_PAGE_BYTES_MAX } from '../../../contract/schemas/app-log';

/** Terms a trigram index (every engine's text index) can look up: 3 characters or more. */
export function indexableTerms(terms: readonly string[]): string[] {
  return terms.filter((term) => Array.from(term).length >= 3);
}

/**
 * How many of the newest rows of the range (oldest with `since`) a `q` query scans before it
 * asks the text index for the rest: common words are found within the scan, rare ones through
 * the index. Chosen by measurement (bench/api.ts, decision 002).
 */
export const SEARCH_SCAN_BUDGET = 20_000;

/**
 * How long the index step of a `q` may run: past it the search stops with a 400 rather than hold
 * the event loop (and every other request) for seconds. Measured searches take ≤ 16 ms p99
 * (decision 002); the scan step is bounded by SEARCH_SCAN_BUDGET rows and needs no clock.
 */
export const SEARCH_TIME_BUDGET_MS = 500;

/**
 * On an engine that `probesIndexFirst`: the newest rows a `q` scans before it decides. No match
 * among them marks a rare word, which the text index answers at once (decision 029).
 */
const PROBE_SAMPLE_ROWS = 2000;

export interface QueryOptions {
  /** Rows scanned before the text index is used; Infinity: scan only, 0: index only. */
  scanBudget?: number;
  /** Time the index step of a `q` may take (ms; default SEARCH_TIME_BUDGET_MS). */
  timeBudgetMs?: number;
  /** Time a page without `q` may take in all (ms; default WALK_TIME_BUDGET_MS). */
  walkTimeBudgetMs?: number;
  /**
   * Rows of the range a page with field conditions and no `q` reads at most (decision 076);
   * default LOG_FIELD_SCAN_ROWS, Infinity: the whole range (a waiting tail's page).
   */
  fieldScanRows?: number;
  /** Most bytes of the page's JSON (default LOG_PAGE_BYTES_MAX; issue 42). */
  pageBytes?: number;
}

/** Entries in answer order, and where a bounded read of field conditions stopped. */
export interface QueriedEntries {
  entries: PageEntry[];
  /** The time (µs) to ask again from for the rest of the range (LogPage.scannedUntilUs). */
  scannedUntilUs?: number;
}

/**
 * The entries of one app matching `filter` (see logs/routes/log-query-params.ts for the rules):
 * ascending from `since` when it is given, else newest first; `q` without `since` only searches the 24 h
 * before `before` (or before now).
 *
 * A `q` with a word of 3+ characters is answered in two steps: a scan of the first
 * `scanBudget` rows of the range in answer order; if that does not fill the page, the rest of
 * the range through the engine's text index (every candidate is still checked with the scan's
 * own predicate, so both steps answer exactly the same rule). On an engine that
 * `probesIndexFirst`, the scan starts with PROBE_SAMPLE_ROWS rows; when none matches, the text
 * index is asked for a page of matches in the rest in any order: fewer than a page are all there
 * are (rare words answer from there); otherwise the steps go on.
 */
export async function queryLogs(
  db: Kysely<Database>,
  appId: number,
  filter: LogFilter,
  options: QueryOptions = {},
): Promise<LogPage> {
  const { entries, scannedUntilUs } = await queryBoundedEntries(db, appId, filter, options);
  const page = pageOfEntries(entries, options.pageBytes ?? LOG_PAGE_BYTES_MAX);
  // A page cut by its bytes goes on from its last entry, which is before the scan's end.
  if (scannedUntilUs !== undefined && page.cut !== true) page.scannedUntilUs = scannedUntilUs;
  return page;
}

/**
 * A walk step's statement: with a job pattern, each matched name's first rows, merged. The
 * deadline goes into the statement, checked per row, only when it may read rows it does not
 * return (a job pattern, field conditions); otherwise it reads at most `limit` rows of one index
 * range in order (held by the EXPLAIN QUERY PLAN tests), and walkLogs reads the clock after it;
 * its text is compiled once per shape (app-logs-walk-sql.ts).
 */
function walkStepQuery(
  db: Kysely<Database>,
  appId: number,
  filter: LogFilter,
  step: { level: number | undefined; deadline: number; range: TimeRange },
): CompiledQuery<LogRow> {
  const pattern = jobPatternOf(filter);
  if (pattern !== undefined) {
    const perName = selectLogs(db, appId, filter, { ...step, jobName: PATTERN_WALK_NAME });
    return selectPatternWalkStep(db, appId, filter, pattern, step, perName);
  }
  const { level, range, deadline } = step;
  if ((filter.fields?.length ?? 0) > 0) {
    return selectLogs(db, appId, filter, { level, range, deadline }).compile();
  }
  const plain = { appId, filter, level, lowUs: range.lowUs, highUs: range.highUs };
  return plainWalkStepQuery(db, plain, () =>
    selectLogs(db, appId, filter, { level, range }).compile(),
  );
}

/** The entries of `queryLogs`' page, in answer order (a field condition's range read whole). */
export async function queryLogEntries(
  db: Kysely<Database>,
  appId: number,
  filter: LogFilter,
  options: QueryOptions = {},
): Promise<PageEntry[]> {
  return (await queryBoundedEntries(db, appId, filter, { fieldScanRows: Infinity, ...options }))
    .entries;
}

/** The entries of `queryLogs`' page, and where a bounded read of field conditions stopped. */
async function queryBoundedEntries(
  db: Kysely<Database>,
  appId: number,
  filter: LogFilter,
  options: QueryOptions,
): Promise<QueriedEntries> {
  const budget = options.scanBudget ?? SEARCH_SCAN_BUDGET;
  const indexTerms = filter.search ? indexableTerms(filter.search.terms) : [];
  const range = rangeOf(filter);
  if (!filter.search) {
    const store = logStoreOf(db);
    const hasFields = (filter.fields?.length ?? 0) > 0;
    // Field conditions read each row's JSON, which no index narrows: only the newest rows of
    // the range are read (decision 076), and on SQLite (on the event loop) a bounded number of
    // rows per statement (issue 42).
    const window = hasFields
      ? await scanWindow(db, appId, range, filter.sinceUs !== undefined, options.fieldScanRows)
      : undefined;
    const read = window?.read ?? range;
    const inChunks = hasFields && engineOf(db) === 'sqlite';
    const rows = await walkLogs(
      filter,
      ({ level }, deadline) =>
        inChunks
          ? firstMatches(
              matchingRowsInChunks(
                chunkQueries(db, appId, filter, { level }, deadline),
                read,
                deadline,
              ),
              filter.limit,
            ).then((rows) => rows.map(walkEntryOf))
          : store.runWalk(db, walkStepQuery(db, appId, filter, { level, deadline, range: read })),
      (error) => outOfTime(db, error),
      options.walkTimeBudgetMs,
    );
    const entries: PageEntry[] = rows;
    // A full page goes on from its last entry; one that is not says where the reading stopped.
    return window !== undefined && entries.length < filter.limit
      ? { entries, scannedUntilUs: window.untilUs }
      : { entries };
  }
  if (indexTerms.length === 0 || budget === Infinity) {
    return { entries: (await selectLogs(db, appId, filter, { range }).execute()).map(pageEntryOf) };
  }
  const ascending = filter.sinceUs !== undefined;
  const timeBudgetMs = options.timeBudgetMs ?? SEARCH_TIME_BUDGET_MS;
  let rows: LogRow[] = [];
  let rest: TimeRange | undefined = range;
  let scanLeft = budget;
  if (logStoreOf(db).probesIndexFirst && budget > 1) {
    const sampled = Math.min(PROBE_SAMPLE_ROWS, Math.floor(budget / 2));
    ({ rows, rest } = await scanNewest(db, appId, filter, range, sampled));
    scanLeft -= sampled;
    if (rows.length >= filter.limit || rest === undefined)
      return { entries: rows.map(pageEntryOf) };
    if (rows.length === 0) {
      // No match among the newest rows: a rare word. Fewer matches than a page in the rest are
      // every match: the answer, in any order.
      const found = await selectLogs(db, appId, filter, {
        range: rest,
        indexTerms,
        deadline: Date.now() + timeBudgetMs,
        unordered: true,
      })
        .execute()
        .catch(searchTooSlow(db, timeBudgetMs));
      if (found.length < filter.limit) {
        return {
          entries: found
            .sort((a, b) => (a.time_us - b.time_us) * (ascending ? 1 : -1))
            .map(pageEntryOf),
        };
      }
    }
  }
  if (scanLeft > 0) {
    const scanned = await scanNewest(
      db,
      appId,
      { ...filter, limit: filter.limit - rows.length },
      rest,
      scanLeft,
    );
    rows = rows.concat(scanned.rows);
    rest = scanned.rest;
    if (rows.length >= filter.limit || rest === undefined)
      return { entries: rows.map(pageEntryOf) };
  }
  const more = await selectLogs(
    db,
    appId,
    { ...filter, limit: filter.limit - rows.length },
    { range: rest, indexTerms, deadline: Date.now() + timeBudgetMs },
  )
    .execute()
    .catch(searchTooSlow(db, timeBudgetMs));
  return { entries: rows.concat(more).map(pageEntryOf) };
}

/** A waiting tail's page, and how far it knows the app. */
export interface TailPage {
  entries: PageEntry[];
  /**
   * Every commit up to this time is in `entries` and none of `entries` is past it
   * (server/logs/waits/log-waits.ts goes on from it). Of a page that is not full.
   */
  knownUs: number;
}

export async function queryTailPage(
  db: Kysely<Database>,
  appId: number,
  filter: LogFilter,
  options: Pick<QueryOptions, 'walkTimeBudgetMs'> = {},
): Promise<TailPage> {
  const newest = await db
    .selectFrom('app_logs')
    .select((eb) => eb.fn.max('time_us').as('newest'))
    .where('app_id', '=', appId)
    .executeTakeFirst();
  const entries = await queryLogEntries(db, appId, filter, options);
  // A commit between the two reads is in the entries but past `newest`: without this, the
  // follow would add its rows a second time when it hears of it. Commits are whole and in time
  // order per app, so a page that is not full holds every row up to its last one.
  return { entries, knownUs: Math.max(newest?.newest ?? 0, entries.at(-1)?.timeUs ?? 0) };
}

/**
 * The scan step: the matches among the first `count` rows of `range` in answer order, and the
 * range left after them (undefined when they were all of it).
 */
async function scanNewest(
  db: Kysely<Database>,
  appId: number,
  filter: LogFilter,
  range: TimeRange,
  count: number,
): Promise<{ rows: LogRow[]; rest: TimeRange | undefined }> {
  const ascending = filter.sinceUs !== undefined;
  // The time of the count-th row of the range, read from the (app_id, time_us) index alone.
  let boundaryQuery = db.selectFrom('app_logs').select('time_us').where('app_id', '=', appId);
  if (range.lowUs !== undefined) boundaryQuery = boundaryQuery.where('time_us', '>=', range.lowUs);
  if (range.highUs !== undefined) boundaryQuery = boundaryQuery.where('time_us', '<', range.highUs);
  const boundary = await boundaryQuery
    .orderBy('time_us', ascending ? 'asc' : 'desc')
    .limit(1)
    .offset(count - 1)
    .executeTakeFirst();
  if (!boundary) {
    return { rows: await selectLogs(db, appId, filter, { range }).execute(), rest: undefined };
  }
  const edge = boundary.time_us;
  const scanned = ascending ? { ...range, highUs: edge + 1 } : { ...range, lowUs: edge };
  return {
    rows: await selectLogs(db, appId, filter, { range: scanned }).execute(),
    rest: ascending ? { ...range, lowUs: edge + 1 } : { ...range, highUs: edge },
  };
}

/**
 * The part of `range` a read of field conditions takes (decision 076): its first `maxRows` rows
 * in answer order, found from the (app_id, time_us) index alone (whatever the level and job, so
 * the window costs one index range), and the time to ask again from for the rest. Undefined when
 * the range holds no more rows than that.
 */
export async function scanWindow(
  db: Kysely<Database>,
  appId: number,
  range: TimeRange,
  ascending: boolean,
  maxRows = LOG_FIELD_SCAN_ROWS,
): Promise<{ read: TimeRange; untilUs: number } | undefined> {
  if (maxRows === Infinity) return undefined;
  const edge = await nthRowTime(db, appId, range, ascending, maxRows);
  if (edge === undefined) return undefined;
  return ascending
    ? { read: { ...range, highUs: edge + 1 }, untilUs: edge + 1 }
    : { read: { ...range, lowUs: edge }, untilUs: edge };
}

/**
 * The time of the `count`-th row of `range` in answer order, from the index alone, when the
 * range holds more rows than `count` (undefined otherwise: the whole range is within).
 */
async function nthRowTime(
  db: Kysely<Database>,
  appId: number,
  range: TimeRange,
  ascending: boolean,
  count: number,
): Promise<number | undefined> {
  let query = db.selectFrom('app_logs').select('time_us').where('app_id', '=', appId);
  if (range.lowUs !== undefined) query = query.where('time_us', '>=', range.lowUs);
  if (range.highUs !== undefined) query = query.where('time_us', '<', range.highUs);
  const [edge, past] = await query
    .orderBy('time_us', ascending ? 'asc' : 'desc')
    .limit(2)
    .offset(count - 1)
    .execute();
  return past === undefined ? undefined : edge?.time_us;
}

/**
 * A `.catch` handler: a statement stopped by its deadline becomes SearchBudgetExhausted (a 400
 * on `q`, server/http/errors.ts).
 */
export function searchTooSlow(db: Kysely<Database>, timeBudgetMs: number) {
  return (error: unknown): never => {
    if (!logStoreOf(db).searchTimedOut(error)) throw error;
    throw new SearchBudgetExhausted(timeBudgetMs);
  };
}

/**
 * The statements of a chunked read (app-logs-chunked-read.ts) of `filter` in one walk step (a
 * level and a job, or neither): the boundary reads the step's index range without the conditions
 * no index answers (field conditions, `q`); the rows, the whole filter within a part of it.
 */
export function chunkQueries(
  db: Kysely<Database>,
  appId: number,
  filter: LogFilter,
  step: { level?: number | undefined; job?: string | undefined },
  deadline: number,
): ChunkQueries<LogRow> {
  const { fields: _fields, search: _search, ...plain } = filter;
  const options = { level: step.level };
  return {
    ascending: filter.sinceUs !== undefined,
    boundary: async (range, offset) =>
      (
        await selectLogs(db, appId, { ...plain, limit: 1 }, { ...options, range })
          .clearSelect()
          .select('time_us')
          .offset(offset)
          .executeTakeFirst()
      )?.time_us,
    rows: (range) => selectLogs(db, appId, filter, { ...options, range, deadline }).execute(),
  };
}
