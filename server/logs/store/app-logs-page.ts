/**
 * A page of `GET /apps/{app_id}/logs` as the JSON text the route sends, built by concatenation:
 * stored JSON goes out as it is (no parse + stringify per entry); every other part is ours and
 * safe. The query (app-logs-read.ts) and a commit (for waiting tails, server/logs/waits/log-waits.ts) build
 * their entries the same way, so a page answered from a commit is the page the query reads.
 */
import { LOG_LEVELS } from '../../../contract/schemas/app-log';
import { jobPatternOf, US_PER_SECOND, type LogFilter } from './app-logs-filter';
import { jobPatternMatches } from './app-log-job-pattern';
import { matchesFieldConditions } from './app-logs-field-match';

/** A page as the route sends it, and how many entries it holds. */
export interface LogPage {
  json: string;
  count: number;
  /** The newest entry's time (µs), or null for an empty page: a waiting tail compares it. */
  newestUs: number | null;
  /** True when entries were left out to keep the answer within its bytes (LOG_PAGE_BYTES_MAX). */
  cut?: boolean;
  /**
   * A page with field conditions that read only part of its range (decision 076): the time (µs)
   * to ask again from (`before` newest first, `since` ascending) for the rest.
   */
  scannedUntilUs?: number;
}

/** One entry of a page: its time and its JSON object text. */
export interface PageEntry {
  readonly timeUs: number;
  readonly json: string;
}

/** A committed row as a waiting tail needs it: to match its filter and to send it. */
export interface CommittedLogRow extends PageEntry {
  readonly level: number;
  readonly job: string | null;
  /** The row's `search` text (what `q` is matched against). */
  readonly search: string;
}

/**
 * What one ingestion transaction wrote to one app: its rows in time order, and the app's newest
 * time before it (0: none). Times are strictly increasing per app in commit order, so a reader
 * that knows the app up to `previousUs` knows it up to the last row after this commit.
 */
export interface LogCommit {
  readonly previousUs: number;
  readonly rows: readonly CommittedLogRow[];
}

const ID_WIDTH = 16;

/** Row id → API id: fixed width, so ids sort the same as text and as numbers. */
export function formatLogId(id: number): string {
  return String(id).padStart(ID_WIDTH, '0');
}

/** The columns an entry's JSON is built from. */
export interface StoredLogRow {
  id: number;
  level: number;
  data: string;
  context: string | null;
  created_at: string;
  time_us: number;
}

/** An entry's JSON object text, from its stored columns. */
export function entryJson(
  id: number,
  level: number,
  data: string,
  context: string | null,
  createdAt: string,
  timeUs: number,
): string {
  return `{"id":"${formatLogId(id)}","level":"${LOG_LEVELS[level] ?? 'unknown'}","data":${data},"context":${context ?? 'null'},"created_at":"${createdAt}","time":${timeUs / US_PER_SECOND}}`;
}

export function pageEntryOf(row: StoredLogRow): PageEntry {
  return {
    timeUs: row.time_us,
    json: entryJson(row.id, row.level, row.data, row.context, row.created_at, row.time_us),
  };
}

/** A page entry read by a walk, with the time the walk merges its steps by (`WalkRow`). */
export interface WalkEntry extends PageEntry {
  readonly time_us: number;
}

export function walkEntryOf(row: StoredLogRow): WalkEntry {
  return {
    time_us: row.time_us,
    timeUs: row.time_us,
    json: entryJson(row.id, row.level, row.data, row.context, row.created_at, row.time_us),
  };
}

/**
 * The columns of a stored row in the order a log read selects them (selectLogs in
 * app-logs-select.ts), for a row read as an array: SQLite builds an array row without looking
 * up and setting a named property per column, which was most of a page's row building (issue 43).
 */
export const STORED_LOG_COLUMNS = [
  'id',
  'level',
  'data',
  'context',
  'created_at',
  'time_us',
] as const satisfies ReadonlyArray<keyof StoredLogRow>;

/** A walk's entry from a row of STORED_LOG_COLUMNS read as an array. */
export function walkEntryOfColumns(columns: readonly unknown[]): WalkEntry {
  // The types of StoredLogRow, in STORED_LOG_COLUMNS' order (indexed, not destructured: per row).
  const timeUs = columns[5] as number;
  return {
    time_us: timeUs,
    timeUs,
    json: entryJson(
      columns[0] as number,
      columns[1] as number,
      columns[2] as string,
      columns[3] as string | null,
      columns[4] as string,
      timeUs,
    ),
  };
}

/**
 * Entries in answer order → the page. With `maxBytes` (issue 42) the page stops before the entry
 * that would take its UTF-8 text past it, but holds the first entry whatever its size (at most
 * the 1 MiB request body that brought it): the next page goes on from its last entry.
 */
export function pageOfEntries(entries: readonly PageEntry[], maxBytes = Infinity): LogPage {
  let json = '[';
  let bytes = 2;
  let count = 0;
  for (const entry of entries) {
    if (maxBytes !== Infinity) {
      bytes += Buffer.byteLength(entry.json) + (count > 0 ? 1 : 0);
      if (count > 0 && bytes > maxBytes) break;
    }
    if (count > 0) json += ',';
    json += entry.json;
    count += 1;
  }
  json += ']';
  const first = entries[0]?.timeUs;
  const last = entries[count - 1]?.timeUs;
  const newestUs = first === undefined || last === undefined ? null : Math.max(first, last);
  const page: LogPage = { json, count, newestUs };
  if (count < entries.length) page.cut = true;
  return page;
}

/**
 * Whether a committed row is in the pages of `filter` (its time range aside): the rule of
 * `selectLogs` in app-logs-read.ts, in memory. `q` terms are substrings of the stored search text,
 * as SQLite's `instr` and PostgreSQL's `strpos` test them.
 */
export function matchesLogFilter(row: CommittedLogRow, filter: LogFilter): boolean {
  if (filter.minLevel !== undefined && row.level < filter.minLevel) return false;
  if (filter.job !== undefined) {
    const pattern = jobPatternOf(filter);
    if (pattern === undefined ? row.job !== filter.job : !jobPatternMatches(row.job, pattern)) {
      return false;
    }
  }
  if (filter.fields && !matchesFieldConditions(row, filter.fields)) return false;
  const search = filter.search;
  if (!search) return true;
  if (search.minLevel !== undefined && row.level < search.minLevel) return false;
  return (
    search.exactLevels.every((level) => row.level === level) &&
    search.terms.every((term) => row.search.includes(term))
  );
}
