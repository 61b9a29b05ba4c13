import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TailPage } from '../store/app-logs-read';
import type { CommittedLogRow, LogCommit } from '../store/app-logs-page';
import { InProcessLogNotifier } from './log-notifier';
import { ANSWERS_PER_TURN, MAX_ANSWER_DELAY_MS } from './answer-queue';
import { FOLLOW_LINGER_MS } from './idle-follows';
import { LogTailWaits } from './log-waits';
import type { Departure, WaitFilter } from './log-wait-types';

/** One app's entries in memory: the page is every entry at or after `sinceUs`, up to `limit`. */
function fakeStore() {
  const rows: CommittedLogRow[] = [row(100)];
  let queries = 0;
  const query = (_appId: number, filter: WaitFilter): Promise<TailPage> => {
    queries += 1;
    const entries = rows.filter((each) => each.timeUs >= filter.sinceUs).slice(0, filter.limit);
    return Promise.resolve({ entries, knownUs: rows[rows.length - 1]?.timeUs ?? 0, cut: false });
  };
  /** Stores entries at `times` and returns the commit (the notifier is the test's to call). */
  const commit = (...times: number[]): LogCommit => {
    const previousUs = rows[rows.length - 1]?.timeUs ?? 0;
    const committed = times.map((time) => row(time));
    rows.push(...committed);
    return { previousUs, rows: committed };
  };
  return { rows, query, commit, queries: () => queries };
}

function row(timeUs: number, level = 2): CommittedLogRow {
  return { timeUs, json: String(timeUs), level, job: null, search: '' };
}

const filter = { sinceUs: 100, limit: 100 };
const never: Departure = { gone: false, listen: () => () => undefined };

afterEach(() => {
  vi.useRealTimers();
});

describe('LogTailWaits', () => {
  it('wakes a thousand waiters on one cursor from the commit, with no query after the first', async () => {
    const notifier = new InProcessLogNotifier();
    const store = fakeStore();
    const waits = new LogTailWaits(notifier, store.query);
    const pages = Array.from({ length: 1000 }, () => waits.page(1, filter, 30_000, never));
    await expect.poll(() => store.queries()).toBe(1);
    expect(waits.stats()).toMatchObject({ waiting: 1000, groups: 1, follows: 1, apps: 1 });
    expect(notifier.listenerCount()).toBe(1);
    notifier.notify(1, store.commit(101));
    const answers = await Promise.all(pages);
    // One page object: its JSON text is built once and the same for every waiter.
    expect(new Set(answers)).toEqual(new Set([answers[0]]));
    expect(answers[0]?.json).toBe('[100,101]');
    expect(store.queries()).toBe(1);
    expect(waits.stats()).toMatchObject({ waiting: 0, groups: 0 });
  });

  it('answers the waits a commit ends a turn of the event loop at a time', async () => {
    const notifier = new InProcessLogNotifier();
    const store = fakeStore();
    // A stopped clock: on a loaded machine a turn may come late, which would answer all at once.
    const waits = new LogTailWaits(notifier, store.query, () => 0);
    let answered = 0;
    const pages = Array.from({ length: 2 * ANSWERS_PER_TURN + 1 }, () =>
      waits.page(1, filter, 30_000, never).then((page) => {
        answered += 1;
        return page;
      }),
    );
    await expect.poll(() => store.queries()).toBe(1);
    notifier.notify(1, store.commit(101));
    expect(answered).toBe(0);
    // The first turn was queued by the commit, before this one: timers and sockets run between.
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(ANSWERS_PER_TURN);
    const answers = await Promise.all(pages);
    expect(answers.every((page) => page.json === '[100,101]')).toBe(true);
    expect(waits.stats()).toMatchObject({ waiting: 0, groups: 0 });
  });

  it('answers every queued wait in one turn once the first has waited too long', async () => {
    const notifier = new InProcessLogNotifier();
    const store = fakeStore();
    let clock = 0;
    const waits = new LogTailWaits(notifier, store.query, () => clock);
    let answered = 0;
    const pages = Array.from({ length: 3 * ANSWERS_PER_TURN }, () =>
      waits.page(1, filter, 30_000, never).then(() => {
        answered += 1;
      }),
    );
    await expect.poll(() => store.queries()).toBe(1);
    notifier.notify(1, store.commit(101));
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(ANSWERS_PER_TURN);
    // The loop fell behind: the next turn answers the rest.
    clock = MAX_ANSWER_DELAY_MS;
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(3 * ANSWERS_PER_TURN);
    await Promise.all(pages);
  });

  it('answers a queued wait with what its follow knows when its turn comes', async () => {
    const notifier = new InProcessLogNotifier();
    const store = fakeStore();
    // A stopped clock: on a loaded machine a turn may come late, which would answer all at once.
    const waits = new LogTailWaits(notifier, store.query, () => 0);
    const pages = Array.from({ length: ANSWERS_PER_TURN + 1 }, () =>
      waits.page(1, filter, 30_000, never),
    );
    await expect.poll(() => store.queries()).toBe(1);
    notifier.notify(1, store.commit(101));
    await new Promise((resolve) => setImmediate(resolve));
    notifier.notify(1, store.commit(102));
    const answers = (await Promise.all(pages)).map((page) => page.json);
    expect(answers.slice(0, ANSWERS_PER_TURN).every((json) => json === '[100,101]')).toBe(true);
    expect(answers[ANSWERS_PER_TURN]).toBe('[100,101,102]');
  });

  it('answers the next request from what it knows, and keeps up while no request waits', async () => {
    const notifier = new InProcessLogNotifier();
    const store = fakeStore();
    const waits = new LogTailWaits(notifier, store.query);
    const first = waits.page(1, filter, 30_000, never);
    await expect.poll(() => store.queries()).toBe(1);
    notifier.notify(1, store.commit(101, 102));
    expect((await first).json).toBe('[100,101,102]');
    notifier.notify(1, store.commit(103)); // no request waits: the follow lingers and hears it
    const behind = await waits.page(1, { ...filter, sinceUs: 102 }, 30_000, never);
    expect(behind.json).toBe('[102,103]');
    // The next tail at that cursor gets the same page object (one JSON text, one body).
    expect(await waits.page(1, { ...filter, sinceUs: 102 }, 30_000, never)).toBe(behind);
    const held = waits.page(1, { ...filter, sinceUs: 103 }, 30_000, never);
    notifier.notify(1, store.commit(104));
    expect((await held).json).toBe('[103,104]');
    expect(store.queries()).toBe(1);
  });

  it('queries again when a commit comes without its rows or one was not heard', async () => {
    const notifier = new InProcessLogNotifier();
    const store = fakeStore();
    const waits = new LogTailWaits(notifier, store.query);
    const first = waits.page(1, filter, 30_000, never);
    await expect.poll(() => store.queries()).toBe(1);
    store.commit(101); // committed elsewhere: heard without rows
    notifier.notify(1, null);
    expect((await first).json).toBe('[100,101]');
    expect(store.queries()).toBe(2);
    const second = waits.page(1, { ...filter, sinceUs: 101 }, 30_000, never);
    store.commit(102); // never heard of
    notifier.notify(1, store.commit(103)); // does not follow on from what the follow knows
    expect((await second).json).toBe('[101,102,103]');
    expect(store.queries()).toBe(3);
  });

  it('applies the commits heard during its query to what it read', async () => {
    const notifier = new InProcessLogNotifier();
    const store = fakeStore();
    const waits = new LogTailWaits(notifier, store.query);
    const page = waits.page(1, filter, 30_000, never);
    // The query has read (the fake answers at once) but not yet resolved: this commit is heard
    // during it, and the answer it builds already holds it.
    notifier.notify(1, store.commit(101));
    expect((await page).json).toBe('[100,101]');
    expect(store.queries()).toBe(1);
  });

  it('answers a full page at once, and keeps five pages of entries for tails that fell behind', async () => {
    const notifier = new InProcessLogNotifier();
    const store = fakeStore();
    const waits = new LogTailWaits(notifier, store.query);
    const small = { sinceUs: 100, limit: 2 };
    const held = waits.page(1, { ...small, limit: 1 }, 30_000, never);
    expect((await held).json).toBe('[100]'); // entries at since fill it
    const waiting = waits.page(1, small, 30_000, never);
    await expect.poll(() => store.queries()).toBe(2);
    const burst = Array.from({ length: 12 }, (_, index) => 101 + index);
    notifier.notify(1, store.commit(...burst));
    expect((await waiting).json).toBe('[100,101]');
    const from = async (sinceUs: number) =>
      (await waits.page(1, { ...small, sinceUs }, 30_000, never)).json;
    // It keeps the newest ten (103..112): from 103 on, pages come from memory.
    expect(await from(103)).toBe('[103,104]');
    expect(await from(111)).toBe('[111,112]');
    expect(store.queries()).toBe(2);
    expect(await from(102)).toBe('[102,103]'); // older: a query reads it
    expect(store.queries()).toBe(3);
  });

  it('answers after the wait with what it knows, and drops a follow no request used', async () => {
    vi.useFakeTimers();
    const notifier = new InProcessLogNotifier();
    const store = fakeStore();
    const waits = new LogTailWaits(notifier, store.query);
    const page = waits.page(1, filter, 5_000, never);
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await page).json).toBe('[100]');
    expect(waits.stats()).toMatchObject({ waiting: 0, follows: 1, apps: 1 });
    await vi.advanceTimersByTimeAsync(2 * FOLLOW_LINGER_MS);
    expect(waits.stats()).toMatchObject({ follows: 0, apps: 0 });
    expect(notifier.listenerCount()).toBe(0);
  });

  it('forgets what it knows when retention deleted entries, and reads them again', async () => {
    const notifier = new InProcessLogNotifier();
    const store = fakeStore();
    const waits = new LogTailWaits(notifier, store.query);
    const first = waits.page(1, { ...filter, sinceUs: 0 }, 30_000, never);
    notifier.notify(1, store.commit(101));
    expect((await first).json).toBe('[100,101]');
    store.rows.shift(); // retention deleted 100
    notifier.notifyAll();
    expect((await waits.page(1, { ...filter, sinceUs: 0 }, 30_000, never)).json).toBe('[101]');
    expect(store.queries()).toBe(2);
  });

  it('answers every waiter at close and later ones at once', async () => {
    const notifier = new InProcessLogNotifier();
    const store = fakeStore();
    const waits = new LogTailWaits(notifier, store.query);
    const page = waits.page(1, filter, 30_000, never);
    waits.close();
    expect((await page).json).toBe('[100]');
    expect((await waits.page(1, filter, 30_000, never)).json).toBe('[100]');
    expect(waits.stats()).toMatchObject({ waiting: 0, groups: 0, follows: 0, apps: 0 });
    expect(notifier.listenerCount()).toBe(0);
  });

  it('passes a failed query on to every waiter and leaves nothing behind', async () => {
    const notifier = new InProcessLogNotifier();
    const waits = new LogTailWaits(notifier, () => Promise.reject(new Error('disk')));
    await expect(waits.page(1, filter, 30_000, never)).rejects.toThrow('disk');
    expect(waits.stats()).toMatchObject({ waiting: 0, groups: 0, follows: 0, apps: 0 });
    expect(notifier.listenerCount()).toBe(0);
  });
});
