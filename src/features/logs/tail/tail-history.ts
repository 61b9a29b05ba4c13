/**
 * How older pages, a view around an entry and its newer pages change the tail's state (pure).
 * Older pages use `before` just above the oldest time held, so the rest of a group cut by
 * the first page is found, deduplicated by id (decision 004).
 */
import type { AppLogEntry } from '../../../../contract/schemas/app-log';
import { nextUp, toAscending } from './log-cursor';
import { appendNewer, holds, prependOlder, withEntries } from './tail-buffer';
import {
  boundaryOf,
  freshEntries,
  idsAt,
  lastIndexOfKnown,
  sinceSeconds,
  withGap,
  type OlderBoundary,
  type TailState,
} from './tail-state';

/** A page older than what is held, asked with `before` above `boundary`. */
export function applyOlderPage(
  state: TailState,
  boundary: OlderBoundary | null,
  raw: readonly AppLogEntry[],
): TailState {
  const full = raw.length >= state.limit;
  const since = sinceSeconds(state);
  const page = toAscending(raw, true);
  const known = (entry: AppLogEntry) =>
    holds(state.buffer, entry) || boundary?.ids.has(entry.id) === true;
  // At the oldest time held, only entries listed before the held ones are older; those after
  // them arrived since the start (the same time as the newest), and following gets them.
  const firstKnown = boundary
    ? page.findIndex((entry) => entry.time === boundary.time && known(entry))
    : -1;
  // The page went past the time range's start: nothing older is wanted.
  const reachedSince = since !== undefined && page.some((entry) => entry.time < since);
  const fresh = freshEntries(state, page, (entry, index) => {
    if (since !== undefined && entry.time < since) return false;
    if (!boundary) return true;
    if (entry.time > boundary.time || boundary.ids.has(entry.id)) return false;
    return entry.time !== boundary.time || (firstKnown >= 0 && index <= firstKnown);
  });
  if (fresh.length === 0 && full && boundary && !reachedSince) {
    // At least `limit` entries share the oldest time, all held from the group's end: the
    // group's start is read next (ascending from that time), then strictly before it.
    return { ...state, older: { ...state.older, groupStart: boundary } };
  }
  const { buffer, kept } = prependOlder(state.buffer, fresh);
  return {
    ...state,
    buffer,
    older: {
      boundary: boundaryOf(buffer.entries),
      more: full && !reachedSince && kept.length === fresh.length,
      groupStart: null,
    },
  };
}

/** The start of a group of at least `limit` entries at the oldest time held. */
export function applyGroupStart(
  state: TailState,
  boundary: OlderBoundary,
  raw: readonly AppLogEntry[],
): TailState {
  const start = toAscending(raw, false).filter((entry) => entry.time === boundary.time);
  const known = (entry: AppLogEntry) => holds(state.buffer, entry) || boundary.ids.has(entry.id);
  const firstKnown = start.findIndex(known);
  const fresh = freshEntries(
    state,
    firstKnown < 0 ? start : start.slice(0, firstKnown),
    (entry) => !boundary.ids.has(entry.id),
  );
  const next =
    firstKnown < 0 && fresh.length > 0
      ? withGap(state, boundary.time, nextUp(boundary.time))
      : state;
  const { buffer, kept } = prependOlder(state.buffer, fresh);
  const ids = new Set(boundary.ids);
  for (const entry of kept) ids.add(entry.id);
  return {
    ...next,
    buffer,
    older: {
      boundary: { time: boundary.time, ids, exclusive: true },
      more: kept.length === fresh.length,
      groupStart: null,
    },
  };
}

/** Opening around an entry: the page before it is kept until the page from it is in. */
export function applyAroundBefore(state: TailState, raw: readonly AppLogEntry[]): TailState {
  if (state.phase.kind !== 'around') return state;
  return { ...state, phase: { ...state.phase, before: raw } };
}

/** The page from the entry's time on: the two pages become the history view. */
export function applyAroundAfter(state: TailState, afterRaw: readonly AppLogEntry[]): TailState {
  const { phase } = state;
  if (phase.kind !== 'around' || phase.before === null) return state;
  const { at } = phase;
  const beforeRaw = phase.before;
  const since = sinceSeconds(state);
  const before = toAscending(beforeRaw, true).filter(
    (entry) => since === undefined || entry.time >= since,
  );
  const after = toAscending(afterRaw, false);
  const afterIds = new Set(after.map((entry) => entry.id));
  const lastAfter = after[after.length - 1];
  // If the `since` page ended inside the group at `at`, the rest of that group (held by the
  // `before` page) comes after it; otherwise the `since` page holds all of it.
  const tailOfGroup =
    lastAfter === undefined || lastAfter.time <= at
      ? before.filter((entry) => entry.time === at && !afterIds.has(entry.id))
      : [];
  // The two pages met nowhere inside that group: its middle is out of reach.
  const met = before.some((entry) => entry.time === at && afterIds.has(entry.id));
  const next =
    afterRaw.length >= state.limit && tailOfGroup.length > 0 && !met
      ? withGap(state, at, nextUp(at))
      : state;
  const merged = freshEntries(
    state,
    before.filter((entry) => entry.time < at).concat(after, tailOfGroup),
  );
  const buffer = withEntries(state.buffer, merged);
  const newest = merged[merged.length - 1];
  const cursor = newest?.time ?? at;
  return {
    ...next,
    phase: { kind: 'history' },
    buffer,
    older: {
      boundary: boundaryOf(buffer.entries),
      more:
        beforeRaw.length >= state.limit &&
        before.length === beforeRaw.length &&
        buffer.droppedCount === 0,
      groupStart: null,
    },
    newer: {
      cursor,
      ids: idsAt(merged, cursor),
      more: afterRaw.length >= state.limit,
      groupEnd: null,
    },
  };
}

/** The next page towards the present in a view opened around an entry. */
export function applyNewerPage(state: TailState, raw: readonly AppLogEntry[]): TailState {
  const { newer } = state;
  const full = raw.length >= state.limit;
  const fresh = freshEntries(state, toAscending(raw, false), (entry) => !newer.ids.has(entry.id));
  const newest = fresh[fresh.length - 1];
  if (!newest) {
    // At least `limit` entries share the newest time: the group's end is read next, then
    // the view goes on from the next representable time (as following does).
    const groupEnd = full && newer.cursor !== undefined ? newer.cursor : null;
    return { ...state, newer: { ...newer, more: groupEnd !== null, groupEnd } };
  }
  const ids = newest.time === newer.cursor ? new Set(newer.ids) : new Set<string>();
  for (const id of idsAt(raw, newest.time)) ids.add(id);
  return {
    ...state,
    // Asked for by the admin: shown even while paused.
    buffer: appendNewer(state.buffer, fresh, false),
    newer: { cursor: newest.time, ids, more: full, groupEnd: null },
  };
}

/** The end of a group of at least `limit` entries at the newest time of the view. */
export function applyNewerGroupEnd(
  state: TailState,
  time: number,
  raw: readonly AppLogEntry[],
): TailState {
  const end = toAscending(raw, true).filter((entry) => entry.time === time);
  const lastKnown = lastIndexOfKnown(end, time, (entry) => holds(state.buffer, entry));
  const endFresh = freshEntries(state, end, (_, index) => index > lastKnown);
  const next = endFresh.length > 0 && lastKnown < 0 ? withGap(state, time, nextUp(time)) : state;
  return {
    ...next,
    buffer: appendNewer(state.buffer, endFresh, false),
    newer: { cursor: nextUp(time), ids: new Set(), more: true, groupEnd: null },
  };
}
