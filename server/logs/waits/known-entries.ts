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
  /** Characters of the entries' JSON: what the follow holds in memory, bounded by `trimKnown`. */
  chars: number;
}

/** What a follow knows from a tail read: its entries from `fromUs` up to `toUs`. */
export function knownFrom(fromUs: number, toUs: number, entries: PageEntry[]): KnownEntries {
  let chars = 0;
  for (const entry of entries) chars += entry.json.length;
  return { fromUs, toUs, entries, chars };
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
    if (row.timeUs > known.toUs && matchesLogFilter(row, filter)) {
      known.entries.push(row);
      known.chars += row.json.length;
    }
  }
  known.toUs = last.timeUs;
  return known;
}

/**
 * Drops the oldest entries past `keep` entries or `keepChars` characters of JSON (large entries:
 * a count alone would let a follow hold gigabytes), never the newest one. Requests asking from
 * before what is kept are answered a full or cut page (more than a page's bytes came after them),
 * which the caller has done before trimming.
 */
export function trimKnown(known: KnownEntries, keep: number, keepChars: number): void {
  const { entries } = known;
  let drop = Math.max(0, entries.length - keep);
  let chars = known.chars;
  for (let index = 0; index < drop; index++) chars -= entries[index]?.json.length ?? 0;
  while (drop < entries.length - 1 && chars > keepChars) {
    chars -= entries[drop]?.json.length ?? 0;
    drop += 1;
  }
  if (drop === 0) return;
  entries.splice(0, drop);
  known.chars = chars;
  known.fromUs = entries[0]?.timeUs ?? known.fromUs;
}
