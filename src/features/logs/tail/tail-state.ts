/**
 * The log tail's state, as plain immutable data: which view it is (`phase`), the follow
 * cursor, what older and newer pages continue from, the bounded buffer, and the reported gaps.
 * Nothing here fetches, waits or reads a clock; the functions that change it (tail-follow.ts,
 * tail-history.ts, tail-requests.ts) return a new state. Decision record 007 explains the
 * split; 004 the cursor rules.
 */
import type { AppLogEntry, AppLogQuery, LogLevel } from '../../../../contract/schemas/app-log';
import { emptyBuffer, holds, type TailBuffer } from './tail-buffer';
import { boundToSeconds } from './log-cursor';

export interface TailFilter {
  level?: LogLevel;
  job?: string;
  /** How `job` matches (decision 052); absent: exact. */
  jobMatch?: 'prefix' | 'contains';
  q?: string;
  since?: number | string;
  before?: number | string;
  where?: readonly string[];
  where_not?: readonly string[];
}

/** A time range in which entries may be missing: `from` inclusive, `to` exclusive. */
export interface TailGap {
  from: number;
  to: number;
}

/** What the status line shows. */
export type TailStatus =
  | { kind: 'starting' }
  | { kind: 'live' } // caught up, following
  | { kind: 'catching-up'; behindSeconds: number } // last page was full
  | { kind: 'paused'; pending: number } // polling goes on; entries held back
  | { kind: 'reconnecting'; retryAt: number; attempt: number; error: string }
  | { kind: 'hidden' } // tab hidden: polling stopped
  | { kind: 'history' }; // `before` set or opened around an entry: no polling

/**
 * Which view the tail is in. Live tails go `starting` → `following`; a `before` filter goes
 * `starting` → `history`; a view around an entry goes `around` → `history`.
 */
export type TailPhase =
  | { kind: 'starting' }
  /** Opening around an entry: the page before it, then the page from it (`before` once in). */
  | { kind: 'around'; at: number; before: readonly AppLogEntry[] | null }
  /** `behindSeconds`: how far the cursor was behind when the last page came full, or null. */
  | { kind: 'following'; behindSeconds: number | null }
  | { kind: 'history' };

/** Ids held at the oldest end, for older pages. */
export interface OlderBoundary {
  time: number;
  ids: ReadonlySet<string>;
  /** After a group's start was read: ask strictly before `time`. */
  exclusive: boolean;
}

/** Following past a full page of one time: see decision 004 and tail-follow.ts. */
export interface StuckGroup {
  /** The time shared by at least `limit` entries. */
  time: number;
  /** Where following continues: the next representable time above `time`. */
  since: number;
  /** How often the server answered as if `since` were still `time`. */
  streak: number;
  /** The page after the group, once in; the group's end is asked next. */
  after: readonly AppLogEntry[] | null;
}

export interface FollowCursor {
  /** The newest `time` seen, as the server sent it (or the filter's `since`). */
  cursor: number | string | undefined;
  /** Every id seen at the cursor time (kept even when those entries leave the buffer). */
  cursorIds: ReadonlySet<string>;
  /**
   * When the first page was full, its oldest time and the ids it held there: entries of that
   * time that a later `since` page lists before them are older than the start point.
   */
  startTie: { time: number; ids: ReadonlySet<string> } | null;
  group: StuckGroup | null;
  /** The next follow request: at once (more is waiting) or after the interval. */
  next: 'now' | 'interval';
}

export interface OlderPages {
  boundary: OlderBoundary | null;
  more: boolean;
  /** A full older page held only known entries: the group's start is read next, at once. */
  groupStart: OlderBoundary | null;
}

/** Newer pages of a view opened around an entry. */
export interface NewerPages {
  cursor: number | undefined;
  /** Ids seen at `cursor`. */
  ids: ReadonlySet<string>;
  more: boolean;
  /** A full newer page held only known entries: the end of the group at this time is next. */
  groupEnd: number | null;
}

export interface TailState {
  readonly limit: number;
  readonly filter: TailFilter;
  /** Increments on every fresh start (filter change). */
  readonly generation: number;
  readonly phase: TailPhase;
  readonly buffer: TailBuffer;
  readonly follow: FollowCursor;
  readonly older: OlderPages;
  readonly newer: NewerPages;
  /** The entry a history view was opened around, or null. */
  readonly focusId: string | null;
  readonly warnings: readonly string[];
  readonly gaps: readonly TailGap[];
}

export interface TailOptions {
  limit: number;
  maxEntries: number;
}

const MAX_WARNINGS = 50;
const MAX_GAPS = 1000;

export function normalizeFilter(filter: TailFilter): TailFilter {
  const out: TailFilter = {};
  if (filter.level) out.level = filter.level;
  if (filter.job?.trim()) {
    out.job = filter.job.trim();
    if (filter.jobMatch) out.jobMatch = filter.jobMatch;
  }
  if (filter.q?.trim()) out.q = filter.q.trim();
  if (filter.since !== undefined && filter.since !== '') out.since = filter.since;
  if (filter.before !== undefined && filter.before !== '') out.before = filter.before;
  if (filter.where?.length) out.where = filter.where;
  if (filter.where_not?.length) out.where_not = filter.where_not;
  return out;
}

/**
 * A fresh tail: a newest-first page shown oldest first, then following (or a history view
 * with `before`). Nothing of `previous` carries over except whether the admin paused.
 */
export function startState(
  filter: TailFilter,
  options: TailOptions,
  previous?: TailState,
): TailState {
  const buffer = emptyBuffer(options.maxEntries);
  return {
    limit: options.limit,
    filter: normalizeFilter(filter),
    generation: (previous?.generation ?? 0) + 1,
    phase: { kind: 'starting' },
    buffer: previous?.buffer.paused ? { ...buffer, paused: true } : buffer,
    follow: { cursor: undefined, cursorIds: new Set(), startTie: null, group: null, next: 'now' },
    older: { boundary: null, more: false, groupStart: null },
    newer: { cursor: undefined, ids: new Set(), more: false, groupEnd: null },
    focusId: null,
    warnings: [],
    gaps: [],
  };
}

/** A history view around one entry (copy-link): entries before and after `at`. */
export function aroundState(
  filter: TailFilter,
  at: number,
  entryId: string,
  options: TailOptions,
  previous?: TailState,
): TailState {
  return {
    ...startState(filter, options, previous),
    phase: { kind: 'around', at, before: null },
    focusId: entryId,
  };
}

/** Whether this tail follows new entries (a live tail, not a history view). */
export function isLive(state: TailState): boolean {
  const { phase } = state;
  return (
    phase.kind === 'following' || (phase.kind === 'starting' && state.filter.before === undefined)
  );
}

/** Once the first page is in: older pages can be asked. */
function isLoaded(state: TailState): boolean {
  return state.phase.kind === 'following' || state.phase.kind === 'history';
}

export function canLoadOlder(state: TailState): boolean {
  const { buffer } = state;
  return (
    isLoaded(state) &&
    state.older.more &&
    buffer.droppedCount === 0 &&
    buffer.pendingDropped === 0 &&
    buffer.entries.length < buffer.maxEntries
  );
}

export function canLoadNewer(state: TailState): boolean {
  return state.phase.kind === 'history' && state.newer.more && state.newer.cursor !== undefined;
}

/** What the driver knows beside the state: the last request failed, the tab is hidden. */
export interface TailConditions {
  retry: { retryAt: number; attempt: number; error: string } | null;
  visible: boolean;
}

/**
 * The status line's state. A history view shows a failed request or where it is; a live tail
 * shows, first to last: hidden, reconnecting, paused, then its phase.
 */
export function statusOf(state: TailState, conditions: TailConditions): TailStatus {
  const { phase } = state;
  const { retry } = conditions;
  if (!isLive(state)) {
    if (retry) return { kind: 'reconnecting', ...retry };
    return phase.kind === 'history' ? { kind: 'history' } : { kind: 'starting' };
  }
  if (!conditions.visible) return { kind: 'hidden' };
  if (retry) return { kind: 'reconnecting', ...retry };
  if (state.buffer.paused) return { kind: 'paused', pending: state.buffer.pending.length };
  if (phase.kind !== 'following') return { kind: 'starting' };
  if (phase.behindSeconds !== null) {
    return { kind: 'catching-up', behindSeconds: phase.behindSeconds };
  }
  return { kind: 'live' };
}

// ---------------------------------------------------------------- helpers of the changes

/** The filter's part of every query. */
export function baseQuery(state: TailState): AppLogQuery {
  const { filter } = state;
  const query: AppLogQuery = { limit: state.limit };
  if (filter.level) query.level = filter.level;
  if (filter.job) query.job = filter.job;
  if (filter.job && filter.jobMatch) query.job_match = filter.jobMatch;
  if (filter.q) query.q = filter.q;
  if (filter.where) query.where = filter.where;
  if (filter.where_not) query.where_not = filter.where_not;
  return query;
}

export function sinceSeconds(state: TailState): number | undefined {
  return boundToSeconds(state.filter.since);
}

/** Ids of the entries at `time` in a list. */
export function idsAt(entries: readonly AppLogEntry[], time: number): Set<string> {
  const ids = new Set<string>();
  for (const entry of entries) if (entry.time === time) ids.add(entry.id);
  return ids;
}

/** Index of the last entry at `time` whose id is known, or -1. */
export function lastIndexOfKnown(
  page: readonly AppLogEntry[],
  time: number,
  known: (entry: AppLogEntry) => boolean,
): number {
  for (let i = page.length - 1; i >= 0; i -= 1) {
    const entry = page[i];
    if (entry?.time === time && known(entry)) return i;
  }
  return -1;
}

/**
 * The entries of a page that pass `keep`, are not in the buffer and not twice in the page:
 * the one place a page is de-duplicated against what is held.
 */
export function freshEntries(
  state: TailState,
  page: readonly AppLogEntry[],
  keep: (entry: AppLogEntry, index: number) => boolean = () => true,
): AppLogEntry[] {
  const taken = new Set<string>();
  return page.filter((entry, index) => {
    if (taken.has(entry.id) || !keep(entry, index) || holds(state.buffer, entry)) return false;
    taken.add(entry.id);
    return true;
  });
}

/** The oldest time held and every id at it, where older pages continue. */
export function boundaryOf(entries: readonly AppLogEntry[]): OlderBoundary | null {
  const first = entries[0];
  if (!first) return null;
  const ids = new Set<string>();
  for (const entry of entries) {
    if (entry.time !== first.time) break;
    ids.add(entry.id);
  }
  return { time: first.time, ids, exclusive: false };
}

function formatTime(seconds: number): string {
  const ms = seconds * 1000;
  return Number.isFinite(ms) && Math.abs(ms) < 8.64e15
    ? new Date(ms).toISOString()
    : String(seconds);
}

/** More than `limit` entries share `time`: some between `time` and `to` may be missing. */
export function withGap(state: TailState, time: number, to: number): TailState {
  const gaps = [...state.gaps, { from: time, to }].slice(-MAX_GAPS);
  const message = `More than ${String(state.limit)} entries share the time ${formatTime(time)}: some may be missing`;
  const warnings = state.warnings.includes(message)
    ? state.warnings
    : [...state.warnings, message].slice(-MAX_WARNINGS);
  return { ...state, gaps, warnings };
}
