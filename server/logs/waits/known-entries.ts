/**
 * What a follow of waiting tails knows (log-waits.ts): every entry matching its filter from some
 * time on, up to the app's latest commit heard of, kept up to date from the rows of each commit
 * (decision 027). Pure functions: the page of a `since` cut from it, the window after a commit,
 * and the window trimmed to the pages it keeps.
 */
import { LOG_PAGE_BYTES_MAX } from '../../../contract/schemas/app-log';
import type { LogFilter } from '../store/app-logs-filter';
import {
  matchesLogFilter,
  pageOfEntries,
  type LogCommit,
  type LogPage,
  type PageEntry,
} from '../store/app-logs-page';

/**
 * Every entry matching the follow's filter with `fromUs` ≤ time, in time order, of every commit
 * up to `toUs` (the app's newest time when last heard of).
 */
export interface KnownEntries {
  fromUs: number;
  toUs: number;
  entries: PageEntry[];
}

/** The page of `sinceUs` cut from what a follow knows (it must know from `sinceUs` on). */
export function cutPage(known: KnownEntries, sinceUs: number, limit: number): LogPage {
  const { entries } = known;
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((entries[middle]?.timeUs ?? Infinity) < sinceUs) low = middle + 1;
    else high = middle;
  }
  return pageOfEntries(entries.slice(low, low + limit), LOG_PAGE_BYTES_MAX);
}

/**
 * `known` after `commit`, or null when the commit does not follow on from it (a commit in
 * between was not heard). A commit it already holds changes nothing.
 */
export function knownAfter(
  known: KnownEntries,
  commit: LogCommit,
  filter: LogFilter,
): KnownEntries | null {
  if (commit.previousUs > known.toUs) return null;
  const last = commit.rows[commit.rows.length - 1];
  if (!last || last.timeUs <= known.toUs) return known;
  for (const row of commit.rows) {
    if (row.timeUs > known.toUs && matchesLogFilter(row, filter)) known.entries.push(row);
  }
  known.toUs = last.timeUs;
  return known;
}

/**
 * Drops the oldest entries past `keep`: requests asking from before them are answered a full
 * page, which the caller has done before trimming.
 */
export function trimKnown(known: KnownEntries, keep: number): void {
  const excess = known.entries.length - keep;
  if (excess <= 0) return;
  known.entries.splice(0, excess);
  known.fromUs = known.entries[0]?.timeUs ?? known.fromUs;
}
