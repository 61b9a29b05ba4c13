/**
 * The log tail engine: cursor-based polling over `GET /apps/{app_id}/logs`, with no React and
 * no DOM. The viewer reads it through `subscribe` + `getSnapshot` (useSyncExternalStore).
 *
 * Additions to the agreed interface (nothing was changed or renamed):
 * - `TailSnapshot.paused`: paused is also true while the status shows `reconnecting`/`hidden`.
 * - `TailSnapshot.gaps`: the time ranges reported in `warnings`, as numbers (tests and the
 *   viewer can mark them).
 * - `TailSnapshot.olderError`: why the last `loadOlder` failed, or null.
 * - `TailSnapshot.canLoadNewer` / `loadNewer()`: a history view opened around an entry can be
 *   extended towards the present.
 * - `startAround(filter, at, entryId)`: a history view around one entry (copy-link);
 *   `TailSnapshot.focusId` names that entry.
 *
 * How the cursor works (the spec has no tie-breaker between entries that share one `time`):
 * - follow with `since` = the newest `time` seen, the very number the server sent (it
 *   round-trips exactly through `String()`), and drop every id already seen at that time;
 * - a full page means "more is waiting": ask again at once; a short page: wait the interval;
 * - a full page with nothing new means more than `limit` entries share one time: the rest of
 *   them cannot be reached by `since`, so the engine reports a possible gap and continues from
 *   the next representable time above it;
 * - older entries are loaded with `before` just above the oldest time held (so the rest of a
 *   group cut by the first page is found), deduplicated by id the same way.
 */
import type { AppLogEntry, AppLogQuery, LogLevel } from '../../api/schemas/app-log';
import { LOG_LIMIT_MAX, LOG_SEARCH_WINDOW_SECONDS } from '../../api/schemas/app-log';
import { boundToSeconds, nextUp, toAscending } from './log-cursor';

export interface TailFilter {
  level?: LogLevel;
  job?: string;
  q?: string;
  since?: number | string;
  before?: number | string;
}

export interface TailClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface TailEngineOptions {
  fetchPage: (query: AppLogQuery, signal: AbortSignal) => Promise<AppLogEntry[]>;
  intervalMs?: number; // 1000
  limit?: number; // 200
  maxEntries?: number; // 20000
  maxBackoffMs?: number; // 30000
  clock?: TailClock;
}

export type TailStatus =
  | { kind: 'starting' }
  | { kind: 'live' } // caught up, following
  | { kind: 'catching-up'; behindSeconds: number } // last page was full
  | { kind: 'paused'; pending: number } // polling goes on; entries held back
  | { kind: 'reconnecting'; retryAt: number; attempt: number; error: string }
  | { kind: 'hidden' } // tab hidden: polling stopped
  | { kind: 'history' }; // `before` set: no polling

/** A time range in which entries may be missing: `from` inclusive, `to` exclusive. */
export interface TailGap {
  from: number;
  to: number;
}

export interface TailSnapshot {
  entries: readonly AppLogEntry[]; // oldest first; a NEW array object whenever it changes
  status: TailStatus;
  warnings: readonly string[];
  droppedCount: number; // entries dropped from the start of the buffer (bounded buffer)
  canLoadOlder: boolean;
  loadingOlder: boolean;
  filter: TailFilter;
  generation: number; // increments on every fresh start (filter change)
  appended: number; // total entries appended at the end since start
  // Additions (see the top of the file).
  paused: boolean;
  gaps: readonly TailGap[];
  olderError: string | null;
  canLoadNewer: boolean;
  loadingNewer: boolean;
  /** The entry a history view was opened around (`startAround`), or null. */
  focusId: string | null;
}

const DEFAULT_INTERVAL_MS = 1000;
const DEFAULT_MAX_ENTRIES = 20_000;
const DEFAULT_MAX_BACKOFF_MS = 30_000;
const MAX_WARNINGS = 50;
const MAX_GAPS = 1000;

const systemClock: TailClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

type Mode = 'idle' | 'live' | 'history' | 'stopped';

/** Ids held at the oldest end, for `loadOlder`. */
interface OlderBoundary {
  time: number;
  ids: Set<string>;
  /** After a stuck page at `time`: ask strictly before it. */
  exclusive: boolean;
}

interface StuckGroup {
  /** The time shared by at least `limit` entries. */
  time: number;
  /** Where following continues: the next representable time above `time`. */
  since: number;
  /** How often the server answered as if `since` were still `time`. */
  streak: number;
}

/** Index of the last entry at `time` whose id is known, or -1. */
function lastIndexOfKnown(
  page: readonly AppLogEntry[],
  time: number,
  known: ReadonlySet<string>,
): number {
  for (let i = page.length - 1; i >= 0; i -= 1) {
    const entry = page[i] as AppLogEntry;
    if (entry.time === time && known.has(entry.id)) return i;
  }
  return -1;
}

function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' && error ? error : 'The request failed';
}

function normalizeFilter(filter: TailFilter): TailFilter {
  const out: TailFilter = {};
  if (filter.level) out.level = filter.level;
  if (filter.job?.trim()) out.job = filter.job.trim();
  if (filter.q?.trim()) out.q = filter.q.trim();
  if (filter.since !== undefined && filter.since !== '') out.since = filter.since;
  if (filter.before !== undefined && filter.before !== '') out.before = filter.before;
  return out;
}

function formatTime(seconds: number): string {
  const ms = seconds * 1000;
  return Number.isFinite(ms) && Math.abs(ms) < 8.64e15
    ? new Date(ms).toISOString()
    : String(seconds);
}

function sameStatus(a: TailStatus, b: TailStatus): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Keeps `getSnapshot` stable when a poll changed nothing (useSyncExternalStore re-renders). */
function sameSnapshot(a: TailSnapshot, b: TailSnapshot): boolean {
  for (const key of Object.keys(b) as (keyof TailSnapshot)[]) {
    if (key === 'status') {
      if (!sameStatus(a.status, b.status)) return false;
    } else if (a[key] !== b[key]) {
      return false;
    }
  }
  return true;
}

export class TailEngine {
  private readonly fetchPage: TailEngineOptions['fetchPage'];
  private readonly intervalMs: number;
  private readonly limit: number;
  private readonly maxEntries: number;
  private readonly maxBackoffMs: number;
  private readonly clock: TailClock;

  private mode: Mode = 'idle';
  private filter: TailFilter = {};
  private generation = 0;
  private controller = new AbortController();
  private listeners = new Set<() => void>();

  private entries: AppLogEntry[] = [];
  private pending: AppLogEntry[] = [];
  /** Ids of `entries` and `pending`: nothing is shown twice. */
  private ids = new Set<string>();

  /** Follow cursor: the newest `time` seen, as the server sent it (or the filter's `since`). */
  private cursor: number | string | undefined;
  /** Every id seen at the cursor time (kept even when those entries leave the buffer). */
  private cursorIds = new Set<string>();
  /**
   * When the first page was full, its oldest time and the ids it held there: entries of that
   * time that a later `since` page lists before them are older than the start point.
   */
  private startTie: { time: number; ids: Set<string> } | null = null;
  private initialDone = false;
  private lastPageFull = false;
  /** Following is past a full page of one time: see loadStuckPages. */
  private stuck: StuckGroup | null = null;

  private older: OlderBoundary | null = null;
  private hasOlder = false;
  private olderPromise: Promise<void> | null = null;
  private olderError: string | null = null;
  /** History around an entry: where `loadNewer` continues. */
  private newerCursor: number | undefined;
  private newerIds = new Set<string>();
  private hasNewer = false;
  private newerPromise: Promise<void> | null = null;
  private focusId: string | null = null;

  private timer: unknown = null;
  private inFlight: object | null = null;
  private failures = 0;
  private reconnect: { retryAt: number; attempt: number; error: string } | null = null;
  private paused = false;
  private pendingDropped = 0;
  private visible = true;

  private warnings: string[] = [];
  private gaps: TailGap[] = [];
  private droppedCount = 0;
  private appended = 0;

  private snapshot: TailSnapshot;

  constructor(options: TailEngineOptions) {
    this.fetchPage = options.fetchPage;
    this.intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
    this.limit = Math.max(1, Math.min(LOG_LIMIT_MAX, options.limit ?? LOG_LIMIT_MAX));
    this.maxEntries = Math.max(1, options.maxEntries ?? DEFAULT_MAX_ENTRIES);
    this.maxBackoffMs = options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS;
    this.clock = options.clock ?? systemClock;
    this.snapshot = this.buildSnapshot();
  }

  // ---------------------------------------------------------------- public interface

  /** Fresh tail: a newest-first page shown oldest first, then follow (or history with `before`). */
  start(filter: TailFilter): void {
    this.reset(normalizeFilter(filter));
    this.mode = this.filter.before !== undefined ? 'history' : 'live';
    this.emit();
    void this.poll();
  }

  /** A fresh start: nothing of the old filter ever shows under the new one. */
  setFilter(filter: TailFilter): void {
    this.start(filter);
  }

  /** History view around one entry (copy-link): entries before and after `at`. */
  startAround(filter: TailFilter, at: number, entryId: string): void {
    this.reset(normalizeFilter(filter));
    this.mode = 'history';
    this.focusId = entryId;
    this.emit();
    void this.loadAround(at);
  }

  loadOlder(): Promise<void> {
    if (this.olderPromise) return this.olderPromise;
    if (!this.canLoadOlder()) return Promise.resolve();
    const promise = this.runPageLoad(
      (generation) => this.runLoadOlder(generation),
      () => (this.olderPromise = null),
    );
    this.olderPromise = promise;
    this.emit();
    return promise;
  }

  /** In a history view opened around an entry: the next page towards the present. */
  loadNewer(): Promise<void> {
    if (this.newerPromise) return this.newerPromise;
    if (this.mode !== 'history' || !this.hasNewer || this.newerCursor === undefined) {
      return Promise.resolve();
    }
    const promise = this.runPageLoad(
      (generation) => this.runLoadNewer(generation),
      () => (this.newerPromise = null),
    );
    this.newerPromise = promise;
    this.emit();
    return promise;
  }

  /**
   * One on-demand page load (older or newer) of the current generation: its error shows as
   * `olderError`, and `settle` clears the in-flight slot unless a fresh start replaced it.
   */
  private runPageLoad(
    load: (generation: number) => Promise<void>,
    settle: () => void,
  ): Promise<void> {
    const generation = this.generation;
    return load(generation)
      .catch((error: unknown) => {
        if (generation === this.generation) this.olderError = errorMessage(error);
      })
      .finally(() => {
        if (generation !== this.generation) return;
        settle();
        this.emit();
      });
  }

  pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.emit();
  }

  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    if (this.pending.length > 0) {
      const held = this.pending;
      this.pending = [];
      this.droppedCount += this.pendingDropped;
      this.pendingDropped = 0;
      this.appended += held.length;
      this.entries = this.entries.concat(held);
      this.trim();
    }
    this.emit();
  }

  setVisible(visible: boolean): void {
    if (visible === this.visible) return;
    this.visible = visible;
    if (!visible) {
      this.clearTimer();
    } else if (this.mode === 'live' && !this.inFlight) {
      // Catch up at once, also instead of waiting out a backoff.
      this.clearTimer();
      void this.poll();
    }
    this.emit();
  }

  stop(): void {
    this.mode = 'stopped';
    this.generation += 1;
    this.controller.abort();
    this.clearTimer();
    this.inFlight = null;
    this.olderPromise = null;
    this.newerPromise = null;
    this.emit();
  }

  getSnapshot(): TailSnapshot {
    return this.snapshot;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  // ---------------------------------------------------------------- state

  private reset(filter: TailFilter): void {
    this.generation += 1;
    this.controller.abort();
    this.controller = new AbortController();
    this.clearTimer();
    this.filter = filter;
    this.entries = [];
    this.pending = [];
    this.ids = new Set();
    this.cursor = undefined;
    this.cursorIds = new Set();
    this.startTie = null;
    this.initialDone = false;
    this.lastPageFull = false;
    this.stuck = null;
    this.older = null;
    this.hasOlder = false;
    this.olderPromise = null;
    this.olderError = null;
    this.newerCursor = undefined;
    this.newerIds = new Set();
    this.hasNewer = false;
    this.newerPromise = null;
    this.focusId = null;
    this.inFlight = null;
    this.failures = 0;
    this.reconnect = null;
    this.pendingDropped = 0;
    this.warnings = [];
    this.gaps = [];
    this.droppedCount = 0;
    this.appended = 0;
    // `paused` and `visible` belong to the viewer, not to the filter: they carry over.
  }

  private canLoadOlder(): boolean {
    return (
      (this.mode === 'live' || this.mode === 'history') &&
      this.initialDone &&
      this.hasOlder &&
      this.droppedCount === 0 &&
      this.pendingDropped === 0 &&
      this.entries.length < this.maxEntries
    );
  }

  private baseQuery(): AppLogQuery {
    const query: AppLogQuery = { limit: this.limit };
    if (this.filter.level) query.level = this.filter.level;
    if (this.filter.job) query.job = this.filter.job;
    if (this.filter.q) query.q = this.filter.q;
    return query;
  }

  private sinceSeconds(): number | undefined {
    return boundToSeconds(this.filter.since);
  }

  private warn(time: number, to: number): void {
    this.gaps = [...this.gaps, { from: time, to }].slice(-MAX_GAPS);
    const message = `More than ${this.limit} entries share the time ${formatTime(time)}: some may be missing`;
    if (!this.warnings.includes(message)) {
      this.warnings = [...this.warnings, message].slice(-MAX_WARNINGS);
    }
  }

  /** Bounded buffer: the oldest entries leave first. */
  private trim(): void {
    const excess = this.entries.length - this.maxEntries;
    if (excess <= 0) return;
    for (let i = 0; i < excess; i += 1) {
      this.ids.delete((this.entries[i] as AppLogEntry).id);
    }
    this.entries = this.entries.slice(excess);
    this.droppedCount += excess;
    this.older = null;
    this.hasOlder = false;
  }

  private append(fresh: AppLogEntry[]): void {
    if (fresh.length === 0) return;
    if (this.paused) {
      this.pending = this.pending.concat(fresh);
      const excess = this.pending.length - this.maxEntries;
      if (excess > 0) {
        for (let i = 0; i < excess; i += 1) {
          this.ids.delete((this.pending[i] as AppLogEntry).id);
        }
        this.pending = this.pending.slice(excess);
        // Once resumed these and the whole current buffer would be gone anyway.
        this.pendingDropped += excess;
      }
      return;
    }
    this.appended += fresh.length;
    this.entries = this.entries.concat(fresh);
    this.trim();
  }

  private setOlderBoundary(): void {
    const first = this.entries[0];
    if (!first) {
      this.older = null;
      return;
    }
    const ids = new Set<string>();
    for (const entry of this.entries) {
      if (entry.time !== first.time) break;
      ids.add(entry.id);
    }
    this.older = { time: first.time, ids, exclusive: false };
  }

  // ---------------------------------------------------------------- polling

  private clearTimer(): void {
    if (this.timer !== null) {
      this.clock.clearTimeout(this.timer);
      this.timer = null;
    }
  }

  private canPoll(): boolean {
    if (this.mode === 'live') return this.visible;
    // History: only the first page (and its retries) is fetched.
    return this.mode === 'history' && !this.initialDone;
  }

  private schedule(delayMs: number): void {
    this.clearTimer();
    if (!this.canPoll()) return;
    if (delayMs <= 0) {
      void this.poll();
      return;
    }
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      void this.poll();
    }, delayMs);
  }

  private backoffMs(attempt: number): number {
    return Math.min(this.maxBackoffMs, 1000 * 2 ** Math.min(attempt - 1, 30));
  }

  private async poll(): Promise<void> {
    if (!this.canPoll() || this.inFlight) return;
    const generation = this.generation;
    const token = {};
    this.inFlight = token;
    let nextDelay: number;
    try {
      if (this.mode === 'history') {
        await this.loadHistoryPage(generation);
      } else if (!this.initialDone) {
        await this.loadInitialPage(generation);
      } else {
        await this.loadFollowPage(generation);
      }
      if (generation !== this.generation) return;
      this.failures = 0;
      this.reconnect = null;
      nextDelay = this.lastPageFull ? 0 : this.intervalMs;
    } catch (error) {
      if (generation !== this.generation) return;
      this.failures += 1;
      nextDelay = this.backoffMs(this.failures);
      this.reconnect = {
        retryAt: this.clock.now() + nextDelay,
        attempt: this.failures,
        error: errorMessage(error),
      };
    } finally {
      if (this.inFlight === token) this.inFlight = null;
    }
    this.emit();
    this.schedule(nextDelay);
  }

  private async loadInitialPage(generation: number): Promise<void> {
    const raw = await this.fetchPage(this.baseQuery(), this.controller.signal);
    if (generation !== this.generation) return;
    const full = raw.length >= this.limit;
    const since = this.sinceSeconds();
    const page = toAscending(raw, true);
    const shown: AppLogEntry[] = [];
    for (const entry of page) {
      if (since !== undefined && entry.time < since) continue;
      if (this.ids.has(entry.id)) continue;
      this.ids.add(entry.id);
      shown.push(entry);
    }
    const newest = shown[shown.length - 1];
    if (newest) {
      this.cursor = newest.time;
      for (const entry of shown) if (entry.time === newest.time) this.cursorIds.add(entry.id);
    } else if (this.filter.since !== undefined) {
      this.cursor = this.filter.since;
    } else if (this.filter.q) {
      // The empty search covered only the 24 h window before now.
      this.cursor = Math.floor(this.clock.now() / 1000) - LOG_SEARCH_WINDOW_SECONDS;
    } else {
      // Nothing matches at all: everything that comes is new.
      this.cursor = 0;
    }
    const oldest = shown[0];
    if (full && oldest) {
      const ids = new Set<string>();
      for (const entry of shown) if (entry.time === oldest.time) ids.add(entry.id);
      this.startTie = { time: oldest.time, ids };
    }
    this.entries = shown;
    this.appended = 0;
    this.trim();
    this.setOlderBoundary();
    this.hasOlder = full && shown.length === page.length;
    this.initialDone = true;
    this.lastPageFull = false;
  }

  private async loadHistoryPage(generation: number): Promise<void> {
    const query = this.baseQuery();
    if (this.filter.before !== undefined) query.before = this.filter.before;
    const raw = await this.fetchPage(query, this.controller.signal);
    if (generation !== this.generation) return;
    const since = this.sinceSeconds();
    const page = toAscending(raw, true);
    const shown: AppLogEntry[] = [];
    for (const entry of page) {
      if (since !== undefined && entry.time < since) continue;
      if (this.ids.has(entry.id)) continue;
      this.ids.add(entry.id);
      shown.push(entry);
    }
    this.entries = shown;
    this.trim();
    this.setOlderBoundary();
    this.hasOlder = raw.length >= this.limit && shown.length === page.length;
    this.initialDone = true;
    this.lastPageFull = false;
  }

  private async loadFollowPage(generation: number): Promise<void> {
    if (this.stuck) {
      await this.loadStuckPages(generation);
      return;
    }
    const query = this.baseQuery();
    if (this.cursor !== undefined) query.since = this.cursor;
    const raw = await this.fetchPage(query, this.controller.signal);
    if (generation !== this.generation) return;
    const full = raw.length >= this.limit;
    const page = toAscending(raw, false);
    const cursorSeconds = boundToSeconds(this.cursor);

    // Entries at the first page's cut-off time listed before the ones it held are older than
    // the start point (ties keep one order): `loadOlder` finds them, following must not.
    const tie = this.startTie && cursorSeconds === this.startTie.time ? this.startTie : null;
    const lastKnownTieIndex = tie ? lastIndexOfKnown(page, tie.time, tie.ids) : -1;

    const fresh: AppLogEntry[] = [];
    page.forEach((entry, index) => {
      if (this.ids.has(entry.id) || this.cursorIds.has(entry.id)) return;
      // A server that ignores `since` precision must not bring back what lies before the cursor.
      if (cursorSeconds !== undefined && entry.time < cursorSeconds) return;
      // A page that does not reach them lists only such older entries at that time.
      if (tie && entry.time === tie.time && (lastKnownTieIndex < 0 || index < lastKnownTieIndex)) {
        return;
      }
      this.ids.add(entry.id);
      fresh.push(entry);
    });

    const newest = fresh[fresh.length - 1];
    if (newest) {
      this.moveCursor(newest.time, page);
      this.append(fresh);
      this.lastPageFull = full;
      return;
    }
    if (full && cursorSeconds !== undefined) {
      // A full page with nothing new: at least `limit` entries share the cursor time, and
      // `since` cannot reach past the first `limit` of them.
      this.stuck = { time: cursorSeconds, since: nextUp(cursorSeconds), streak: 0 };
      await this.loadStuckPages(generation);
      return;
    }
    this.lastPageFull = full;
  }

  /**
   * Following while at least `limit` entries share the cursor time T. Two requests per tick:
   * `since` = the next representable time above T (what comes after the group), then the
   * newest page before that time (the group's end). The second is asked after the first, so
   * once something newer than T exists the group's end it sees is final (server time only
   * grows). If the group's end does not overlap what was seen from its start, entries in the
   * middle are out of reach: that is the reported gap.
   */
  private async loadStuckPages(generation: number): Promise<void> {
    const stuck = this.stuck as StuckGroup;
    const afterRaw = await this.fetchPage(
      { ...this.baseQuery(), since: stuck.since },
      this.controller.signal,
    );
    if (generation !== this.generation) return;
    const endRaw = await this.fetchPage(
      { ...this.baseQuery(), before: nextUp(stuck.time) },
      this.controller.signal,
    );
    if (generation !== this.generation) return;

    const end = toAscending(endRaw, true).filter((entry) => entry.time === stuck.time);
    const lastKnown = lastIndexOfKnown(end, stuck.time, this.cursorIds);
    const endFresh: AppLogEntry[] = [];
    end.forEach((entry, index) => {
      if (this.ids.has(entry.id) || this.cursorIds.has(entry.id)) return;
      // Before a known entry of the group: older than the start point (see startTie).
      if (index < lastKnown) return;
      endFresh.push(entry);
    });
    if (endFresh.length > 0 && lastKnown < 0) this.warn(stuck.time, stuck.since);

    const full = afterRaw.length >= this.limit;
    const after = toAscending(afterRaw, false);
    const afterFresh = after.filter(
      (entry) => entry.time > stuck.time && !this.ids.has(entry.id) && !endFresh.includes(entry),
    );
    if (afterFresh.length === 0 && full) {
      // The server did not honour the precision of `since`: step a little further each time.
      stuck.streak += 1;
      const next = stuck.time + Math.max(stuck.since - stuck.time, 1e-6 * 10 ** (stuck.streak - 1));
      this.warn(stuck.time, next);
      stuck.since = next;
    }

    for (const entry of endFresh) {
      this.ids.add(entry.id);
      this.cursorIds.add(entry.id);
    }
    const fresh = endFresh.concat(
      afterFresh.filter((entry) => {
        if (this.ids.has(entry.id)) return false;
        this.ids.add(entry.id);
        return true;
      }),
    );
    const newest = afterFresh[afterFresh.length - 1];
    if (newest) {
      this.stuck = null;
      this.moveCursor(newest.time, after);
    }
    this.append(fresh);
    this.lastPageFull = full && afterFresh.length > 0;
  }

  /** The cursor moves to `time` (the newest appended); every id of the page at it is kept. */
  private moveCursor(time: number, page: readonly AppLogEntry[]): void {
    const cursorSeconds = boundToSeconds(this.cursor);
    if (cursorSeconds === undefined || time > cursorSeconds) {
      this.cursor = time;
      this.cursorIds = new Set();
      if (this.startTie && time > this.startTie.time) this.startTie = null;
    }
    for (const entry of page) if (entry.time === time) this.cursorIds.add(entry.id);
  }

  // ---------------------------------------------------------------- older and around

  private async runLoadOlder(generation: number): Promise<void> {
    const boundary = this.older;
    const query = this.baseQuery();
    if (boundary) {
      query.before = boundary.exclusive ? boundary.time : nextUp(boundary.time);
    } else if (this.filter.before !== undefined) {
      query.before = this.filter.before;
    }
    this.olderError = null;
    let raw: AppLogEntry[];
    try {
      raw = await this.fetchPage(query, this.controller.signal);
    } catch (error) {
      if (generation !== this.generation) return;
      this.olderError = errorMessage(error);
      return;
    }
    if (generation !== this.generation) return;
    const full = raw.length >= this.limit;
    const since = this.sinceSeconds();
    const page = toAscending(raw, true);
    let reachedSince = false;
    // At the oldest time held, only entries listed before the held ones are older; those after
    // them arrived since the start (the same time as the newest), and following gets them.
    const firstKnown = boundary
      ? page.findIndex(
          (entry) =>
            entry.time === boundary.time && (this.ids.has(entry.id) || boundary.ids.has(entry.id)),
        )
      : -1;
    const fresh: AppLogEntry[] = [];
    page.forEach((entry, index) => {
      if (since !== undefined && entry.time < since) {
        reachedSince = true;
        return;
      }
      if (boundary && entry.time > boundary.time) return;
      if (this.ids.has(entry.id) || boundary?.ids.has(entry.id)) return;
      if (boundary && entry.time === boundary.time && (firstKnown < 0 || index > firstKnown)) {
        return;
      }
      fresh.push(entry);
    });
    if (fresh.length === 0 && full && boundary && !reachedSince) {
      // At least `limit` entries share the oldest time, all held from the group's end: ask for
      // the group's start (ascending from that time), then continue strictly before it.
      await this.loadGroupStart(generation, boundary);
      return;
    }
    const room = this.maxEntries - this.entries.length;
    const kept = fresh.length > room ? fresh.slice(fresh.length - room) : fresh;
    for (const entry of kept) this.ids.add(entry.id);
    this.entries = kept.concat(this.entries);
    this.setOlderBoundary();
    this.hasOlder = full && !reachedSince && kept.length === fresh.length;
  }

  private async loadGroupStart(generation: number, boundary: OlderBoundary): Promise<void> {
    const raw = await this.fetchPage(
      { ...this.baseQuery(), since: boundary.time, before: nextUp(boundary.time) },
      this.controller.signal,
    );
    if (generation !== this.generation) return;
    const start = toAscending(raw, false).filter((entry) => entry.time === boundary.time);
    const known = (id: string) => this.ids.has(id) || boundary.ids.has(id);
    const firstKnown = start.findIndex((entry) => known(entry.id));
    const fresh = (firstKnown < 0 ? start : start.slice(0, firstKnown)).filter(
      (entry) => !known(entry.id),
    );
    if (firstKnown < 0 && fresh.length > 0) this.warn(boundary.time, nextUp(boundary.time));
    const room = this.maxEntries - this.entries.length;
    const kept = fresh.length > room ? fresh.slice(fresh.length - room) : fresh;
    for (const entry of kept) this.ids.add(entry.id);
    this.entries = kept.concat(this.entries);
    const ids = new Set(boundary.ids);
    for (const entry of kept) ids.add(entry.id);
    this.older = { time: boundary.time, ids, exclusive: true };
    this.hasOlder = kept.length === fresh.length;
  }

  private async loadAround(at: number): Promise<void> {
    const generation = this.generation;
    const beforeQuery: AppLogQuery = { ...this.baseQuery(), before: nextUp(at) };
    const afterQuery: AppLogQuery = { ...this.baseQuery(), since: at };
    if (this.filter.before !== undefined) afterQuery.before = this.filter.before;
    let beforeRaw: AppLogEntry[];
    let afterRaw: AppLogEntry[];
    try {
      [beforeRaw, afterRaw] = await Promise.all([
        this.fetchPage(beforeQuery, this.controller.signal),
        this.fetchPage(afterQuery, this.controller.signal),
      ]);
    } catch (error) {
      if (generation !== this.generation) return;
      this.failures += 1;
      const delay = this.backoffMs(this.failures);
      this.reconnect = {
        retryAt: this.clock.now() + delay,
        attempt: this.failures,
        error: errorMessage(error),
      };
      this.emit();
      this.timer = this.clock.setTimeout(() => {
        this.timer = null;
        if (generation === this.generation) void this.loadAround(at);
      }, delay);
      return;
    }
    if (generation !== this.generation) return;
    this.failures = 0;
    this.reconnect = null;
    const since = this.sinceSeconds();
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
    if (
      afterRaw.length >= this.limit &&
      tailOfGroup.length > 0 &&
      before.every((entry) => entry.time !== at || !afterIds.has(entry.id))
    ) {
      this.warn(at, nextUp(at));
    }
    const merged = before
      .filter((entry) => entry.time < at)
      .concat(after, tailOfGroup)
      .filter((entry) => {
        if (this.ids.has(entry.id)) return false;
        this.ids.add(entry.id);
        return true;
      });
    this.entries = merged;
    this.trim();
    this.setOlderBoundary();
    this.hasOlder =
      beforeRaw.length >= this.limit &&
      before.length === beforeRaw.length &&
      this.droppedCount === 0;
    const newest = merged[merged.length - 1];
    this.newerCursor = newest?.time ?? at;
    this.newerIds = new Set(
      merged.filter((entry) => entry.time === this.newerCursor).map((entry) => entry.id),
    );
    this.hasNewer = afterRaw.length >= this.limit;
    this.initialDone = true;
    this.emit();
  }

  private async runLoadNewer(generation: number): Promise<void> {
    const query: AppLogQuery = { ...this.baseQuery(), since: this.newerCursor };
    if (this.filter.before !== undefined) query.before = this.filter.before;
    let raw: AppLogEntry[];
    try {
      raw = await this.fetchPage(query, this.controller.signal);
    } catch (error) {
      if (generation !== this.generation) return;
      this.olderError = errorMessage(error);
      return;
    }
    if (generation !== this.generation) return;
    const full = raw.length >= this.limit;
    const fresh = toAscending(raw, false).filter((entry) => {
      if (this.ids.has(entry.id) || this.newerIds.has(entry.id)) return false;
      this.ids.add(entry.id);
      return true;
    });
    const newest = fresh[fresh.length - 1];
    if (newest) {
      if (newest.time !== this.newerCursor) this.newerIds = new Set();
      this.newerCursor = newest.time;
      for (const entry of raw) if (entry.time === newest.time) this.newerIds.add(entry.id);
      this.hasNewer = full;
    } else if (full && this.newerCursor !== undefined) {
      // At least `limit` entries share the newest time: fetch the group's end, then go on
      // from the next representable time (as when following; see loadStuckPages).
      const time = this.newerCursor;
      const endRaw = await this.fetchPage(
        { ...this.baseQuery(), before: nextUp(time) },
        this.controller.signal,
      );
      if (generation !== this.generation) return;
      const end = toAscending(endRaw, true).filter((entry) => entry.time === time);
      const known = new Set([...this.newerIds].filter((id) => this.ids.has(id)));
      for (const entry of end) if (this.ids.has(entry.id)) known.add(entry.id);
      const lastKnown = lastIndexOfKnown(end, time, known);
      const endFresh = end.filter((entry, index) => index > lastKnown && !this.ids.has(entry.id));
      if (endFresh.length > 0 && lastKnown < 0) this.warn(time, nextUp(time));
      for (const entry of endFresh) {
        this.ids.add(entry.id);
        fresh.push(entry);
      }
      this.newerCursor = nextUp(time);
      this.newerIds = new Set();
      this.hasNewer = true;
    } else {
      this.hasNewer = false;
    }
    this.appended += fresh.length;
    this.entries = this.entries.concat(fresh);
    this.trim();
  }

  // ---------------------------------------------------------------- snapshot

  private status(): TailStatus {
    if (this.mode === 'history') {
      if (this.reconnect) return { kind: 'reconnecting', ...this.reconnect };
      return this.initialDone ? { kind: 'history' } : { kind: 'starting' };
    }
    if (this.mode === 'idle') return { kind: 'starting' };
    if (!this.visible && this.mode === 'live') return { kind: 'hidden' };
    if (this.reconnect) return { kind: 'reconnecting', ...this.reconnect };
    if (this.paused) return { kind: 'paused', pending: this.pending.length };
    if (!this.initialDone) return { kind: 'starting' };
    if (this.lastPageFull) {
      const cursor = boundToSeconds(this.cursor);
      const behind = cursor === undefined ? 0 : this.clock.now() / 1000 - cursor;
      return { kind: 'catching-up', behindSeconds: Math.max(0, Math.round(behind * 10) / 10) };
    }
    return { kind: 'live' };
  }

  private buildSnapshot(): TailSnapshot {
    return {
      entries: this.entries,
      status: this.status(),
      warnings: this.warnings,
      droppedCount: this.droppedCount,
      canLoadOlder: this.canLoadOlder(),
      loadingOlder: this.olderPromise !== null,
      filter: this.filter,
      generation: this.generation,
      appended: this.appended,
      paused: this.paused,
      gaps: this.gaps,
      olderError: this.olderError,
      canLoadNewer: this.mode === 'history' && this.hasNewer,
      loadingNewer: this.newerPromise !== null,
      focusId: this.focusId,
    };
  }

  private emit(): void {
    const next = this.buildSnapshot();
    if (sameSnapshot(this.snapshot, next)) return;
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }
}
