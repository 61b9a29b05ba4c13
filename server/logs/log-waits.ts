/**
 * Waiting log tails: `GET /apps/{key}/logs?since=…&wait=N` answers as soon as the page holds an
 * entry newer than `since`, or after N seconds with what there is (decision 013).
 *
 * Requests asking the same page (same app, same filter, same cursor) form one group that runs
 * one query at a time: when the group starts, and after each commit the notifier reports for its
 * app (commits during a query make it run once more when it ends). A thousand viewers following
 * one app at one cursor cost one query per commit, not a thousand.
 *
 * Entries AT `since` do not end the wait (unless they fill the page): the tail asks `since` = the newest time it holds, so
 * those are the ones it has (our times are strictly increasing per app, so no new entry can
 * arrive at that time). They are still in the page the wait answers with.
 *
 * Every wait ends by one path (`finish`): its timer, its abort listener and its place in the
 * group go, and the app's subscription goes with its last group. `close` (the server's preClose)
 * answers every waiting request at once and makes later waits answer at once.
 */
import type { LogFilter } from '../store/app-logs-filter';
import type { LogPage } from '../store/app-logs';
import type { LogNotifier } from './log-notifier';

export type PageQuery = (appId: number, filter: LogFilter) => Promise<LogPage>;

/** Waiting requests one process holds; past it a request is answered at once (it polls). */
export const MAX_WAITING_REQUESTS = 20_000;

interface Waiter {
  readonly group: Group;
  readonly resolve: (page: LogPage) => void;
  readonly reject: (error: unknown) => void;
  timer: ReturnType<typeof setTimeout> | null;
  detach: () => void;
  /** The time ran out before the group's first page was in: answer with it when it is. */
  expired: boolean;
}

interface Group {
  readonly key: string;
  readonly appId: number;
  readonly filter: LogFilter & { sinceUs: number };
  readonly waiters: Set<Waiter>;
  /** The latest page read (null until the first query is in). */
  page: LogPage | null;
  querying: boolean;
  /** A commit arrived while querying: query again when it ends. */
  stale: boolean;
}

interface AppWatch {
  readonly groups: Set<Group>;
  readonly unsubscribe: () => void;
}

export interface LogWaitStats {
  waiting: number;
  groups: number;
  apps: number;
  /** Queries run by groups since the start (the bench reports them per second). */
  queries: number;
}

/**
 * What ends a wait: an entry newer than `since`, or a full page (then entries at `since` fill
 * it, and the client must go on at once to what lies past them).
 */
function answersNow(page: LogPage, filter: LogFilter & { sinceUs: number }): boolean {
  return (page.newestUs !== null && page.newestUs > filter.sinceUs) || page.count >= filter.limit;
}

export class LogTailWaits {
  private readonly groups = new Map<string, Group>();
  private readonly apps = new Map<number, AppWatch>();
  private waiting = 0;
  private queries = 0;
  private closed = false;

  constructor(
    private readonly notifier: LogNotifier,
    private readonly queryPage: PageQuery,
  ) {}

  /**
   * The page of `filter` (which has `sinceUs`) once it holds an entry newer than `sinceUs`, or
   * after `waitMs` with what there is; at once after `close`, past MAX_WAITING_REQUESTS, and
   * when `signal` aborts (the client is gone: the answer goes nowhere).
   */
  page(
    appId: number,
    filter: LogFilter & { sinceUs: number },
    waitMs: number,
    signal: AbortSignal,
  ): Promise<LogPage> {
    if (this.closed || this.waiting >= MAX_WAITING_REQUESTS || signal.aborted) {
      return this.queryPage(appId, filter);
    }
    const group = this.groupOf(appId, filter);
    return new Promise<LogPage>((resolve, reject) => {
      const waiter: Waiter = { group, resolve, reject, timer: null, detach: noop, expired: false };
      const onAbort = () => {
        this.finish(waiter, group.page ?? EMPTY_PAGE);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      waiter.detach = () => {
        signal.removeEventListener('abort', onAbort);
      };
      waiter.timer = setTimeout(() => {
        waiter.timer = null;
        if (group.page) this.finish(waiter, group.page);
        else waiter.expired = true;
      }, waitMs);
      group.waiters.add(waiter);
      this.waiting += 1;
      if (group.page === null && !group.querying) this.query(group);
    });
  }

  /** Answers every waiting request now; later waits answer at once. */
  close(): void {
    this.closed = true;
    for (const group of [...this.groups.values()]) {
      for (const waiter of [...group.waiters]) {
        if (group.page) this.finish(waiter, group.page);
        else waiter.expired = true;
      }
    }
  }

  /** After `close`: answers should end their connection (the server is waiting for it). */
  isClosed(): boolean {
    return this.closed;
  }

  stats(): LogWaitStats {
    return {
      waiting: this.waiting,
      groups: this.groups.size,
      apps: this.apps.size,
      queries: this.queries,
    };
  }

  private groupOf(appId: number, filter: LogFilter & { sinceUs: number }): Group {
    const key = `${appId}|${JSON.stringify(filter)}`;
    const existing = this.groups.get(key);
    if (existing) return existing;
    const group: Group = {
      key,
      appId,
      filter,
      waiters: new Set(),
      page: null,
      querying: false,
      stale: false,
    };
    this.groups.set(key, group);
    let watch = this.apps.get(appId);
    if (!watch) {
      const groups = new Set<Group>();
      watch = {
        groups,
        // Subscribed before the group's first query: a commit during it is not missed.
        unsubscribe: this.notifier.subscribe(appId, () => {
          for (const each of [...groups]) this.query(each);
        }),
      };
      this.apps.set(appId, watch);
    }
    watch.groups.add(group);
    return group;
  }

  private query(group: Group): void {
    if (group.querying) {
      group.stale = true;
      return;
    }
    group.querying = true;
    group.stale = false;
    this.queries += 1;
    this.queryPage(group.appId, group.filter).then(
      (page) => {
        group.querying = false;
        group.page = page;
        const fresh = answersNow(page, group.filter);
        for (const waiter of [...group.waiters]) {
          if (fresh || waiter.expired) this.finish(waiter, page);
        }
        if (group.stale && this.groups.get(group.key) === group) this.query(group);
      },
      (error: unknown) => {
        group.querying = false;
        for (const waiter of [...group.waiters]) if (this.release(waiter)) waiter.reject(error);
      },
    );
  }

  private finish(waiter: Waiter, page: LogPage): void {
    if (this.release(waiter)) waiter.resolve(page);
  }

  /** The one way a wait ends: nothing of it is left behind. False if it had ended already. */
  private release(waiter: Waiter): boolean {
    const { group } = waiter;
    if (!group.waiters.delete(waiter)) return false;
    this.waiting -= 1;
    if (waiter.timer !== null) clearTimeout(waiter.timer);
    waiter.detach();
    if (group.waiters.size === 0) this.dropGroup(group);
    return true;
  }

  private dropGroup(group: Group): void {
    this.groups.delete(group.key);
    const watch = this.apps.get(group.appId);
    if (!watch) return;
    watch.groups.delete(group);
    if (watch.groups.size > 0) return;
    watch.unsubscribe();
    this.apps.delete(group.appId);
  }
}

const EMPTY_PAGE: LogPage = { json: '[]', count: 0, newestUs: null };

function noop(): void {
  // A waiter's detach before it is attached.
}
