/**
 * Pure helpers of the tail engine's cursor: the next representable time above a float, time
 * bounds as seconds for client-side comparison, and page ordering.
 */
import type { AppLogEntry } from '../../../../contract/schemas/app-log';

// The next representable time: the API's page reader continues from it too (src/api).
export { nextUp } from '../../../api/log-time';

const NUMBER_PATTERN = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const HAS_ZONE = /([zZ]|[+-]\d{2}(:?\d{2})?)$/;

/**
 * A `since`/`before` bound as float epoch seconds, for comparing with entries' `time` on the
 * client. Only for comparison: the bound itself is always sent to the server as given.
 * ISO strings without an offset are UTC, as the service reads them.
 */
export function boundToSeconds(bound: number | string | undefined): number | undefined {
  if (bound === undefined) return undefined;
  if (typeof bound === 'number') return Number.isFinite(bound) ? bound : undefined;
  const text = bound.trim();
  if (text === '') return undefined;
  if (NUMBER_PATTERN.test(text)) return Number(text);
  const iso = text.includes('T') && !HAS_ZONE.test(text) ? `${text}Z` : text;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : ms / 1000;
}

/**
 * A page in ascending `time` order. Without `since` the spec leaves the order open; servers send
 * newest first, so such a page is reversed (ties keep the server's order, reversed), then sorted
 * stably by time in case a server sent something else.
 */
export function toAscending(page: readonly AppLogEntry[], newestFirst: boolean): AppLogEntry[] {
  const ordered = newestFirst ? [...page].reverse() : [...page];
  const sorted = ordered.every((entry, i) => {
    const previous = ordered[i - 1];
    return previous === undefined || previous.time <= entry.time;
  });
  // Array.prototype.sort is stable, so equal times keep their relative order.
  return sorted ? ordered : ordered.sort((a, b) => a.time - b.time);
}
