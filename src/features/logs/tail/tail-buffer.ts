/**
 * The tail's bounded buffer, an immutable value: what the viewer shows (oldest first), what is
 * held back while paused, and how much dropped out. Every change returns a new buffer and
 * leaves the old one as it was.
 *
 * Entries are kept in ascending `time` (the server's order), so "is this id held?" is a
 * binary search to its time and a look at the few entries sharing it: no id set to copy on
 * every page (copying a 20,000-id set costs milliseconds; a page arrives every few).
 */
import type { AppLogEntry } from '../../../../contract/schemas/app-log';

export interface TailBuffer {
  /** Shown, oldest first; a new array whenever it changes. */
  readonly entries: readonly AppLogEntry[];
  /** Arrived while paused, oldest first; all newer than `entries`. */
  readonly pending: readonly AppLogEntry[];
  readonly paused: boolean;
  readonly maxEntries: number;
  /** Entries that left the start of `entries` (the buffer is bounded). */
  readonly droppedCount: number;
  /** Entries that left the start of `pending`: counted as dropped once resumed. */
  readonly pendingDropped: number;
  /** Entries appended at the end since the tail started (the new-lines pill counts from it). */
  readonly appended: number;
}

export function emptyBuffer(maxEntries: number): TailBuffer {
  return {
    entries: [],
    pending: [],
    paused: false,
    maxEntries: Math.max(1, maxEntries),
    droppedCount: 0,
    pendingDropped: 0,
    appended: 0,
  };
}

/** Index of the first entry at or after `time` in an ascending list. */
function lowerBound(list: readonly AppLogEntry[], time: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const entry = list[middle];
    if (entry !== undefined && entry.time < time) low = middle + 1;
    else high = middle;
  }
  return low;
}

function listHolds(list: readonly AppLogEntry[], entry: AppLogEntry): boolean {
  for (let i = lowerBound(list, entry.time); i < list.length; i += 1) {
    const held = list[i];
    if (held === undefined || held.time !== entry.time) return false;
    if (held.id === entry.id) return true;
  }
  return false;
}

/** Whether the buffer shows or holds back an entry with this id (at its time). */
export function holds(buffer: TailBuffer, entry: AppLogEntry): boolean {
  return listHolds(buffer.entries, entry) || listHolds(buffer.pending, entry);
}

/** `entries` replaced (a fresh first page), trimmed to the newest `maxEntries`. */
export function withEntries(buffer: TailBuffer, entries: readonly AppLogEntry[]): TailBuffer {
  return trimmed({ ...buffer, entries });
}

/** The oldest entries leave first. */
function trimmed(buffer: TailBuffer): TailBuffer {
  const excess = buffer.entries.length - buffer.maxEntries;
  if (excess <= 0) return buffer;
  return {
    ...buffer,
    entries: buffer.entries.slice(excess),
    droppedCount: buffer.droppedCount + excess,
  };
}

/**
 * New entries at the end, already known to be fresh and newer than everything held. While
 * paused (and `hold` is not false) they wait in `pending`, itself bounded: once resumed they
 * and the whole buffer before them would be gone anyway.
 */
export function appendNewer(
  buffer: TailBuffer,
  fresh: readonly AppLogEntry[],
  hold = buffer.paused,
): TailBuffer {
  if (fresh.length === 0) return buffer;
  if (hold) {
    const pending = buffer.pending.concat(fresh);
    const excess = pending.length - buffer.maxEntries;
    if (excess <= 0) return { ...buffer, pending };
    return {
      ...buffer,
      pending: pending.slice(excess),
      pendingDropped: buffer.pendingDropped + excess,
    };
  }
  return trimmed({
    ...buffer,
    entries: buffer.entries.concat(fresh),
    appended: buffer.appended + fresh.length,
  });
}

/**
 * Older entries at the start, as many as there is room for (the newest of them first): older
 * pages never push newer entries out.
 */
export function prependOlder(
  buffer: TailBuffer,
  older: readonly AppLogEntry[],
): { buffer: TailBuffer; kept: readonly AppLogEntry[] } {
  const room = Math.max(0, buffer.maxEntries - buffer.entries.length);
  const kept = older.length > room ? older.slice(older.length - room) : older;
  if (kept.length === 0) return { buffer, kept };
  return { buffer: { ...buffer, entries: kept.concat(buffer.entries) }, kept };
}

export function paused(buffer: TailBuffer): TailBuffer {
  return buffer.paused ? buffer : { ...buffer, paused: true };
}

/** Resumed: what was held back joins the list, and what it pushed out counts as dropped. */
export function resumed(buffer: TailBuffer): TailBuffer {
  if (!buffer.paused) return buffer;
  const open: TailBuffer = {
    ...buffer,
    paused: false,
    pending: [],
    pendingDropped: 0,
    droppedCount: buffer.droppedCount + buffer.pendingDropped,
  };
  return appendNewer(open, buffer.pending);
}
