/**
 * The searches that log links carry (decision 052): one place decides what a link to an entry
 * and a link to the current view hold, so both are built the same way (through the router, by
 * use-copy-entry-link.ts).
 */
import type { AppLogEntry } from '../../../contract/schemas/app-log';
import { effectiveRange, RANGE_SECONDS } from './log-range';
import type { LogsSearch } from './search-params';

/** The filters and display a link keeps whatever else it pins. */
function filtersOf(search: LogsSearch): LogsSearch {
  const { level, job, job_match, q, where, where_not, utc, relative } = search;
  return { level, job, job_match, q, where, where_not, utc, relative };
}

/** A link that opens the viewer at one entry (`entry` + its exact `time` as `at`). */
export function entryLinkSearch(search: LogsSearch, entry: Pick<AppLogEntry, 'id' | 'time'>) {
  return { ...filtersOf(search), entry: entry.id, at: entry.time };
}

/**
 * A link to the current view. "Last 15 minutes" means another window to whoever opens the link
 * later, so a preset is pinned to the absolute range it shows now (`custom` since/before); a
 * custom range stays as it is; the live tail stays live (it has no window to pin). A selected
 * entry goes along, so the receiver lands on it.
 */
export function viewLinkSearch(
  search: LogsSearch,
  nowSeconds: number,
  selected: Pick<AppLogEntry, 'id' | 'time'> | null,
): LogsSearch {
  const range = effectiveRange(search);
  const out: LogsSearch = filtersOf(search);
  if (range === 'custom') {
    Object.assign(out, { range, since: search.since, before: search.before });
  } else if (range !== 'live') {
    const before = Math.round(nowSeconds * 1000) / 1000;
    Object.assign(out, { range: 'custom', since: before - RANGE_SECONDS[range], before });
  }
  if (selected) Object.assign(out, { entry: selected.id, at: selected.time });
  else if (search.entry !== undefined) Object.assign(out, { entry: search.entry, at: search.at });
  return out;
}
