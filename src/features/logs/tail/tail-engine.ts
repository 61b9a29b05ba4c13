/**
 * The log tail's driver: it sends the requests the pure core asks for (tail-requests.ts) over
 * `GET /apps/{app_id}/logs`, and owns what is not pure: timers, back-off after errors,
 * cancellation of a replaced tail, the tab's visibility, and the listeners. No React, no DOM;
 * the viewer reads it through `subscribe` + `getSnapshot` (useSyncExternalStore).
 */
import type { AppLogEntry, AppLogQuery } from '../../../../contract/schemas/app-log';
import { LOG_LIMIT_MAX } from '../../../../contract/schemas/app-log';
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
  isLive,
  startState,
  type TailConditions,
  type TailFilter,
  type TailOptions,
  type TailState,
} from './tail-state';
import { idleIntervalMs } from './tail-idle';
import {
  ANSWER_TIMEOUT_MS,
  requestSignal,
  systemClock,
  type TailClock,
} from './tail-request-signal';
import {
  freshPageLoads,
  sameSnapshot,
  snapshotOf,
  type PageLoad,
  type TailSnapshot,
} from './tail-snapshot';
import {
  UNKNOWN_WAIT_SUPPORT,
  afterWaitingAnswer,
  holdsNewer,
  skipsInterval,
  waitsFor,
  type WaitSupport,
} from './tail-wait';

export type { TailFilter, TailGap, TailStatus } from './tail-state';
export type { TailSnapshot } from './tail-snapshot';
export type { TailClock } from './tail-request-signal';

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

const DEFAULT_INTERVAL_MS = 1000;
const DEFAULT_MAX_BACKOFF_MS = 30_000;
/** One started tail: replaced (and its requests aborted) by the next start or by `stop`. */
interface Session {
  readonly controller: AbortController;
  inFlight: boolean;
}

function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' && error ? error : 'The request failed';
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
    const request = requestSignal(
      this.clock,
      session.controller.signal,
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
    return snapshotOf(this.state, this.conditions, this.pages, this.session !== null);
  }

  private emit(): void {
    const next = this.buildSnapshot();
    if (sameSnapshot(this.snapshot, next)) return;
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }
}
