/**
 * Test helper (only tests import it; it never reaches the bundle): the spec's query semantics
 * (4.2) that the simulated log server (simulated-log-server.test-helper.ts) answers with.
 *
 * `since` inclusive, `before` exclusive, `level` a minimum, `job` matches `context.job.name`,
 * `q` words and "quoted phrases" (case-insensitive) plus `level:NAME` (exact) and `level>=NAME`
 * (a minimum), scanning only the 24 h before `before`/now unless `since` is given; `limit`
 * default 100, clamped to 1..200; ascending with `since`, newest first without. Ties keep
 * insertion order (newest first reverses it), as a server ordering by (time, rowid).
 */
import {
  LOG_LIMIT_DEFAULT,
  LOG_LIMIT_MAX,
  LOG_SEARCH_WINDOW_SECONDS,
  logLevelNamed,
  logLevelOperator,
  logLevelRank,
  type AppLogEntry,
  type AppLogQuery,
} from '../../../../contract/schemas/app-log';

/** What a query filters by, without its window and page. */
export type EntryFilter = Omit<AppLogQuery, 'limit' | 'since' | 'before'>;

function searchText(entry: AppLogEntry): string {
  const data = typeof entry.data === 'string' ? entry.data : JSON.stringify(entry.data);
  return `${data} ${entry.context ? JSON.stringify(entry.context) : ''}`.toLowerCase();
}

export function parseSeconds(value: number | string): number {
  // As a server reads the query string: the number's text, or an ISO date.
  const text = String(value);
  const number = Number(text);
  return Number.isNaN(number) ? Date.parse(text) / 1000 : number;
}

function jobOf(entry: AppLogEntry): string | undefined {
  const job = (entry.context as { job?: { name?: unknown } } | null)?.job?.name;
  return typeof job === 'string' ? job : undefined;
}

/** `q` → predicate, as spec 4.2 describes it. */
export function searchPredicate(q: string): (entry: AppLogEntry) => boolean {
  const terms: string[] = [];
  const levels: string[] = [];
  const minimums: number[] = [];
  for (const match of q.matchAll(/"([^"]*)"?|(\S+)/g)) {
    if (match[1] !== undefined) {
      if (match[1].trim()) terms.push(match[1].toLowerCase());
    } else if (match[2] !== undefined) {
      const level = logLevelOperator(match[2]);
      const named = level && logLevelNamed(level.name);
      if (level?.operator === '>=' && named) minimums.push(logLevelRank(named));
      else if (level) levels.push(level.name.toLowerCase());
      else terms.push(match[2].toLowerCase());
    }
  }
  return (entry) => {
    if (levels.some((level) => level !== entry.level)) return false;
    if (minimums.some((rank) => logLevelRank(entry.level) < rank)) return false;
    const text = searchText(entry);
    return terms.every((term) => text.includes(term));
  };
}

/** The page `query` answers from `entries` (in server order) when the time is `nowMs`. */
export function queryEntries(
  entries: readonly AppLogEntry[],
  query: AppLogQuery,
  nowMs: number,
): AppLogEntry[] {
  const limit = Math.min(LOG_LIMIT_MAX, Math.max(1, Math.trunc(query.limit ?? LOG_LIMIT_DEFAULT)));
  const since = query.since === undefined ? undefined : parseSeconds(query.since);
  const before = query.before === undefined ? undefined : parseSeconds(query.before);
  const minLevel = query.level ? logLevelRank(query.level) : 0;
  const matchesQ = query.q ? searchPredicate(query.q) : undefined;
  const windowStart =
    matchesQ && since === undefined
      ? (before ?? nowMs / 1000) - LOG_SEARCH_WINDOW_SECONDS
      : undefined;
  const matching = entries.filter(
    (entry) =>
      (since === undefined || entry.time >= since) &&
      (before === undefined || entry.time < before) &&
      (windowStart === undefined || entry.time >= windowStart) &&
      logLevelRank(entry.level) >= minLevel &&
      (query.job === undefined || jobOf(entry) === query.job) &&
      (matchesQ === undefined || matchesQ(entry)),
  );
  if (since !== undefined) return matching.slice(0, limit);
  return matching.slice(-limit).reverse();
}

/** Every entry of `entries` matching a filter (no limit, no search window), in server order. */
export function matchingEntries(
  entries: readonly AppLogEntry[],
  filter: EntryFilter,
): AppLogEntry[] {
  const minLevel = filter.level ? logLevelRank(filter.level) : 0;
  const matchesQ = filter.q ? searchPredicate(filter.q) : undefined;
  return entries.filter(
    (entry) =>
      logLevelRank(entry.level) >= minLevel &&
      (filter.job === undefined || jobOf(entry) === filter.job) &&
      (matchesQ === undefined || matchesQ(entry)),
  );
}
