/**
 * How the first page and the follow pages change the tail's state (pure; decision 004):
 * - follow with `since` = the newest `time` seen, the very number the server sent (it
 *   round-trips exactly through `String()`), and drop every id already seen at that time;
 * - a full page means "more is waiting": ask again at once; a short page: wait the interval;
 * - a full page with nothing new means more than `limit` entries share one time: the rest of
 *   them cannot be reached by `since` (see `applyGroupEnd`).
 */
import type { AppLogEntry } from '../../../../contract/schemas/app-log';
import { LOG_SEARCH_WINDOW_SECONDS } from '../../../../contract/schemas/app-log';
import { boundToSeconds, nextUp, toAscending } from './log-cursor';
import { appendNewer, withEntries } from './tail-buffer';
import {
  boundaryOf,
  freshEntries,
  idsAt,
  lastIndexOfKnown,
  sinceSeconds,
  withGap,
  type FollowCursor,
  type TailPhase,
  type TailState,
} from './tail-state';

/** Following; when the page came full, how far behind now the cursor is. */
function followingPhase(full: boolean, cursor: FollowCursor['cursor'], nowMs: number): TailPhase {
  if (!full) return { kind: 'following', behindSeconds: null };
  const seconds = boundToSeconds(cursor);
  const behind = seconds === undefined ? 0 : nowMs / 1000 - seconds;
  return { kind: 'following', behindSeconds: Math.max(0, Math.round(behind * 10) / 10) };
}

/** The cursor moves to `time` (the newest appended); every id of the page at it is kept. */
function movedCursor(
  follow: FollowCursor,
  time: number,
  page: readonly AppLogEntry[],
): FollowCursor {
  const cursorSeconds = boundToSeconds(follow.cursor);
  if (cursorSeconds === undefined || time > cursorSeconds) {
    const startTie = follow.startTie && time > follow.startTie.time ? null : follow.startTie;
    return { ...follow, cursor: time, cursorIds: idsAt(page, time), startTie };
  }
  const cursorIds = new Set(follow.cursorIds);
  for (const id of idsAt(page, time)) cursorIds.add(id);
  return { ...follow, cursorIds };
}

/** Where following starts after the first page. */
function firstCursor(
  state: TailState,
  shown: readonly AppLogEntry[],
  full: boolean,
  nowMs: number,
): FollowCursor {
  const { filter } = state;
  const newest = shown[shown.length - 1];
  const oldest = shown[0];
  let cursor: number | string;
  if (newest) cursor = newest.time;
  else if (filter.since !== undefined) cursor = filter.since;
  // The empty search covered only the 24 h window before now.
  else if (filter.q) cursor = Math.floor(nowMs / 1000) - LOG_SEARCH_WINDOW_SECONDS;
  // Nothing matches at all: everything that comes is new.
  else cursor = 0;
  return {
    cursor,
    cursorIds: newest ? idsAt(shown, newest.time) : new Set(),
    startTie: full && oldest ? { time: oldest.time, ids: idsAt(shown, oldest.time) } : null,
    group: null,
    next: 'interval',
  };
}

/** The newest page (before the filter's `before`, if any), shown oldest first. */
export function applyFirstPage(
  state: TailState,
  raw: readonly AppLogEntry[],
  nowMs: number,
): TailState {
  const full = raw.length >= state.limit;
  const since = sinceSeconds(state);
  const page = toAscending(raw, true);
  const shown = freshEntries(state, page, (entry) => since === undefined || entry.time >= since);
  const buffer = withEntries(state.buffer, shown);
  const older = {
    boundary: boundaryOf(buffer.entries),
    more: full && shown.length === page.length,
    groupStart: null,
  };
  if (state.filter.before !== undefined) {
    return { ...state, phase: { kind: 'history' }, buffer, older };
  }
  return {
    ...state,
    phase: { kind: 'following', behindSeconds: null },
    buffer,
    older,
    follow: firstCursor(state, shown, full, nowMs),
  };
}

/** A `since` = cursor page. */
export function applyFollowPage(
  state: TailState,
  raw: readonly AppLogEntry[],
  nowMs: number,
): TailState {
  const { follow } = state;
  const full = raw.length >= state.limit;
  const page = toAscending(raw, false);
  const cursorSeconds = boundToSeconds(follow.cursor);

  // Entries at the first page's cut-off time listed before the ones it held are older than
  // the start point (ties keep one order): older pages find them, following must not.
  const tie = follow.startTie && cursorSeconds === follow.startTie.time ? follow.startTie : null;
  const lastKnownTieIndex = tie
    ? lastIndexOfKnown(page, tie.time, (entry) => tie.ids.has(entry.id))
    : -1;
  const fresh = freshEntries(state, page, (entry, index) => {
    if (follow.cursorIds.has(entry.id)) return false;
    // A server that ignores `since` precision must not bring back what lies before the cursor.
    if (cursorSeconds !== undefined && entry.time < cursorSeconds) return false;
    // A page that does not reach them lists only such older entries at that time.
    return !(
      tie &&
      entry.time === tie.time &&
      (lastKnownTieIndex < 0 || index < lastKnownTieIndex)
    );
  });

  const newest = fresh[fresh.length - 1];
  if (newest) {
    const moved = movedCursor(follow, newest.time, page);
    return {
      ...state,
      phase: followingPhase(full, moved.cursor, nowMs),
      buffer: appendNewer(state.buffer, fresh),
      follow: { ...moved, next: full ? 'now' : 'interval' },
    };
  }
  if (full && cursorSeconds !== undefined) {
    // A full page with nothing new: at least `limit` entries share the cursor time, and
    // `since` cannot reach past the first `limit` of them.
    const group = { time: cursorSeconds, since: nextUp(cursorSeconds), streak: 0, after: null };
    return { ...state, follow: { ...follow, group, next: 'now' } };
  }
  return {
    ...state,
    phase: followingPhase(full, follow.cursor, nowMs),
    follow: { ...follow, next: full ? 'now' : 'interval' },
  };
}

/**
 * Following while at least `limit` entries share the cursor time T takes two requests:
 * `since` = the next representable time above T (what comes after the group), then the
 * newest page before that time (the group's end). The first is kept until the second is in.
 */
export function applyGroupAfter(state: TailState, raw: readonly AppLogEntry[]): TailState {
  const { group } = state.follow;
  if (!group) return state;
  return { ...state, follow: { ...state.follow, group: { ...group, after: raw }, next: 'now' } };
}

/**
 * The group's end. It is asked after the page after the group, so once something newer than
 * T exists the end it sees is final (server time only grows). If it does not overlap what
 * was seen from the group's start, entries in the middle are out of reach: the reported gap.
 */
export function applyGroupEnd(
  state: TailState,
  endRaw: readonly AppLogEntry[],
  nowMs: number,
): TailState {
  const { group, cursorIds } = state.follow;
  if (!group) return state;
  let next = state;

  const end = toAscending(endRaw, true).filter((entry) => entry.time === group.time);
  const lastKnown = lastIndexOfKnown(end, group.time, (entry) => cursorIds.has(entry.id));
  // Before a known entry of the group: older than the start point (see `startTie`).
  const endFresh = freshEntries(
    state,
    end,
    (entry, index) => !cursorIds.has(entry.id) && index >= lastKnown,
  );
  if (endFresh.length > 0 && lastKnown < 0) next = withGap(next, group.time, group.since);

  const afterRaw = group.after ?? [];
  const full = afterRaw.length >= state.limit;
  const after = toAscending(afterRaw, false);
  const endIds = new Set(endFresh.map((entry) => entry.id));
  const afterFresh = freshEntries(
    state,
    after,
    (entry) => entry.time > group.time && !endIds.has(entry.id),
  );
  let { since, streak } = group;
  if (afterFresh.length === 0 && full) {
    // The server did not honour the precision of `since`: step a little further each time.
    streak += 1;
    since = group.time + Math.max(group.since - group.time, 1e-6 * 10 ** (streak - 1));
    next = withGap(next, group.time, since);
  }

  const withEnd: FollowCursor = { ...state.follow, cursorIds: new Set([...cursorIds, ...endIds]) };
  const newest = afterFresh[afterFresh.length - 1];
  const follow = newest
    ? movedCursor({ ...withEnd, group: null }, newest.time, after)
    : { ...withEnd, group: { time: group.time, since, streak, after: null } };
  const more = full && afterFresh.length > 0;
  return {
    ...next,
    phase: followingPhase(more, follow.cursor, nowMs),
    buffer: appendNewer(state.buffer, endFresh.concat(afterFresh)),
    follow: { ...follow, next: more ? 'now' : 'interval' },
  };
}
