/**
 * The reads of the app log repository: the query planner of `GET /apps/{app_id}/logs` (a walk
 * without `q`; with `q` a scan step, then the text index) and a waiting tail's page. The writes
 * are in app-logs-write.ts.
 *
 * Hot-path choices (measured in bench/api.ts): rows keep `data` and `context` as JSON text and a
 * page is answered as one JSON string built by concatenation, with no parse + stringify per
 * entry; times are integer microseconds, exposed as `time_us / 1e6`.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../database/schema';
import type { LogFilter } from './app-logs-filter';
import { rangeOf, selectLogs, type TimeRange } from './app-logs-select';
import { logStoreOf } from './log-store-of';
import { SearchBudgetExhausted } from '../../database/search-budget-exhausted';
import { pageOfEntries, type LogPage, type PageEntry } from './app-logs-page';
import { walkItems, type QueriedItems } from './app-logs-page-walk';
import {
  cutSizedRows,
  readValueHeads,
  sizedSelection,
  walkItemOf,
  type ValueHead,
  type WalkItem,
} from './app-logs-sized-rows';
import { LOG_PAGE_BYTES_MAX } from '../../../contract/schemas/app-log';

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
  const { items, scannedUntilUs } = await queryBoundedItems(db, appId, filter, options);
  const { entries, cut } = await cutSizedRows(
    db,
    appId,
    items,
    options.pageBytes ?? LOG_PAGE_BYTES_MAX,
  );
  // The entries are within the page's bytes already: not measured again.
  const page = pageOfEntries(entries);
  if (cut) page.cut = true;
  // A page cut by its bytes goes on from its last entry, which is before the scan's end.
  else if (scannedUntilUs !== undefined) page.scannedUntilUs = scannedUntilUs;
  return page;
}

/**
 * The newest entries of `queryLogs`' page (a field condition's range read whole) as their time,
 * level and the first `chars` characters of their data's JSON text (an alert's lines, issue 42):
 * no entry's whole value is read unless it is short (INLINE_VALUE_LENGTH).
 */
export async function queryLogHeads(
  db: Kysely<Database>,
  appId: number,
  filter: LogFilter,
  chars: number,
  options: QueryOptions = {},
): Promise<ValueHead[]> {
  const { items } = await queryBoundedItems(db, appId, filter, {
    fieldScanRows: Infinity,
    ...options,
  });
  return readValueHeads(db, appId, items, chars);
}

/**
 * The rows of `queryLogs`' page in answer order, with their sizes and only their small values
 * (app-logs-sized-rows.ts), and where a bounded read of field conditions stopped.
 */
async function queryBoundedItems(
  db: Kysely<Database>,
  appId: number,
  filter: LogFilter,
  options: QueryOptions,
): Promise<QueriedItems> {
  const budget = options.scanBudget ?? SEARCH_SCAN_BUDGET;
  const indexTerms = filter.search ? indexableTerms(filter.search.terms) : [];
  const range = rangeOf(filter);
  if (!filter.search) return walkItems(db, appId, filter, options);
  if (indexTerms.length === 0 || budget === Infinity) {
    return { items: await sizedItems(db, selectLogs(db, appId, filter, { range })) };
  }
  const ascending = filter.sinceUs !== undefined;
  const timeBudgetMs = options.timeBudgetMs ?? SEARCH_TIME_BUDGET_MS;
  let rows: WalkItem[] = [];
  let rest: TimeRange | undefined = range;
  let scanLeft = budget;
  if (logStoreOf(db).probesIndexFirst && budget > 1) {
    const sampled = Math.min(PROBE_SAMPLE_ROWS, Math.floor(budget / 2));
    ({ rows, rest } = await scanNewest(db, appId, filter, range, sampled));
    scanLeft -= sampled;
    if (rows.length >= filter.limit || rest === undefined) return { items: rows };
    if (rows.length === 0) {
      // No match among the newest rows: a rare word. Fewer matches than a page in the rest are
      // every match: the answer, in any order.
      const found = await sizedItems(
        db,
        selectLogs(db, appId, filter, {
          range: rest,
          indexTerms,
          deadline: Date.now() + timeBudgetMs,
          unordered: true,
        }),
      ).catch(searchTooSlow(db, timeBudgetMs));
      if (found.length < filter.limit) {
        return {
          items: found.sort((a, b) => (a.time_us - b.time_us) * (ascending ? 1 : -1)),
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
    if (rows.length >= filter.limit || rest === undefined) return { items: rows };
  }
  const more = await sizedItems(
    db,
    selectLogs(
      db,
      appId,
      { ...filter, limit: filter.limit - rows.length },
      { range: rest, indexTerms, deadline: Date.now() + timeBudgetMs },
    ),
  ).catch(searchTooSlow(db, timeBudgetMs));
  return { items: rows.concat(more) };
}

/**
 * A search statement's rows with their sizes in place of large values, as a walk's (issue 42:
 * `limit` entries of 1 MiB would otherwise be read before the page is cut to its bytes).
 */
async function sizedItems(
  db: Kysely<Database>,
  query: ReturnType<typeof selectLogs>,
): Promise<WalkItem[]> {
  return (await query.clearSelect().select(sizedSelection(db)).execute()).map(walkItemOf);
}

/** A waiting tail's page, and how far it knows the app. */
export interface TailPage {
  entries: PageEntry[];
  /**
   * Every commit up to this time is in `entries` and none of `entries` is past it
   * (server/logs/waits/log-waits.ts goes on from it). Of a page that is not full nor cut.
   */
  knownUs: number;
  /**
   * Entries were left out to keep the page within LOG_PAGE_BYTES_MAX (their values were not
   * read): like a full page, it says nothing of what lies past its last entry.
   */
  cut: boolean;
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
  // The page's rows with their sizes, and the large values of those inside its bytes only: a
  // tail woken to a burst of large entries reads a page of them (issue 42), as the list does.
  const { items } = await queryBoundedItems(db, appId, filter, {
    fieldScanRows: Infinity,
    ...options,
  });
  const { entries, cut } = await cutSizedRows(db, appId, items, LOG_PAGE_BYTES_MAX);
  // A commit between the two reads is in the entries but past `newest`: without this, the
  // follow would add its rows a second time when it hears of it. Commits are whole and in time
  // order per app, so a page that is not full holds every row up to its last one.
  return {
    entries,
    knownUs: Math.max(newest?.newest ?? 0, entries.at(-1)?.timeUs ?? 0),
    cut,
  };
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
): Promise<{ rows: WalkItem[]; rest: TimeRange | undefined }> {
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
    return {
      rows: await sizedItems(db, selectLogs(db, appId, filter, { range })),
      rest: undefined,
    };
  }
  const edge = boundary.time_us;
  const scanned = ascending ? { ...range, highUs: edge + 1 } : { ...range, lowUs: edge };
  return {
    rows: await sizedItems(db, selectLogs(db, appId, filter, { range: scanned })),
    rest: ascending ? { ...range, lowUs: edge + 1 } : { ...range, highUs: edge },
  };
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
