/**
 * The log tail's driver: it sends the requests the pure core asks for (tail-requests.ts) over
 * `GET /apps/{app_id}/logs`, and owns what is not pure: timers, back-off after errors,
 * cancellation of a replaced tail, the tab's visibility, and the listeners. No React, no DOM;
 * the viewer reads it through `subscribe` + `getSnapshot` (useSyncExternalStore).
 */
import type { AppLogEntry, AppLogQuery } from '../../../api/schemas/app-log';
import { LOG_LIMIT_MAX } from '../../../api/schemas/app-log';
import { paused, resumed } from './tail-buffer';
import {
  applyPage,
  mustContinue,
  nextRequest,
  pageRequest,
  type PageDirection,
  type TailRequest,
} from './tail-requests';
import {
  aroundState,
  canLoadNewer,
  canLoadOlder,
  isLive,
  startState,
  statusOf,
  type TailConditions,
  type TailFilter,
  type TailGap,
  type TailOptions,
  type TailState,
  type TailStatus,
} from './tail-state';
import { idleIntervalMs } from './tail-idle';
import {
  UNKNOWN_WAIT_SUPPORT,
  afterWaitingAnswer,
  holdsNewer,
  skipsInterval,
  waitsFor,
  type WaitSupport,
} from './tail-wait';

export type { TailFilter, TailGap, TailStatus } from './tail-state';

export interface TailClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Entries the viewer keeps; older ones drop out of the buffer (and the status line says so). */
export const MAX_ENTRIES = 20_000;

export interface TailEngineOptions {
  fetchPage: (query: AppLogQuery, signal: AbortSignal) => Promise<AppLogEntry[]>;
  intervalMs?: number; // 1000
  limit?: number; // 200
  maxEntries?: number; // MAX_ENTRIES
  maxBackoffMs?: number; // 30000
  clock?: TailClock;
  /** `wait` of follow requests (seconds, decision 013); 0 (the default) never sends it. */
  waitSeconds?: number;
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
  /** The admin's choice; the status may say hidden or reconnecting meanwhile. */
  paused: boolean;
  /** The time ranges reported in `warnings`, as numbers (tests and the viewer can mark them). */
  gaps: readonly TailGap[];
  /** Why the last older page failed, until the next try. */
  olderError: string | null;
  /** Why the last newer page failed, until the next try. */
  newerError: string | null;
  /** A history view opened around an entry can be extended towards the present. */
  canLoadNewer: boolean;
  loadingNewer: boolean;
  /** The entry a history view was opened around (`startAround`), or null. */
  focusId: string | null;
}

const DEFAULT_INTERVAL_MS = 1000;
const DEFAULT_MAX_BACKOFF_MS = 30_000;
/**
 * A waiting request with no answer this long past its `wait` is given up as lost, then retried
 * with the back-off: a connection dropped without a word (a NAT or proxy forgetting it) would
 * otherwise hold the tail forever. Requests without `wait` keep the browser's own timeouts (a
 * slow search on a foreign server may rightly take long).
 */
export const ANSWER_TIMEOUT_MS = 5_000;

/** The error of a waiting request given up ANSWER_TIMEOUT_MS past its wait. */
export class TailTimeoutError extends Error {
  constructor(ms: number) {
    super(`No answer within ${Math.round(ms / 1000)} s`);
    this.name = 'TailTimeoutError';
  }
}

const systemClock: TailClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  // The handle is what `setTimeout` above returned.
  clearTimeout: (handle) => {
    globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

/** One started tail: replaced (and its requests aborted) by the next start or by `stop`. */
interface Session {
  readonly controller: AbortController;
  inFlight: boolean;
}

/** An admin-asked page load (older or newer): at most one per direction at a time. */
interface PageLoad {
  promise: Promise<void> | null;
  error: string | null;
}

function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' && error ? error : 'The request failed';
}

/** Keeps `getSnapshot` stable when a poll changed nothing (useSyncExternalStore re-renders). */
function sameSnapshot(a: TailSnapshot, b: TailSnapshot): boolean {
  for (const key of Object.keys(b) as (keyof TailSnapshot)[]) {
    if (key === 'status') {
      if (JSON.stringify(a.status) !== JSON.stringify(b.status)) return false;
    } else if (a[key] !== b[key]) {
      return false;
    }
  }
  return true;
}

export class TailEngine {
  private readonly fetchPage: TailEngineOptions['fetchPage'];
  private readonly intervalMs: number;
  private readonly maxBackoffMs: number;
  private readonly clock: TailClock;
  private readonly options: TailOptions;
  private readonly waitSeconds: number;
  /** What the server's answers told about `wait` (tail-wait.ts); kept across restarts. */
  private waitSupport: WaitSupport = UNKNOWN_WAIT_SUPPORT;
  /** The next follow request goes at once, for the server to hold. */
  private skipInterval = false;
  /** Follow answers in a row that brought nothing (tail-idle.ts backs the interval off). */
  private idleAnswers = 0;

  private state: TailState;
  /** The running tail, or null before the first start and after `stop`. */
  private session: Session | null = null;
  private timer: unknown = null;
  private conditions: TailConditions = { retry: null, visible: true };
  private pages: Record<PageDirection, PageLoad> = freshPageLoads();
  private listeners = new Set<() => void>();
  private snapshot: TailSnapshot;

  constructor(options: TailEngineOptions) {
    this.fetchPage = options.fetchPage;
    this.intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
    this.maxBackoffMs = options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS;
    this.clock = options.clock ?? systemClock;
    this.waitSeconds = options.waitSeconds ?? 0;
    this.options = {
      limit: Math.max(1, Math.min(LOG_LIMIT_MAX, options.limit ?? LOG_LIMIT_MAX)),
      maxEntries: options.maxEntries ?? MAX_ENTRIES,
    };
    this.state = startState({}, this.options);
    this.snapshot = this.buildSnapshot();
  }

  // ---------------------------------------------------------------- public interface

  /** Fresh tail: a newest-first page shown oldest first, then follow (or history with `before`). */
  start(filter: TailFilter): void {
    this.begin(startState(filter, this.options, this.state));
  }

  /** A fresh start: nothing of the old filter ever shows under the new one. */
  setFilter(filter: TailFilter): void {
    this.start(filter);
  }

  /** History view around one entry (copy-link): entries before and after `at`. */
  startAround(filter: TailFilter, at: number, entryId: string): void {
    this.begin(aroundState(filter, at, entryId, this.options, this.state));
  }

  loadOlder(): Promise<void> {
    return this.loadPages('older');
  }

  /** In a history view opened around an entry: the next page towards the present. */
  loadNewer(): Promise<void> {
    return this.loadPages('newer');
  }

  pause(): void {
    this.state = { ...this.state, buffer: paused(this.state.buffer) };
    this.emit();
  }

  resume(): void {
    this.state = { ...this.state, buffer: resumed(this.state.buffer) };
    this.emit();
  }

  setVisible(visible: boolean): void {
    if (visible === this.conditions.visible) return;
    this.conditions = { ...this.conditions, visible };
    if (!visible) {
      this.clearTimer();
    } else if (this.session && !this.session.inFlight && isLive(this.state)) {
      // Catch up at once, also instead of waiting out a back-off.
      this.idleAnswers = 0;
      this.clearTimer();
      void this.poll(this.session);
    }
    this.emit();
  }

  /** The admin's Retry after a failure: the next try now instead of after the back-off. */
  retryNow(): void {
    const { session } = this;
    if (!session || session.inFlight || !this.conditions.retry) return;
    this.clearTimer();
    void this.poll(session);
  }

  stop(): void {
    this.session?.controller.abort();
    this.session = null;
    this.clearTimer();
    this.pages = freshPageLoads();
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

  // ---------------------------------------------------------------- the tail's own requests

  private begin(state: TailState): void {
    this.session?.controller.abort();
    const session: Session = { controller: new AbortController(), inFlight: false };
    this.session = session;
    this.clearTimer();
    this.state = state;
    this.conditions = { ...this.conditions, retry: null };
    this.pages = freshPageLoads();
    this.idleAnswers = 0;
    this.emit();
    void this.poll(session);
  }

  /** A hidden tab does not follow; a history view still loads its first pages. */
  private mayPoll(): boolean {
    return this.conditions.visible || !isLive(this.state);
  }

  /** One request of the tail's flow, then the next one scheduled. */
  private async poll(session: Session): Promise<void> {
    const next = nextRequest(this.state);
    if (session !== this.session || session.inFlight || !next || !this.mayPoll()) return;
    session.inFlight = true;
    const { query } = next.request;
    const waiting = waitsFor(this.waitSupport, next.request, this.waitSeconds);
    const sentAt = this.clock.now();
    const request = this.requestSignal(
      session,
      waiting ? this.waitSeconds * 1000 + ANSWER_TIMEOUT_MS : null,
    );
    try {
      const page = await this.fetchPage(
        waiting ? { ...query, wait: this.waitSeconds } : query,
        request.signal,
      );
      if (session !== this.session) return;
      this.noteAnswer(waiting, query.since, page, this.clock.now() - sentAt);
      if (next.request.kind === 'follow') {
        const brought = query.since === undefined || holdsNewer(page, query.since);
        this.idleAnswers = brought ? 0 : this.idleAnswers + 1;
      }
      this.state = applyPage(this.state, next.request, page, this.clock.now());
      this.conditions = { ...this.conditions, retry: null };
    } catch (error) {
      if (session !== this.session) return;
      this.skipInterval = false;
      const attempt = (this.conditions.retry?.attempt ?? 0) + 1;
      const retryAt = this.clock.now() + this.backoffMs(attempt);
      this.conditions = {
        ...this.conditions,
        retry: { retryAt, attempt, error: errorMessage(error) },
      };
    } finally {
      request.done();
      session.inFlight = false;
    }
    this.emit();
    this.schedule(session);
  }

  /**
   * The signal of one request: aborted with the session, or with a TailTimeoutError when no
   * answer came within `timeoutMs` (null: no deadline). `done` clears its timer and listener.
   */
  private requestSignal(session: Session, timeoutMs: number | null) {
    const controller = new AbortController();
    const sessionSignal = session.controller.signal;
    const onSessionAbort = () => {
      controller.abort(sessionSignal.reason);
    };
    sessionSignal.addEventListener('abort', onSessionAbort, { once: true });
    const timer =
      timeoutMs === null
        ? null
        : this.clock.setTimeout(() => {
            controller.abort(new TailTimeoutError(timeoutMs));
          }, timeoutMs);
    return {
      signal: controller.signal,
      done: () => {
        if (timer !== null) this.clock.clearTimeout(timer);
        sessionSignal.removeEventListener('abort', onSessionAbort);
      },
    };
  }

  /** What an answer tells about `wait`, and whether the next follow request goes at once. */
  private noteAnswer(
    waiting: boolean,
    since: number | string | undefined,
    page: readonly AppLogEntry[],
    elapsedMs: number,
  ): void {
    if (!waiting || since === undefined) {
      // After the first page (or a group's step), try holding the next follow request.
      this.skipInterval = this.waitSupport.kind !== 'ignored';
      return;
    }
    const newer = holdsNewer(page, since);
    this.waitSupport = afterWaitingAnswer(this.waitSupport, { newer, elapsedMs });
    this.skipInterval = skipsInterval(this.waitSupport, newer);
  }

  private schedule(session: Session): void {
    this.clearTimer();
    const next = nextRequest(this.state);
    if (!next || !this.mayPoll()) return;
    const { retry } = this.conditions;
    const held = this.skipInterval && waitsFor(this.waitSupport, next.request, this.waitSeconds);
    let delayMs =
      next.afterInterval && !held ? idleIntervalMs(this.intervalMs, this.idleAnswers) : 0;
    if (retry) delayMs = retry.retryAt - this.clock.now();
    if (delayMs <= 0) {
      void this.poll(session);
      return;
    }
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      void this.poll(session);
    }, delayMs);
  }

  private clearTimer(): void {
    if (this.timer !== null) {
      this.clock.clearTimeout(this.timer);
      this.timer = null;
    }
  }

  private backoffMs(attempt: number): number {
    return Math.min(this.maxBackoffMs, 1000 * 2 ** Math.min(attempt - 1, 30));
  }

  // ---------------------------------------------------------------- pages the admin asks for

  /** One load per direction at a time; its error shows until the next try. */
  private loadPages(direction: PageDirection): Promise<void> {
    const load = this.pages[direction];
    if (load.promise) return load.promise;
    const session = this.session;
    const first = pageRequest(this.state, direction);
    if (!session || !first) return Promise.resolve();
    load.error = null;
    load.promise = this.fetchPages(session, direction, first)
      .catch((error: unknown) => {
        if (session === this.session) load.error = errorMessage(error);
      })
      .finally(() => {
        if (session !== this.session) return;
        load.promise = null;
        this.emit();
      });
    this.emit();
    return load.promise;
  }

  private async fetchPages(
    session: Session,
    direction: PageDirection,
    first: TailRequest,
  ): Promise<void> {
    let request: TailRequest | null = first;
    while (request) {
      const page = await this.fetchPage(request.query, session.controller.signal);
      if (session !== this.session) return;
      this.state = applyPage(this.state, request, page, this.clock.now());
      request = mustContinue(this.state, direction) ? pageRequest(this.state, direction) : null;
    }
  }

  // ---------------------------------------------------------------- snapshot

  private buildSnapshot(): TailSnapshot {
    const { state } = this;
    const { buffer } = state;
    return {
      entries: buffer.entries,
      status: statusOf(state, this.conditions),
      warnings: state.warnings,
      droppedCount: buffer.droppedCount,
      canLoadOlder: this.session !== null && canLoadOlder(state),
      loadingOlder: this.pages.older.promise !== null,
      filter: state.filter,
      generation: state.generation,
      appended: buffer.appended,
      paused: buffer.paused,
      gaps: state.gaps,
      olderError: this.pages.older.error,
      newerError: this.pages.newer.error,
      canLoadNewer: this.session !== null && canLoadNewer(state),
      loadingNewer: this.pages.newer.promise !== null,
      focusId: state.focusId,
    };
  }

  private emit(): void {
    const next = this.buildSnapshot();
    if (sameSnapshot(this.snapshot, next)) return;
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }
}

function freshPageLoads(): Record<PageDirection, PageLoad> {
  return { older: { promise: null, error: null }, newer: { promise: null, error: null } };
}
