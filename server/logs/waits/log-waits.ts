/**
 * Waiting log tails: `GET /apps/{key}/logs?since=…&wait=N` answers as soon as the page holds an
 * entry newer than `since`, or after N seconds with what there is (decisions 013 and 027).
 *
 * Requests with the same app and filter share a follow; requests of a follow asking the same
 * `since` form a group, answered with one page object (one JSON text) for all. A follow knows
 * every entry matching its filter from some time on, up to the app's latest commit (`KnownEntries`, known-entries.ts),
 * and keeps up with commits from the entries each commit wrote (the notifier passes them): a
 * page is cut from what it knows, with no query. It queries the database only to start, when
 * a request asks for older entries than it knows, and when a commit arrives without its rows
 * (another process's, on PostgreSQL) or out of order. A follow stays FOLLOW_LINGER_MS after its
 * last request, so the tails it answered find it current when they ask again.
 *
 * Entries AT `since` do not end the wait (unless they fill the page): the tail asks `since` = the
 * newest time it holds, so those are the ones it has (our times are strictly increasing per app,
 * so no new entry can arrive at that time). They are still in the page the wait answers with.
 *
 * Waits a commit ends are answered in turns (answer-queue.ts, decision 034); a commit heard while
 * a wait is in the queue gives it the newer page. What a follow knows and the pages cut from it
 * are known-entries.ts; the follows left without requests linger (idle-follows.ts).
 *
 * Every wait ends by one path (`release`): its timer, its abort listener and its place in the
 * group go. `close` (the server's preClose) answers every waiting request at once and makes later
 * waits answer at once.
 */
import { LOG_PAGE_BYTES_MAX } from '../../../contract/schemas/app-log';
import type { LogFilter } from '../store/app-logs-filter';
import { pageOfEntries, type LogCommit, type LogPage } from '../store/app-logs-page';
import type { TailPage } from '../store/app-logs-read';
import { AnswerQueue, type Queueable } from './answer-queue';
import { IdleFollows, type Lingering } from './idle-follows';
import { cutPage, knownAfter, knownFrom, trimKnown, type KnownEntries } from './known-entries';
import type { LogNotifier } from './log-notifier';
import type { Departure, LogWaitStats, TailQuery, WaitFilter } from './log-wait-types';

/** Waiting requests one process holds; past it a request is answered at once (it polls). */
export const MAX_WAITING_REQUESTS = 20_000;
/**
 * Pages a follow keeps entries for: a tail that fell up to this many pages behind is still
 * answered from memory (a full page, at once), without a query. Pages of entries or of bytes
 * (characters of JSON), whichever is fewer: at most ~40 MiB per follow however large the entries.
 */
const KEPT_PAGES = 5;
interface Waiter extends Queueable {
  readonly group: Group;
  readonly resolve: (page: LogPage) => void;
  readonly reject: (error: unknown) => void;
  timer: ReturnType<typeof setTimeout> | null;
  detach: () => void;
  /** The time ran out before the follow knew the page: answer when it does. */
  expired: boolean;
}

interface Group {
  readonly follow: Follow;
  readonly sinceUs: number;
  readonly waiters: Set<Waiter>;
}

interface Follow extends Lingering {
  readonly key: string;
  readonly appId: number;
  /** The filter without `since`. */
  readonly filter: LogFilter;
  readonly groups: Map<number, Group>;
  known: KnownEntries | null;
  /** Pages cut from `known` by `since`, until it changes. */
  readonly pages: Map<number, LogPage>;
  querying: boolean;
  /** Commits heard while querying, applied to its answer; null: one came without rows. */
  heard: LogCommit[] | null;
}

interface AppWatch {
  readonly follows: Set<Follow>;
  readonly unsubscribe: () => void;
}

/**
 * What ends a wait: an entry newer than `since`, or a full page (then entries at `since` fill
 * it, and the client must go on at once to what lies past them); a page cut to its bytes is full.
 */
function answersNow(page: LogPage, sinceUs: number, limit: number): boolean {
  return (
    (page.newestUs !== null && page.newestUs > sinceUs) || page.count >= limit || page.cut === true
  );
}

/** A tail's read as the page it answers (its entries are within the page's bytes already). */
function pageOfTail(tail: TailPage): LogPage {
  const page = pageOfEntries(tail.entries);
  if (tail.cut) page.cut = true;
  return page;
}

export class LogTailWaits {
  private readonly follows = new Map<string, Follow>();
  private readonly apps = new Map<number, AppWatch>();
  /** Waits whose page ends them, answered in turns. */
  private readonly due: AnswerQueue<Waiter>;
  private readonly idle = new IdleFollows<Follow>(
    () => this.follows.values(),
    (follow) => {
      this.dropFollow(follow);
    },
  );
  private waiting = 0;
  private groupCount = 0;
  private queries = 0;
  private closed = false;

  constructor(
    private readonly notifier: LogNotifier,
    private readonly queryTail: TailQuery,
    /** Milliseconds, for the answer queue's deadline; tests pass their own. */
    now: () => number = () => performance.now(),
  ) {
    this.due = new AnswerQueue<Waiter>((waiter, page) => {
      this.finish(waiter, page);
    }, now);
  }

  /**
   * The page of `filter` once it holds an entry newer than `sinceUs`, or after `waitMs` with
   * what there is; at once after `close`, past MAX_WAITING_REQUESTS, and when the client goes.
   */
  page(appId: number, filter: WaitFilter, waitMs: number, client: Departure): Promise<LogPage> {
    if (this.closed || this.waiting >= MAX_WAITING_REQUESTS || client.gone) {
      this.queries += 1;
      return this.queryTail(appId, filter).then(pageOfTail);
    }
    const { sinceUs, ...rest } = filter;
    const follow = this.followOf(appId, rest);
    const ready = this.knownPage(follow, sinceUs);
    if (ready && answersNow(ready, sinceUs, rest.limit)) return Promise.resolve(ready);
    const group = this.groupOf(follow, sinceUs);
    return new Promise<LogPage>((resolve, reject) => {
      const waiter: Waiter = {
        group,
        resolve,
        reject,
        timer: null,
        detach: noop,
        expired: false,
        duePage: null,
        dueSince: 0,
      };
      waiter.detach = client.listen(() => {
        this.finish(waiter, this.groupPage(group) ?? EMPTY_PAGE);
      });
      waiter.timer = setTimeout(() => {
        waiter.timer = null;
        const page = this.groupPage(group);
        if (page) this.finish(waiter, page);
        else waiter.expired = true;
      }, waitMs);
      group.waiters.add(waiter);
      this.waiting += 1;
      if (!ready) this.query(follow);
    });
  }

  /** Answers every waiting request now; later waits answer at once. */
  close(): void {
    this.closed = true;
    for (const follow of [...this.follows.values()]) {
      for (const group of [...follow.groups.values()]) {
        const page = this.groupPage(group);
        for (const waiter of [...group.waiters]) {
          if (page) this.finish(waiter, page);
          else waiter.expired = true;
        }
      }
      if (follow.groups.size === 0) this.dropFollow(follow);
    }
  }

  /** After `close`: answers should end their connection (the server is waiting for it). */
  isClosed(): boolean {
    return this.closed;
  }

  stats(): LogWaitStats {
    return {
      waiting: this.waiting,
      groups: this.groupCount,
      follows: this.follows.size,
      apps: this.apps.size,
      queries: this.queries,
      ...this.due.counts(),
    };
  }

  /**
   * The page of `sinceUs` from what `follow` knows, or null if it does not know the entries
   * from there on. Built once per `since` until what it knows changes: the tails that come back
   * at one cursor share it.
   */
  private knownPage(follow: Follow, sinceUs: number): LogPage | null {
    const known = follow.known;
    if (!known || known.fromUs > sinceUs) return null;
    let page = follow.pages.get(sinceUs);
    if (!page) {
      page = cutPage(known, sinceUs, follow.filter.limit);
      follow.pages.set(sinceUs, page);
    }
    return page;
  }

  /** The page of the group's `since` from what its follow knows (knownPage). */
  private groupPage(group: Group): LogPage | null {
    return this.knownPage(group.follow, group.sinceUs);
  }

  /** What `follow` knows is now `known` (null: nothing). */
  private learn(follow: Follow, known: KnownEntries | null): void {
    follow.known = known;
    follow.pages.clear();
  }

  private followOf(appId: number, filter: LogFilter): Follow {
    const key = `${appId}|${JSON.stringify(filter)}`;
    const existing = this.follows.get(key);
    if (existing) return existing;
    const follow: Follow = {
      key,
      appId,
      filter,
      groups: new Map(),
      known: null,
      pages: new Map(),
      querying: false,
      heard: null,
      idleSince: 0,
    };
    this.follows.set(key, follow);
    let watch = this.apps.get(appId);
    if (!watch) {
      const follows = new Set<Follow>();
      watch = {
        follows,
        // Subscribed before the follow's first query: a commit during it is not missed.
        unsubscribe: this.notifier.subscribe(appId, (commit) => {
          for (const each of [...follows]) this.heard(each, commit);
        }),
      };
      this.apps.set(appId, watch);
    }
    watch.follows.add(follow);
    return follow;
  }

  private groupOf(follow: Follow, sinceUs: number): Group {
    const existing = follow.groups.get(sinceUs);
    if (existing) return existing;
    if (follow.groups.size === 0) this.idle.wake(follow);
    const group: Group = { follow, sinceUs, waiters: new Set() };
    follow.groups.set(sinceUs, group);
    this.groupCount += 1;
    return group;
  }

  /** A commit of the follow's app (null: one whose rows this process does not have). */
  private heard(follow: Follow, commit: LogCommit | null): void {
    if (follow.querying) {
      if (commit && follow.heard) follow.heard.push(commit);
      else follow.heard = null;
    }
    if (follow.known) this.learn(follow, commit && knownAfter(follow.known, commit, follow.filter));
    this.answer(follow);
  }

  /**
   * Answers the groups the follow's knowledge answers (and the expired ones it knows), drops
   * what no request can still ask for, and queries for the groups it does not know.
   */
  private answer(follow: Follow): void {
    let unknown = false;
    for (const group of [...follow.groups.values()]) {
      const page = this.groupPage(group);
      if (!page) {
        unknown = true;
        continue;
      }
      const fresh = answersNow(page, group.sinceUs, follow.filter.limit);
      for (const waiter of group.waiters) {
        if (fresh || waiter.expired) this.due.schedule(waiter, page);
      }
    }
    // Requests asking from before the oldest kept would be answered a full page: they were, above.
    if (follow.known) {
      trimKnown(follow.known, KEPT_PAGES * follow.filter.limit, KEPT_PAGES * LOG_PAGE_BYTES_MAX);
    }
    if (unknown) this.query(follow);
  }

  /** Reads the page of the follow's oldest `since`, and what it knows from there on. */
  private query(follow: Follow): void {
    if (follow.querying || this.follows.get(follow.key) !== follow) return;
    let sinceUs = Infinity;
    for (const group of follow.groups.values()) sinceUs = Math.min(sinceUs, group.sinceUs);
    if (sinceUs === Infinity) return;
    follow.querying = true;
    follow.heard = [];
    this.queries += 1;
    const { filter } = follow;
    this.queryTail(follow.appId, { ...filter, sinceUs }).then(
      (tail) => {
        const heard = follow.heard;
        follow.querying = false;
        follow.heard = null;
        // A full or cut page does not say what lies past it: it answers its own `since` only.
        let known: KnownEntries | null =
          tail.entries.length < filter.limit && !tail.cut && heard
            ? knownFrom(sinceUs, tail.knownUs, tail.entries)
            : null;
        for (const commit of heard ?? []) known = known && knownAfter(known, commit, filter);
        if (known) this.learn(follow, known);
        else this.answerExactly(follow.groups.get(sinceUs), pageOfTail(tail));
        this.answer(follow);
      },
      (error: unknown) => {
        follow.querying = false;
        follow.heard = null;
        for (const group of [...follow.groups.values()]) {
          if (this.groupPage(group)) continue;
          for (const waiter of [...group.waiters]) {
            // A queued wait has its answer already.
            if (waiter.duePage === null && this.release(waiter)) waiter.reject(error);
          }
        }
      },
    );
  }

  /** Answers `group` with the page read for its very `since`, if that ends its wait. */
  private answerExactly(group: Group | undefined, page: LogPage): void {
    if (!group) return;
    const fresh = answersNow(page, group.sinceUs, group.follow.filter.limit);
    // At once, not queued: the follow does not know this page, and a group still waiting on
    // it would make `answer` query again.
    for (const waiter of [...group.waiters]) {
      if (fresh || waiter.expired) this.finish(waiter, page);
    }
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
    const { follow } = group;
    follow.groups.delete(group.sinceUs);
    this.groupCount -= 1;
    if (follow.groups.size > 0) return;
    if (this.closed || follow.known === null || this.idle.full()) {
      this.dropFollow(follow);
      return;
    }
    this.idle.linger(follow);
  }

  private dropFollow(follow: Follow): void {
    if (this.follows.get(follow.key) !== follow) return;
    this.follows.delete(follow.key);
    this.idle.forget(follow);
    const watch = this.apps.get(follow.appId);
    if (!watch) return;
    watch.follows.delete(follow);
    if (watch.follows.size > 0) return;
    watch.unsubscribe();
    this.apps.delete(follow.appId);
  }
}

const EMPTY_PAGE: LogPage = { json: '[]', count: 0, newestUs: null };

function noop(): void {
  // A waiter's detach before it is attached.
}
